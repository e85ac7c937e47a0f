/**
 * What one build's routes and its build steps (src/integration/steps/) hand each other: the tombstone pages, the
 * search records and the page reuse record. The routes run in Vite's bundle of the pages and the steps in the
 * integration's own modules, so each side has its own copy of this module: the state lives on `globalThis` under one
 * registered symbol, which both see. One build a process: Astro builds one site at a time.
 */
import type { PageReuseRecord } from '../fingerprint/page-digests.ts';
import type { SearchRecord } from '../search/search-records.ts';

/**
 * Where the routes hand their records to the search index's build step (src/integration/steps/search-index.ts),
 * which opens it when a build starts. No sink (`astro dev`, Starlight's frame, where Starlight's index holds the
 * pages): nothing is made.
 */
export interface SearchRecordSink {
  /** Called once a build, by the first route that reads every language's roadmap; later calls are ignored. */
  send(records: Promise<SearchRecord[]>): void;
}

interface BuildState {
  /**
   * The folders of this build's tombstone pages (src/layouts/Tombstone.astro) below the output, as the issue and
   * project routes list them (src/route-data/static-paths.ts), kept from the previous build or rendered: the sitemap
   * leaves them out (src/integration/steps/sitemap.ts) by this list instead of reading every page back, so it agrees
   * with the pages because it is the routes' own decision.
   */
  tombstonePages?: Set<string>;
  searchRecordSink?: SearchRecordSink;
  pageReuse?: PageReuseRecord;
}

const STATE = Symbol.for('portal-roadmap.build-state');

function buildState(): BuildState {
  return ((globalThis as { [STATE]?: BuildState })[STATE] ??= {});
}

/** This build's tombstone pages, by folder (`issues/x/`, `de/projects/y/`). */
export function tombstonePages(): Set<string> {
  return (buildState().tombstonePages ??= new Set());
}

/** Forgets the tombstone pages, for the next build in the same process. */
export function forgetTombstonePages(): void {
  delete buildState().tombstonePages;
}

export function searchRecordSink(): SearchRecordSink | undefined {
  return buildState().searchRecordSink;
}

/** Opens `sink` for this build's routes; `undefined` closes it. */
export function setSearchRecordSink(sink: SearchRecordSink | undefined): void {
  if (sink) buildState().searchRecordSink = sink;
  else delete buildState().searchRecordSink;
}

/** This build's page reuse record (src/fingerprint/page-digests.ts). */
export function pageReuseRecord(): PageReuseRecord {
  return (buildState().pageReuse ??= { digests: new Map(), feedDigests: new Map(), kept: new Set(), keptFeeds: new Set(), previous: 'none', foreignEndSteps: [] });
}

/** Forgets the page reuse record, for the next build in the same process. */
export function resetPageReuseRecord(): void {
  delete buildState().pageReuse;
}
