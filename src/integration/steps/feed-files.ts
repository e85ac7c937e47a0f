/**
 * Writes each language's feeds' bundle (src/feeds/feeds-bundle.ts) out as files beside their pages, and deletes the
 * bundle. It runs before the sitemap, `_headers`, the Vercel output and the host limits, which see the feeds and never
 * the bundle; the search index, started just before it, reads only the issue and project pages.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { FEEDS_BUNDLE, type FeedsBundle } from '../../feeds/feeds-bundle.ts';

/** Writes the feeds of each language's bundle below `root` (the roadmap's output folder), and deletes the bundles; returns how many of each kind. */
export function writeFeeds(root: string, languageDirs: readonly string[]): { issues: number; scoped: number } {
  const written = { issues: 0, scoped: 0 };
  for (const language of ['', ...languageDirs]) {
    const folder = join(root, language);
    const bundle = join(folder, FEEDS_BUNDLE);
    const { issues, scoped } = JSON.parse(readFileSync(bundle, 'utf8')) as FeedsBundle;
    for (const { path, xml } of [...issues, ...scoped]) {
      const file = join(folder, path);
      // The page beside it made the folder already; made all the same, should a page be left out.
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, xml);
    }
    rmSync(bundle);
    written.issues += issues.length;
    written.scoped += scoped.length;
  }
  return written;
}

/** `folder`: the output folder of a mounted roadmap (its prefix); `languageDirs`: the folders of the languages after the first. */
export function feedFiles({ languageDirs, folder }: { languageDirs: readonly string[]; folder?: string | undefined }): AstroIntegration {
  return {
    name: 'portal-roadmap:feeds',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const started = performance.now();
        const { issues, scoped } = writeFeeds(join(fileURLToPath(dir), folder ?? ''), languageDirs);
        logger.info(`Wrote ${issues} issue feeds (Atom) and ${scoped} project and team feeds (RSS) in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
