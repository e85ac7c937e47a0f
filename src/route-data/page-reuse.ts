/**
 * Keeping unchanged pages (src/fingerprint/page-digests.ts), on the routes' side: each page's digest is worked out
 * in getStaticPaths, and a page whose digest the previous build gave too, with its file still in the previous
 * output, is left out of the paths. The build step (src/integration/steps/page-reuse.ts) copies those files in and
 * writes this build's digests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import settings from 'virtual:portal-roadmap/settings';
import { pageDigest, PageDigestsFileSchema, pageReuseRecord, unchangedPages, type PageDigestsFile } from '../fingerprint/page-digests.ts';

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
 * Of `pages` (each a route's path, the page's output folder, and what the page shows), the paths to render: all
 * of them unless the build keeps pages, else those whose digest changed since the previous build.
 */
export function pathsToRender<P>(pages: readonly { path: P; folder: string; inputs: () => unknown }[]): P[] {
  const reuse = settings.pageReuse;
  if (!reuse?.fingerprint) return pages.map((page) => page.path);
  const record = pageReuseRecord();
  const digests = new Map(pages.map((page) => [page.folder, pageDigest(reuse.fingerprint!, page.folder, page.inputs())]));
  for (const [folder, digest] of digests) record.digests.set(folder, digest);
  const previousFile = reuse.previousOutput ? previousDigests() : undefined;
  if (previousFile) record.previous = previousFile.fingerprint === reuse.fingerprint ? 'compared' : 'other-fingerprint';
  // The digests are written all the same, so that they always describe the output this build makes.
  const kept = record.foreignEndSteps.length > 0 ? new Set<string>() : unchangedPages(previousFile, reuse.fingerprint, digests);
  // Only a page whose file is there to copy.
  for (const folder of kept) if (existsSync(join(reuse.previousOutput!, folder, 'index.html'))) record.kept.add(folder);
  return pages.filter((page) => !record.kept.has(page.folder)).map((page) => page.path);
}
