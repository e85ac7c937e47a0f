/**
 * The share cards of a build (src/share-cards/share-card.ts): which issues, projects and release notes have one, what
 * each shows (in the main language), the site's card of each language, and where each card is. Read by the card routes and by
 * the pages' Open Graph tags, so both agree on which pages have a card.
 */
import { dirname, join } from 'node:path';
import settings from 'virtual:portal-roadmap/settings';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cachedCard,
  cardDigest,
  cardDrawable,
  type CardInput,
  type ItemCardInput,
  type NoteCardInput,
  type SiteCardInput,
} from '../share-cards/share-card.ts';
import { formatDate } from '../i18n/format.ts';
import { pageSlug } from '../view/paths.ts';
import { issueColumnLabel } from '../view/roadmap-view.ts';
import { releaseTagLabel } from '../release-notes/notes.ts';
import { getRoadmap, languages, type Roadmap } from './roadmap.ts';
import { warnInBuild } from './build-warning.ts';

/** The folder of each kind's cards below `og/`: `og/issues/{id}.png`, `og/releases/{slug}.png`. */
export type CardKind = 'issues' | 'projects' | 'releases';
/** The site's accent for share cards when the config sets none (a shade of src/styles/tokens.css `--accent`, light scheme). */
const DEFAULT_ACCENT = '#1d4ed8';
export const SHARE_CARD_DIR = 'og';

/** Where cards are cached: beside the description cache, in the state folder the rebuild keeps. */
export const shareCardCacheDir = () => join(dirname(settings.descriptionCacheFile), 'share-cards');

const accentOf = (roadmap: Roadmap) => roadmap.config.theme.accent ?? DEFAULT_ACCENT;

function inputsOf(roadmap: Roadmap, kind: CardKind): { id: string; input: ItemCardInput | NoteCardInput }[] {
  const common = { siteTitle: roadmap.config.title, accent: accentOf(roadmap) };
  const { labels } = roadmap;
  if (kind === 'releases')
    return roadmap.releaseNotes.map((note) => ({
      id: note.slug,
      input: {
        ...common,
        kind: 'note',
        title: note.title,
        date: formatDate(note.date, roadmap.config.locale),
        tags: note.tags.map((tag) => releaseTagLabel(tag, labels, roadmap.ui.releaseTagLabels)),
        fallbackTag: labels.issueReleaseNotes,
      },
    }));
  if (kind === 'issues')
    return roadmap.issues.map((issue) => ({
      id: issue.id,
      input: {
        ...common,
        kind: 'issue',
        title: issue.title,
        status: issueColumnLabel(roadmap, issue),
        project: issue.projectId ? roadmap.projectById.get(issue.projectId)?.name : undefined,
      },
    }));
  return roadmap.projects.map((project) => ({
    id: project.id,
    input: { ...common, kind: 'project', title: project.name, status: project.state ? roadmap.ui.projectState(project.state) : roadmap.labels.project },
  }));
}

const siteInputOf = (roadmap: Roadmap): SiteCardInput => ({ kind: 'site', siteTitle: roadmap.config.title, description: roadmap.config.description, accent: accentOf(roadmap) });

interface Card {
  /** The route's params: `id` of an item card, `lang` of a site card. */
  params: Record<string, string | undefined>;
  input: CardInput;
  /** Its address below the roadmap's root: `og/issues/{id}.png`, `og/site.png`, `og/de/site.png`. */
  path: string;
}

interface Plan {
  issues: Map<string, Card>;
  projects: Map<string, Card>;
  releases: Map<string, Card>;
  site: Card[];
  /** The site card each language's pages name, by the language's folder (undefined: the main language). */
  siteCardByLanguage: Map<string | undefined, Card>;
}

let plan: Promise<Plan> | undefined;

/**
 * The site's cards: one in each language whose title or description differs from the main language's (a
 * language that says the same shares the main one's card). A language whose card its fonts cannot draw shows the
 * main language's, as every issue's page shows its card in the main language; when the main one cannot be drawn
 * either, those pages keep no image. With `theme.socialImage` set none is drawn: the team's own image wins on
 * every page that would show one.
 */
