/**
 * The sites the site and browser tiers test, each built ONCE per run by the
 * global setup (test/support/fixture-builds.ts) and handed to every test file
 * by `provide`/`inject`: a test reads `inject('fixtures').paged` instead of
 * building. (This file is also read by the setup, outside any test, so it
 * imports nothing from vitest at run time.)
 */
import { DEMO_SITE } from '../../src/config/site-url.ts';
import type { RoadmapConfigInput } from '../../src/config/roadmap-config.ts';
import { EXTRA_PROJECT_ID } from './scenarios.ts';

/** The site URL of API and snapshot fixtures that set none of their own. */
export const TEST_SITE = 'https://roadmap.test';

/**
 * The paged fixture shares the demo's site (the demo has no variables set, so
 * it gets DEMO_SITE): with the same Astro config the demo build reuses the
 * paged build's content cache and must sweep the paged workspace out of it,
 * where a different config would clear the cache instead.
 */
export const PAGED_SITE = DEMO_SITE;

/** Origin of the page that embeds the configured site (answered by the embed test's request routing in Chromium, so no port varies). */
export const EMBED_HOST_ORIGIN = 'http://docs.test';

/**
 * The configured fixture's site URL, as a GitHub Pages user types it: the path
 * is the repository and no `base` is set, so the path becomes the base path.
 * Canonical URLs and every link carry both.
 */
export const CONFIGURED_SITE = 'https://user.github.io/fieldnote';
export const CONFIGURED_BASE = '/fieldnote/';
/** The configured fixture's subscribe form: Buttondown's embed form address of a made-up newsletter. */
export const CONFIGURED_SUBSCRIBE_ACTION = 'https://buttondown.com/api/emails/embed-subscribe/fieldnote';

/**
 * The configured fixture's release notes (hostile text in title and body, a name no issue has, a note in a subfolder,
 * a draft `_draft.md` that is no note, and `faster-sync.md` dated the day after the build's: scheduled, so nowhere).
 */
export const CONFIGURED_RELEASE_NOTES = 'test/fixtures/release-notes';
/** The configured fixture's build day (`ROADMAP_BUILD_DATE`): the date of its newest published note, the day before its scheduled one. */
export const CONFIGURED_BUILD_DAY = '2026-11-20';
/** The configured fixture's header links: one label per language, one hostile. */
export const CONFIGURED_NAV = [
  { href: 'https://fieldnote.example/docs/', label: { 'de-DE': 'Handbuch' } },
  { href: 'https://fieldnote.example/blog?x=1&y=<2>', label: '<b>Blog</b> & "News"' },
];
/** The configured fixture's roadmap.config.json; its theme.customCss (a file inside the project, as the config requires) holds CONFIGURED_CSS. */
export const CONFIGURED_CONFIG = {
  site: CONFIGURED_SITE,
  title: 'Fieldnote Roadmap',
  locale: 'de-DE',
  voteUrl: 'https://portal.example.com/r/{issueId}?ref=roadmap',
  theme: { accent: '#0E7490', logo: 'logo.svg', customCss: 'test/fixtures/custom-theme.css', colorScheme: 'dark' },
  board: { cardsPerColumn: 3, pageSize: 5 },
  labels: { boardHeading: 'Alle Einträge' },
  embed: { allowedOrigins: [EMBED_HOST_ORIGIN], transparent: true },
  subscribe: { action: CONFIGURED_SUBSCRIBE_ACTION, hiddenFields: { embed: '1' } },
  shareCards: true,
  releaseNotes: { folder: CONFIGURED_RELEASE_NOTES },
  nav: CONFIGURED_NAV,
} satisfies RoadmapConfigInput;
/** The configured fixture's logo, a file beside its config. */
export const CONFIGURED_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><circle cx="14" cy="14" r="12" fill="#0E7490"/></svg>\n';
export const CONFIGURED_CSS = '.site-title { letter-spacing: 0.02em; }';

/**
 * The languages fixture: the demo in every language that ships plus Swedish,
 * which does not (a warning, and the English interface with Swedish dates).
 * Arabic comes first, so the root is right to left and every other language
 * is in a folder. With voteUrl and submitUrl, so vote and suggest links are
 * on its pages in every language too. One build serves the site tier
 * (test/integration/i18n-site.test.ts) and the browser tier
 * (test/browser/i18n.test.ts), where each used to build its own.
 */
