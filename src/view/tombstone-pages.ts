/**
 * The folders of this build's tombstone pages (src/layouts/Tombstone.astro) below the output, as the issue and
 * project routes list them (src/route-data/static-paths.ts), kept from the previous build or rendered: the sitemap
 * leaves them out (src/integration/steps/sitemap.ts) by this list instead of reading every page back, so it agrees
 * with the pages because it is the routes' own decision. The routes are bundled apart from the integration, so each
 * has its own copy of this module: the list lives on globalThis, under a registered symbol, which both see.
 */
const TOMBSTONES = Symbol.for('portal-roadmap.tombstone-pages');

type WithTombstones = { [TOMBSTONES]?: Set<string> };

/** This build's tombstone pages, by folder (`issues/x/`, `de/projects/y/`). */
export function tombstonePages(): Set<string> {
  return ((globalThis as WithTombstones)[TOMBSTONES] ??= new Set());
}

/** Forgets the list, for the next build in the same process. */
export function forgetTombstonePages(): void {
  delete (globalThis as WithTombstones)[TOMBSTONES];
}
