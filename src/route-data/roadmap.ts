/**
 * The one bridge between Astro's collections and the pure view model. Pages
 * call `roadmapFor(Astro.url)` (or `getRoadmap(segment)` in getStaticPaths);
 * the collections and the history are read once per build, and each
 * language's roadmap is made once from them: the data is the same, the words differ.
 */
import { getCollection, getEntry } from 'astro:content';
import settings from 'virtual:portal-roadmap/settings';
import type { Brand } from '../config/brand.ts';
import { configIn } from '../config/roadmap-config.ts';
import type { ResolvedConfig } from '../config/settings.ts';
import { retranslatedTruncationNote } from '../descriptions/description-limits.ts';
import { readHistoryFile } from '../history/read.ts';
import { recordRun, shownState } from '../history/record.ts';
import { historyOwner, otherWorkspace } from '../history/workspace.ts';
import type { History } from '../history/schema.ts';
import { changelog, type ChangelogEntry } from '../history/timeline.ts';
import { uiFor, type Labels, type Ui } from '../i18n/labels.ts';
import { languageOfPath, siteLanguages, type SiteLanguage } from '../view/languages.ts';
import { assetUrl, withBase } from '../view/paths.ts';
import type { Issue, Project, RoadmapInfo } from '../snapshot/model.ts';
import { ROADMAP_INFO_ID } from '../content/loader.ts';
import { columnLabel } from '../shown/columns.ts';
import type { ReleaseNote } from '../release-notes/notes.ts';
import { releaseTagLabelsIn } from '../release-notes/tag-labels.ts';
import { noteDatesOf, releaseNotesFor } from './release-notes.ts';
import { buildRoadmapView, inTitleOrderBeforeHistory, unusedShipDatesWarning, withShipDates, type RoadmapView } from '../view/roadmap-view.ts';
import { warnInBuild } from './build-warning.ts';

/**
 * The config as a page uses it: the page's language as `locale`, and title
 * and description set (the translation's defaults when the config has none).
 */
export type SiteConfig = ResolvedConfig & { title: string; description: string };

/** A language of the site, as its pages speak it and link within it. */
export interface SiteUi extends Ui {
  /** The language root: this language's home page, base included: `/`, `/de/` (`root` of src/view/languages.ts). */
  root: string;
  /** A site path (`issues/x/`) in this language: `/de/issues/x/`. */
  href(path: string): string;
  /** Whether pages show upvote counts (the config's `showUpvotes`). */
  showUpvotes: boolean;
  /** Whether `/` moves focus to the search field (the config's `search.shortcut`). */
  searchShortcut: boolean;
  /** The team's labels of release note tags in this language (`releaseTagLabelsIn`), for `releaseTagLabel`. */
  releaseTagLabels: Record<string, string>;
}

export interface Roadmap extends RoadmapView {
  config: SiteConfig;
  /** The favicon, logo and social image, with the URLs pages link them by. */
  brand: Brand;
  /** The social image's absolute URL, for Open Graph and JSON-LD; none without one. */
  socialImageUrl: string | undefined;
  /** The visitor's language: messages, counts, project states, direction, links. */
  ui: SiteUi;
  /** `ui.labels`, for the many places that only need a message. */
  labels: Labels;
  /** This page's language, and every language of the site (the main one first). */
  language: SiteLanguage;
  languages: SiteLanguage[];
  info: RoadmapInfo;
  /** Sanitised description HTML by issue or project id. */
  descriptionHtml: (collection: 'issues' | 'projects', id: string) => string;
  /**
   * The history the pages show: the file of `ROADMAP_HISTORY` (or the demo's)
   * with this build's snapshot recorded, or, with no file, what this build
   * alone can tell (everything "since at least" the snapshot's date).
   */
  history: History;
  /** Shipped issues and completed projects with their dates, newest first (the changelog). */
  changelog: ChangelogEntry[];
  /**
   * Per shipped issue, the day of the earliest published release note naming it (`shippedNoteDates`): with its
   * `updatedAt`, it bounds a date the history did not see (`boundedSince`, src/history/timeline.ts).
   */
  noteDates: ReadonlyMap<string, string>;
  /** The team's release notes in this language (or the main one where it has none), newest first (src/route-data/release-notes.ts). */
  releaseNotes: ReleaseNote[];
  /** The label of a column id, also of a column the board no longer has (the id itself then). */
  columnLabel: (id: string) => string;
}

let siteLanguageList: SiteLanguage[] | undefined;

/**
 * The site's languages, the main one first: worked out once a build (every page asks, through `roadmapFor`).
 */
export function languages(): SiteLanguage[] {
  return (siteLanguageList ??= siteLanguages(settings.config.locales, settings.base));
}

/** `getStaticPaths` params of the `[...lang]` routes: undefined for the main language, the folder for the others. */
export function languageParams(): { lang: string | undefined }[] {
  return languages().map((language) => ({ lang: language.segment }));
}

const cached = new Map<string | undefined, Promise<Roadmap>>();

/** The roadmap in the language of `segment` (the `lang` route param; undefined: the main language). */
export function getRoadmap(segment?: string): Promise<Roadmap> {
  let roadmap = cached.get(segment);
  if (!roadmap) {
    roadmap = read(segment);
    cached.set(segment, roadmap);
  }
  return roadmap;
}

