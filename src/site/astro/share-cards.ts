/**
 * The share cards of a build (src/site/share-card.ts): which issues and projects have one, what each shows (in
 * the main language), and where the card is. Read by the card routes and by the pages' Open Graph tags, so both
 * agree on which pages have a card.
 */
import { dirname, join } from 'node:path';
import settings from 'virtual:portal-roadmap/settings';
import { cachedCard, cardDrawable, type CardInput } from '../share-card.ts';
import { pageSlug } from '../paths.ts';
import { getRoadmap, type Roadmap } from './data.ts';

export type CardKind = 'issues' | 'projects';
/** The site's default accent (global.css `--accent`, light scheme). */
const DEFAULT_ACCENT = '#1d4ed8';
export const SHARE_CARD_DIR = 'og';

/** Where cards are cached: beside the description cache, in the state folder the rebuild keeps. */
export const shareCardCacheDir = () => join(dirname(settings.renderCacheFile), 'share-cards');

function inputsOf(roadmap: Roadmap, kind: CardKind): { id: string; input: CardInput }[] {
  const common = { siteTitle: roadmap.config.title, accent: roadmap.config.theme.accent ?? DEFAULT_ACCENT };
  if (kind === 'issues')
    return roadmap.issues.map((issue) => ({
      id: issue.id,
      input: {
        ...common,
        kind: 'issue',
        title: issue.title,
        status: roadmap.columnByIssue.get(issue.id)?.label ?? issue.status,
        project: issue.projectId ? roadmap.projectById.get(issue.projectId)?.name : undefined,
      },
    }));
  return roadmap.projects.map((project) => ({
    id: project.id,
    input: { ...common, kind: 'project', title: project.name, status: project.state ? roadmap.ui.projectState(project.state) : roadmap.labels.project },
  }));
}

let warned = false;
/** The cards to draw (none with `shareCards` off), each drawable; the others are counted in one warning. */
export async function shareCards(kind: CardKind): Promise<{ id: string; slug: string; input: CardInput }[]> {
  if (!settings.config.shareCards) return [];
  const roadmap = await getRoadmap();
  const all = inputsOf(roadmap, kind);
  const drawn = all.filter(({ input }) => cardDrawable(input));
  if (drawn.length < all.length && !warned) {
    warned = true;
    console.warn(
      `[portal-roadmap:share-cards] ${all.length - drawn.length} of the ${kind} have no share card: their text is in a script the cards' fonts cannot draw (only Latin, Greek and Cyrillic are); their pages show theme.socialImage instead${settings.brand.socialImage ? '' : ', which is not set'}.`,
    );
  }
  return drawn.map(({ id, input }) => ({ id, slug: pageSlug(id), input }));
}

const drawnIds = new Map<CardKind, Promise<Set<string>>>();

/**
 * The absolute URL of an issue's or project's card, or undefined when it has none (cards off, or not drawable).
 * One card serves every language's page: it is drawn in the main language.
 */
export async function shareCardUrl(kind: CardKind, id: string): Promise<string | undefined> {
  if (!settings.config.shareCards) return undefined;
  if (!drawnIds.has(kind))
    drawnIds.set(
      kind,
      shareCards(kind).then((cards) => new Set(cards.map((card) => card.id))),
    );
  if (!(await drawnIds.get(kind)!).has(id)) return undefined;
  return new URL(`${SHARE_CARD_DIR}/${kind}/${pageSlug(id)}.png`, settings.siteRoot).toString();
}

/** getStaticPaths of a card route: one path per card drawn. */
export const cardPaths = async (kind: CardKind) => (await shareCards(kind)).map(({ slug, input }) => ({ params: { id: slug }, props: { input } }));

/** A card route's answer: the PNG, from the card cache when it is there. */
export const cardResponse = async (props: unknown) =>
  new Response(new Uint8Array(await cachedCard((props as { input: CardInput }).input, shareCardCacheDir())), { headers: { 'content-type': 'image/png' } });
