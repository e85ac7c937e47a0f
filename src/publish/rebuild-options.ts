/** What a rebuild is given (./rebuild.ts), and what it returns. */
import type { DataSource } from '../snapshot/source.ts';
import type { Privacy } from '../shown/privacy.ts';
import type { LoadHooks } from '../snapshot/load.ts';
import type { ChangeReport } from './change-report.ts';
import type { Fingerprint } from '../fingerprint/fingerprint.ts';
import type { ColumnConfig } from '../config/roadmap-config.ts';
import type { History } from '../history/schema.ts';

export interface RebuildOptions {
  source: DataSource;
  outDir: string;
  stateDir: string;
  force?: boolean;
  acceptShrink?: boolean;
  /** Largest share (0–1) by which the visible issue count may fall before publishing is refused. */
  maxShrink?: number;
  /** Board columns of the config: issues of hidden columns have no page to verify. */
  columns: readonly ColumnConfig[];
  /** The folder of a roadmap mounted in a site of its own (the config's `prefix`), where its pages are verified. */
  prefix?: string | undefined;
  /** What the site may publish: a change to a field it does not show is no change. */
  privacy: Privacy;
  /** False when the site hides upvote counts (the config's `showUpvotes`): the report, printed to CI logs, names no gains either. */
  showUpvotes?: boolean;
  /** Everything but the data that shapes the site (`siteFingerprint(settings)`): a change to any part publishes. */
  fingerprint: Omit<Fingerprint, 'data'>;
  /** A digest per config key (`configKeyDigests(settings)`), so the report names the keys that changed. */
  configKeys?: Record<string, string>;
  /**
   * Builds the site from `snapshotFile`, with the history in `historyFile`, into `outDir` (an `astro build`),
   * reading and updating the description cache `descriptionCacheFile`, and the page digests `pages.digestsFile`,
   * keeping the unchanged issue pages of `pages.previousOutput` (src/fingerprint/page-digests.ts), with Astro's
   * cache folder `astroCacheDir` (./astro-cache.ts).
   */
  build: (snapshotFile: string, outDir: string, historyFile: string, descriptionCacheFile: string, pages: PageReuse, astroCacheDir?: string) => Promise<void>;
  /** The live site's root URL (with the base path): its `/history.json` is continued when the state has no history. */
  site?: string;
  /**
   * The address the site is built for (its root URL with the base path; the demo's too), recorded in the state on a
   * publish: `portal-roadmap notify` links its news there (src/notify/link-root.ts).
   */
  siteRoot?: string;
  /** Start a new history instead of continuing the state's or the live site's. */
  freshHistory?: boolean;
  /** Reads the live site's history (tests pass their own). */
  fetchHistory?: (siteRoot: string) => Promise<History | undefined>;
  /** Progress and warnings (the CLI prints them to stderr); the outcome is the return value. */
  log?: (line: string) => void;
  load?: LoadHooks;
}

/** What a build keeps of the live site (src/config/settings.ts `pageReuse`): its unchanged issue pages, by their digests. */
export interface PageReuse {
  digestsFile: string;
  previousOutput: string | undefined;
}

export interface RebuildResult {
  status: 'no-changes' | 'published';
  report: ChangeReport;
  /** One line that says what happened, for stdout. */
  summary: string;
}