async function siteCards(): Promise<Pick<Plan, 'site' | 'siteCardByLanguage'> & { main: Card | undefined; left: number }> {
  const inputs = settings.brand.socialImage ? [] : await Promise.all(languages().map(async ({ segment }) => ({ segment, input: siteInputOf(await getRoadmap(segment)) })));
  const mainInput = inputs[0]?.input;
  const main: Card | undefined = mainInput && cardDrawable(mainInput) ? { params: { lang: undefined }, input: mainInput, path: `${SHARE_CARD_DIR}/site.png` } : undefined;
  const site = main ? [main] : [];
  const siteCardByLanguage = new Map<string | undefined, Card>();
  for (const { segment, input } of inputs) {
    const own =
      segment && cardDrawable(input) && cardDigest(input) !== cardDigest(mainInput!)
        ? { params: { lang: segment }, input, path: `${SHARE_CARD_DIR}/${segment}/site.png` }
        : undefined;
    if (own) site.push(own);
    const card = own ?? main;
    if (card) siteCardByLanguage.set(segment, card);
  }
  return { site, siteCardByLanguage, main, left: inputs.filter(({ input }) => !cardDrawable(input)).length };
}

/** Every card of the build (none with `shareCards` off), worked out once: the drawable ones, and one warning that counts the others. */
function cardPlan(): Promise<Plan> {
  plan ??= (async () => {
    if (!settings.config.shareCards) return { issues: new Map(), projects: new Map(), releases: new Map(), site: [], siteCardByLanguage: new Map() };
    const main = await getRoadmap();
    const items = (kind: CardKind) => {
      const all = inputsOf(main, kind);
      const cards = all
        .filter(({ input }) => cardDrawable(input))
        .map(({ id, input }): [string, Card] => [id, { params: { id: pageSlug(id) }, input, path: `${SHARE_CARD_DIR}/${kind}/${pageSlug(id)}.png` }]);
      return { cards: new Map(cards), left: all.length - cards.length };
    };
    const issues = items('issues');
    const projects = items('projects');
    const releases = items('releases');
    const site = await siteCards();
    const left = [
      [issues.left, 'issues'],
      [projects.left, 'projects'],
      [releases.left, 'release notes'],
      [site.left, 'languages (their site card)'],
    ].filter(([count]) => Number(count) > 0);
    if (left.length > 0) {
      const fallback = settings.brand.socialImage ? 'theme.socialImage' : site.main ? "the site's card" : 'no image (theme.socialImage is not set)';
      warnInBuild(
        'share-cards',
        `${left.map(([count, what]) => `${count} of the ${what}`).join(', ')} have no share card: their text is in a script the cards' fonts cannot draw (only Latin, Greek and Cyrillic are); their pages show ${fallback} instead.`,
      );
    }
    return { issues: issues.cards, projects: projects.cards, releases: releases.cards, site: site.site, siteCardByLanguage: site.siteCardByLanguage };
  })();
  return plan;
}

const absolute = (path: string) => new URL(path, settings.siteRoot).toString();

/**
 * The absolute URL of an issue's, project's or release note's card (by its id or address), or undefined when it has
 * none (cards off, or not drawable). One card serves every language's page: it is drawn in the main language.
 */
export async function shareCardUrl(kind: CardKind, id: string): Promise<string | undefined> {
  const card = (await cardPlan())[kind].get(id);
  return card && absolute(card.path);
}

/** An Open Graph image: its absolute URL, and its size and text when they are known (a card's; not a team's own file). */
export interface OpenGraphImage {
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/**
 * The image of a page with no card of its own, in `roadmap`'s language: `theme.socialImage` when the team set
 * one (its own picture wins), else the site card when cards are on and it could be drawn, else none.
 */
export async function siteImage(roadmap: Roadmap): Promise<OpenGraphImage | undefined> {
  if (roadmap.socialImageUrl) return { url: roadmap.socialImageUrl };
  const card = (await cardPlan()).siteCardByLanguage.get(roadmap.language.segment);
  if (!card) return undefined;
  return { url: absolute(card.path), width: CARD_WIDTH, height: CARD_HEIGHT, alt: card.input.siteTitle };
}

/** getStaticPaths of a card route: one path per card drawn. */
export async function cardPaths(kind: CardKind | 'site') {
  const drawn = await cardPlan();
  const cards = kind === 'site' ? drawn.site : [...drawn[kind].values()];
  return cards.map(({ params, input }) => ({ params, props: { input } }));
}

/** A card route's answer: the PNG, from the card cache when it is there. */
export const cardResponse = async (props: unknown) =>
  new Response(new Uint8Array(await cachedCard((props as { input: CardInput }).input, shareCardCacheDir())), { headers: { 'content-type': 'image/png' } });