/** The roadmap in the language of the page at `url`. */
export function roadmapFor(url: URL): Promise<Roadmap> {
  return getRoadmap(languageOfPath(url.pathname, languages()).segment);
}

interface Collections {
  issues: Issue[];
  projects: Project[];
  info: RoadmapInfo;
  html: Record<'issues' | 'projects', Map<string, string>>;
  history: History;
  noteDates: ReadonlyMap<string, string>;
}

let collections: Promise<Collections> | undefined;

/** The content layer's data and the history, read once whatever the number of languages. */
function readCollections(): Promise<Collections> {
  collections ??= (async () => {
    const { config, historyFile } = settings;
    const [issueEntries, projectEntries, infoEntry] = await Promise.all([getCollection('issues'), getCollection('projects'), getEntry('roadmap', ROADMAP_INFO_ID)]);
    if (!infoEntry) throw new Error('The roadmap collection is empty: the content layer did not load. Run the build again with --force.');
    const issues = issueEntries.map((e) => e.data);
    const projects = projectEntries.map((e) => e.data);
    const info = infoEntry.data;
    // Recording this build's snapshot is a no-op when the rebuild already did (the same state, the same date).
    const saved = historyFile ? await readHistoryFile(historyFile, `Fix ROADMAP_HISTORY, or unset it to build without a history; ${historyFile} was left as it is.`) : undefined;
    // No build shows a history of another workspace: the demo's made-up moves, or another team's.
    const owner = saved && historyOwner(saved, info.workspace);
    if (owner === 'demo' || owner === 'other') {
      throw new Error(
        `The history ${historyFile} (ROADMAP_HISTORY) is ${otherWorkspace(owner)}, not that of the workspace this build reads. Point ROADMAP_HISTORY at this workspace's history, or unset it.`,
      );
    }
    const shown = shownState(issues, projects, config.columns);
    const history: History = { ...recordRun(saved, shown, info.fetchedAt), workspace: info.workspace };
    const shippedColumns = new Set(config.shipped.columns);
    const noteDates = await noteDatesOf(issues.filter((issue) => shippedColumns.has(shown.issues.get(issue.id)?.column ?? '')));
    // Said once a build, whatever the number of languages.
    const unused = unusedShipDatesWarning(withShipDates(changelog(history, config.shipped, issues, noteDates), issues, settings.shipDates).unused);
    if (unused) warnInBuild('ship-dates', unused);
    return {
      issues,
      projects,
      info,
      html: {
        issues: new Map(issueEntries.map((e) => [e.id, e.rendered?.html ?? ''])),
        projects: new Map(projectEntries.map((e) => [e.id, e.rendered?.html ?? ''])),
      },
      history,
      noteDates,
    };
  })();
  return collections;
}

async function read(segment: string | undefined): Promise<Roadmap> {
  const all = languages();
  const language = all.find((candidate) => candidate.segment === segment);
  if (!language) throw new Error(`No language "${segment}" in locales (${settings.config.locales.join(', ')}).`);
  // The config's own words (title, description, column labels, label overrides) in this language.
  const config = configIn(settings.config, language.locale);
  const ui: SiteUi = {
    ...uiFor(language.locale, config.labels),
    root: language.root,
    href: (path) => withBase(language.root, path),
    showUpvotes: config.showUpvotes,
    searchShortcut: config.search.shortcut,
    releaseTagLabels: releaseTagLabelsIn(settings.config, language.locale),
  };
  const { labels } = ui;
  const data = await readCollections();
  const { history, noteDates } = data;
  const siteConfig: SiteConfig = {
    ...config,
    locale: language.locale,
    title: config.title ?? labels.siteTitle,
    description: config.description ?? labels.siteDescription,
  };
  const view = buildRoadmapView(data.issues, data.projects, siteConfig, labels, history, noteDates);
  const labelById = new Map<string, string>([...config.columns.map((c) => [c.id, columnLabel(c, labels)] as const), ...view.columns.map((c) => [c.id, c.label] as const)]);
  return {
    ...view,
    config: siteConfig,
    brand: settings.brand,
    socialImageUrl: settings.brand.socialImage ? new URL(assetUrl(settings.base, settings.brand.socialImage.url), settings.site).toString() : undefined,
    ui,
    labels,
    language,
    languages: all,
    info: data.info,
    // The content layer wrote a cut description's note as the settings word it (the main language, with the config's
    // words for it); each other language says it in its own.
    descriptionHtml: (collection, id) => retranslatedTruncationNote(data.html[collection].get(id) ?? '', settings.truncatedNote, labels.descriptionTruncated),
    history,
    changelog: inTitleOrderBeforeHistory(withShipDates(changelog(history, config.shipped, data.issues, noteDates), data.issues, settings.shipDates).entries, view, language.locale),
    noteDates,
    // A column the config no longer has (its columns changed since the history recorded it): never its bare id.
    columnLabel: (id) => labelById.get(id) ?? labels.columnEarlier,
    releaseNotes: await releaseNotesFor(language.locale, view.issues, view.projects),
  };
}