/** The languages fixture's own label for the suggest link, per language. */
export const LANGUAGES_SUGGEST = {
  ar: 'اقترح ميزة',
  en: 'Suggest a feature',
  de: 'Funktion vorschlagen',
  fr: 'Proposer une fonction',
  es: 'Proponer una función',
  'pt-BR': 'Sugerir um recurso',
  it: 'Proponi una funzione',
  ja: '機能を提案',
  sv: 'Föreslå en funktion',
};
export const LANGUAGES_LOCALES = ['ar', 'en', 'de', 'fr', 'es', 'pt-BR', 'it', 'ja', 'sv'] as const;
export const LANGUAGES_CONFIG = {
  locales: [...LANGUAGES_LOCALES],
  // Ten a page, so the Shipped column (14 issues) and the changelog (11 entries: what shipped, the items the demo's
  // release notes name shown in them) have a second page in every language.
  board: { pageSize: 10 },
  voteUrl: 'https://portal.example.com/vote/{identifier}',
  submitUrl: 'https://portal.example.com/ideas/new',
  // A word of the team's in each language: every page says it in its own.
  labels: { suggest: LANGUAGES_SUGGEST },
} satisfies RoadmapConfigInput;

/**
 * The snapshot fixture's config: the options teams ask for, no upvote counts, every field privacy can hide hidden, a
 * column of declined issues with a heading of the team's, and no team boards. With the configured fixture's release
 * notes, on the day after the configured fixture's build (SNAPSHOT_BUILD_DAY): its build publishes the note that one
 * keeps scheduled, and, `updatedAt` hidden, its first publish dates what the notes name by their days alone.
 */
export const DECLINED_HEADING = 'Declined';
export const SNAPSHOT_CONFIG = {
  showUpvotes: false,
  privacy: { hideFields: ['priority', 'team', 'createdAt', 'updatedAt'] },
  board: { showDeclined: true, teamBoards: false },
  labels: { columnCanceled: DECLINED_HEADING },
  releaseNotes: { folder: CONFIGURED_RELEASE_NOTES },
} satisfies RoadmapConfigInput;
/** The snapshot fixture's build day (`ROADMAP_BUILD_DATE`): the day after CONFIGURED_BUILD_DAY, the date of the note scheduled there. */
export const SNAPSHOT_BUILD_DAY = '2026-11-21';

/** The demo-de fixture's links (test/browser/search.test.ts): a vote link on every card, a suggest link in every header. */
export const SEARCH_VOTE_URL = 'https://portal.example.com/vote/{identifier}?from=roadmap';
export const SEARCH_SUBMIT_URL = 'https://portal.example.com/ideas/new';
/** The demo-de fixture's cards per column and per column page (test/browser/board-index.test.ts): most issues are off the board. */
export const BOARD_INDEX_PER_COLUMN = 5;

/**
 * The history fixture's own layout (`layout`, a component beside its config): the site's header and footer around
 * every roadmap page but the embeds, with the props it gets written out, so a test can read them. A light-only page,
 * as many a marketing site is: no `color-scheme`, no dark styles, and no place of its own for the roadmap's search.
 */
export const SITE_LAYOUT = `---
interface Props {
  title: string;
  description: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  nav: { href: string; label: string }[];
}
const { title, description, lang, dir, nav } = Astro.props;
---

<html lang={lang} dir={dir}>
  <head>
    <slot name="head" />
  </head>
  <body data-layout-title={title} data-layout-description={description} data-layout-nav={JSON.stringify(nav)}>
    <header class="field-guide-header"><a href="/">Field guide</a></header>
    <main>
      <slot />
    </main>
    <footer class="field-guide-footer">Field guide footer</footer>
  </body>
</html>
`;

/** The history fixture's suggest link and header links (handed to its layout, SITE_LAYOUT). */
export const LAYOUT_SUBMIT_URL = 'https://portal.example.com/ideas/new?from=layout';
export const LAYOUT_NAV = [{ href: '/pricing/', label: { en: 'Pricing' } }];

/** Stand for what is known only when the setup runs: the fake portal's API root, and files it writes for a build. */
export const PORTAL = '{portal}';
export const SNAPSHOT_FILE = '{snapshot-file}';
export const CONFIG_FILE = '{config-file}';
export const HISTORY_FILE = '{history-file}';
export const PAGE_DIGESTS_FILE = '{page-digests}';
/** Where a build writes the release notes it publishes (`ROADMAP_RELEASE_NOTES_OUT`): `release-notes.json` beside its `dist`. */
export const RELEASE_NOTES_OUT = '{release-notes-out}';

