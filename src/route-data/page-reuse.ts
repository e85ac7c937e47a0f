/**
 * Keeping unchanged pages (src/fingerprint/page-digests.ts), on the routes' side: each page's digest is worked out
 * in getStaticPaths, and a page whose digest the previous build gave too, with its file still in the previous
 * output, is left out of the paths. The build step (src/integration/steps/page-reuse.ts) copies those files in and
 * writes this build's digests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import settings from 'virtual:portal-roadmap/settings';
import { pageDigest, PageDigestsFileSchema, unchangedPages, type PageDigestsFile } from '../fingerprint/page-digests.ts';
import { pageReuseRecord } from './build-state.ts';

/** A page's folder below Astro's output, from its address (base included): `/repo/de/issues/x/` → `de/issues/x/`. */
export function outputFolder(href: string): string {
  const root = settings.astroBase.endsWith('/') ? settings.astroBase : `${settings.astroBase}/`;
  return href.startsWith(root) ? href.slice(root.length) : href.replace(/^\//, '');
}

let previous: PageDigestsFile | undefined | null = null;

/** The previous build's digests; none when there is no previous output or its file cannot be used (then every page renders). */
function previousDigests(): PageDigestsFile | undefined {
  if (previous !== null) return previous;
  previous = undefined;
  const reuse = settings.pageReuse;
  if (!reuse?.previousOutput || !existsSync(reuse.digestsFile)) return previous;
  try {
    previous = PageDigestsFileSchema.parse(JSON.parse(readFileSync(reuse.digestsFile, 'utf8')));
  } catch (error) {
    console.warn(`[portal-roadmap:page-reuse] The page digests in ${reuse.digestsFile} cannot be used (${(error as Error).message.split('\n')[0]}); every page is rendered.`);
  }
  return previous;
}

/** Whether this build works out page digests (it writes them, and keeps what it can). */
export const keepsPages = (): boolean => settings.pageReuse?.fingerprint !== undefined;

/**
 * Of `items` (each with its key below the output, a page's folder or a feed's file, and what it shows), those whose
 * digest the previous build gave too, with the file `fileOf(key)` still in the previous output. Every item's digest is
 * recorded in `recordIn` all the same, so that the digests always describe the output this build makes.
 */
function unchangedSincePrevious(
  items: readonly { key: string; inputs: () => unknown }[],
  { fileOf, recordIn }: { fileOf: (key: string) => string; recordIn: Map<string, string> },
): Set<string> {
  const reuse = settings.pageReuse!;
  const record = pageReuseRecord();
  const digests = new Map(items.map((item) => [item.key, pageDigest(reuse.fingerprint!, item.key, item.inputs())]));
  for (const [key, digest] of digests) recordIn.set(key, digest);
  const previousFile = reuse.previousOutput ? previousDigests() : undefined;
  if (previousFile) record.previous = previousFile.fingerprint === reuse.fingerprint ? 'compared' : 'other-fingerprint';
  const unchanged = record.foreignEndSteps.length > 0 ? new Set<string>() : unchangedPages(previousFile, reuse.fingerprint!, digests);
  // Only what has its file there to link.
  for (const key of unchanged) if (!existsSync(join(reuse.previousOutput!, fileOf(key)))) unchanged.delete(key);
  return unchanged;
}

/**
 * Of `pages` (each a route's path, the page's output folder, and what the page shows), the paths to render: all
 * of them unless the build keeps pages, else those whose digest changed since the previous build.
 */
export function pathsToRender<P>(pages: readonly { path: P; folder: string; inputs: () => unknown }[]): P[] {
  if (!keepsPages()) return pages.map((page) => page.path);
  const kept = unchangedSincePrevious(
    pages.map((page) => ({ key: page.folder, inputs: page.inputs })),
    { fileOf: (folder) => join(folder, 'index.html'), recordIn: pageReuseRecord().digests },
  );
  for (const folder of kept) pageReuseRecord().kept.add(folder);
  return pages.filter((page) => !kept.has(page.folder)).map((page) => page.path);
}

/**
 * Of `feeds` (each with its file below the output and what it shows), those to make: all of them unless the build
 * keeps pages, else those whose digest changed since the previous build. The build step links the others.
 */
export function feedsToMake<F>(feeds: readonly { feed: F; file: string; inputs: () => unknown }[]): F[] {
  if (!keepsPages()) return feeds.map(({ feed }) => feed);
  const kept = unchangedSincePrevious(
    feeds.map(({ file, inputs }) => ({ key: file, inputs })),
    { fileOf: (file) => file, recordIn: pageReuseRecord().feedDigests },
  );
  for (const file of kept) pageReuseRecord().keptFeeds.add(file);
  return feeds.filter(({ file }) => !kept.has(file)).map(({ feed }) => feed);
}