export interface FixtureDefinition {
  /**
   * Build variables, placeholders replaced. Variables that pick a data
   * source and are not named here are cleared, so only these decide.
   */
  env: Record<string, string>;
  /** Fixtures that name the same group share one Astro content cache, and build in the order listed here. */
  cacheGroup?: string;
  /** Shares only the group's description cache, with a content store of its own, as a CI build does. */
  descriptionCacheOnly?: true;
  /** Written to CONFIG_FILE; `theme.customCss` becomes a file holding `customCss`. */
  config?: RoadmapConfigInput;
  customCss?: string;
  /** Files written beside CONFIG_FILE (brand images the config names relative to it), by name. */
  files?: Record<string, string>;
  /** The variables of the live source SNAPSHOT_FILE is fetched from before the build. */
  snapshotOf?: Record<string, string>;
  /**
   * Rebuilds over a sequence of portal states before the build
   * (test/support/history-sequence.ts): SNAPSHOT_FILE and HISTORY_FILE are then
   * the last run's published snapshot and history, and `stateDir` its state.
   */
  historySequence?: true;
  /** HISTORY_FILE is an empty history begun at this date: what the build then shows is all new since. */
  emptyHistorySince?: string;
  /** HISTORY_FILE is the demo's history with a last week added (test/support/languages-history.ts). */
  languagesHistory?: true;
  /** SNAPSHOT_FILE is the demo an hour later with a change of each kind (test/support/demo-changes.ts), HISTORY_FILE the demo's history. */
  demoChanged?: true;
  /** Keeps the unchanged issue pages of this fixture's build (built before, in the same cache group), as the next rebuild does. */
  keepPagesOf?: string;
}

/** Every fixture, in build order. */
export const FIXTURES = {
  /** A portal that sends pages of 10 whatever `take` asks, plus a project listed only by PORTAL_PROJECT_IDS. */
  paged: { env: { PORTAL_API_URL: PORTAL, PORTAL_WORKSPACE_ID: 'ws-paged', PORTAL_PROJECT_IDS: EXTRA_PROJECT_ID, ROADMAP_SITE: PAGED_SITE }, cacheGroup: 'paged-then-demo' },
  /**
   * The demo in nine languages (LANGUAGES_CONFIG): the biggest build, so it starts early. Its history is the demo's
   * with a last week added (a move and back, an issue and a project that left), so every history page, tombstones
   * included, has content in every language.
   */
  languages: { env: { ROADMAP_CONFIG: CONFIG_FILE, ROADMAP_HISTORY: HISTORY_FILE }, config: LANGUAGES_CONFIG, languagesHistory: true },
  /**
   * An attack in every string field; its portal ignores skip and take. Its history began before any of its issues
   * (an empty one), so each is "new" on the board: the event feed and the per-issue feeds carry every hostile title.
   */
  hostile: {
    env: { PORTAL_API_URL: PORTAL, PORTAL_WORKSPACE_ID: 'ws-hostile', ROADMAP_SITE: TEST_SITE, ROADMAP_HISTORY: HISTORY_FILE },
    emptyHistorySince: '2026-01-01T00:00:00.000Z',
  },
  /**
   * From a snapshot file of a portal that ignores skip and take, with the API variables pointing at a closed port: it needs no network.
   * Its config hides upvote counts and every field privacy can hide, and shows declined issues in a column of their own (SNAPSHOT_CONFIG).
   * It has the configured fixture's release notes, its clock set to the day after that one's (SNAPSHOT_BUILD_DAY).
   */
  snapshot: {
    env: {
      ROADMAP_SNAPSHOT: SNAPSHOT_FILE,
      PORTAL_API_URL: 'http://127.0.0.1:9/api/v1',
      PORTAL_WORKSPACE_ID: 'ws-whole',
      ROADMAP_SITE: TEST_SITE,
      ROADMAP_CONFIG: CONFIG_FILE,
      ROADMAP_BUILD_DATE: SNAPSHOT_BUILD_DAY,
    },
    config: SNAPSHOT_CONFIG,
    snapshotOf: { PORTAL_API_URL: PORTAL, PORTAL_WORKSPACE_ID: 'ws-whole', PORTAL_PROJECT_IDS: EXTRA_PROJECT_ID },
  },
  /** Most options set, over ws-paged; its history begins, empty, before its issues, so the event feed has items under the base path. */
  configured: {
    env: {
      PORTAL_API_URL: PORTAL,
      PORTAL_WORKSPACE_ID: 'ws-paged',
      ROADMAP_CONFIG: CONFIG_FILE,
      ROADMAP_HISTORY: HISTORY_FILE,
      ROADMAP_RELEASE_NOTES_OUT: RELEASE_NOTES_OUT,
      ROADMAP_BUILD_DATE: CONFIGURED_BUILD_DAY,
    },
    config: CONFIGURED_CONFIG,
    files: { 'logo.svg': CONFIGURED_LOGO },
    emptyHistorySince: '2026-01-01T00:00:00.000Z',
  },
  /** The bundled demo with no variables set but where to write its page digests, after `paged` in the same content cache. */
  demo: { env: { ROADMAP_PAGE_DIGESTS: PAGE_DIGESTS_FILE }, cacheGroup: 'paged-then-demo' },
  /**
   * The demo an hour later with a change of each kind (test/support/demo-changes.ts), after `demo`, as the next
   * rebuild makes it: the description cache of the group (kept in the state folder), a content store of its own (a
   * fresh checkout has none), and the demo's issue pages whose digests did not change kept from its output. Its
   * output must be `demo-changed`'s byte for byte (test/integration/build.test.ts).
   */
  'demo-warm': {
    env: { ROADMAP_SNAPSHOT: SNAPSHOT_FILE, ROADMAP_HISTORY: HISTORY_FILE },
    cacheGroup: 'paged-then-demo',
    descriptionCacheOnly: true,
    demoChanged: true,
    keepPagesOf: 'demo',
  },
  /** The same changed demo, built from nothing: every page rendered, every description sanitised. */
  'demo-changed': { env: { ROADMAP_SNAPSHOT: SNAPSHOT_FILE, ROADMAP_HISTORY: HISTORY_FILE }, demoChanged: true },
  /**
   * The pages of a history: the last of four rebuilds (a move, a ship, an unpublish, a return, a lost state
   * recovered), built for real once. No other fixture has moves, tombstones or event feeds to check. Its pages are
   * in a layout of the site's own (SITE_LAYOUT).
   */
  history: {
    env: {
      ROADMAP_SNAPSHOT: SNAPSHOT_FILE,
      ROADMAP_HISTORY: HISTORY_FILE,
      PORTAL_API_URL: 'http://127.0.0.1:9/api/v1',
      PORTAL_WORKSPACE_ID: 'ws-history',
      ROADMAP_SITE: TEST_SITE,
      ROADMAP_CONFIG: CONFIG_FILE,
    },
    historySequence: true,
    // In the site's own layout (SITE_LAYOUT): its tombstones must stay out of the sitemap there too.
    // With a suggest link and header links, which a layout places: the board's actions and the layout's `nav` prop.
    config: { layout: 'site-layout.astro', submitUrl: LAYOUT_SUBMIT_URL, nav: LAYOUT_NAV },
    files: { 'site-layout.astro': SITE_LAYOUT },
  },
  /**
   * The demo in German at the root, with vote and suggest links, 5 cards per column and per column page (so most
   * issues are off the board) and a pale accent (yellow, unreadable on white as it is): search, read out and found
   * (test/browser/search.test.ts), and the board's board index and the accent (test/browser/board-index.test.ts),
   * in Chromium. One build for both: a build of the demo costs about 7 CPU-seconds, whatever it shows.
   */
  'demo-de': {
    env: { ROADMAP_CONFIG: CONFIG_FILE },
    config: {
      locale: 'de-DE',
      voteUrl: SEARCH_VOTE_URL,
      submitUrl: SEARCH_SUBMIT_URL,
      board: { cardsPerColumn: BOARD_INDEX_PER_COLUMN, pageSize: BOARD_INDEX_PER_COLUMN },
      theme: { accent: '#facc15' },
    },
  },
} satisfies Record<string, FixtureDefinition>;

export type FixtureName = keyof typeof FIXTURES;

export interface FixtureBuild {
  code: number | null;
  /** Everything the build printed. */
  output: string;
  outDir: string;
  /** The snapshot file a `snapshot` build read (as its log names it). */
  snapshotFile?: string;
  /** The folder of a `historySequence` fixture's runs (test/support/history-sequence.ts). */
  sequenceDir?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Root of the shared fake portal's v1 API. */
    portalApiUrl: string;
    fixtures: Record<FixtureName, FixtureBuild>;
  }
}
