/**
 * The issues' own Atom feeds as files. A build makes every feed of a language in one pass, as one internal bundle
 * in that language's folder (src/routes/[...lang]/issue-feeds.bundle.json.ts, from src/site/issue-feeds.ts); this step
 * writes each feed to its place beside its issue's page and deletes the bundle. An endpoint a feed cost Astro a
 * route each: at 10,000 issues (8,368 feeds) the route phase took 43–48 s with them and 32–38 s with the bundle,
 * of which making the feeds' text is 0.5–1 s, and writing them here about 2 s (docs/performance.md).
 *
 * It runs first of the build steps, so the sitemap, the search index, `_headers`, the Vercel output and the host
 * limits see the feeds and never the bundle.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { IssueFeedFile } from '../issue-feeds.ts';

/** The bundle's name in each language's folder; never published. */
export const ISSUE_FEEDS_BUNDLE = 'issue-feeds.bundle.json';

/** The bundle route's answer: every feed of its language. */
export const issueFeedsBundle = (files: IssueFeedFile[]) => new Response(JSON.stringify(files), { headers: { 'content-type': 'application/json' } });

/** Writes the feeds of each language's bundle below `root` (the roadmap's output folder), and deletes the bundles; returns how many. */
export function writeIssueFeeds(root: string, languageDirs: readonly string[]): number {
  let written = 0;
  for (const language of ['', ...languageDirs]) {
    const folder = join(root, language);
    const bundle = join(folder, ISSUE_FEEDS_BUNDLE);
    const files = JSON.parse(readFileSync(bundle, 'utf8')) as IssueFeedFile[];
    for (const { path, xml } of files) {
      const file = join(folder, path);
      // The issue's page made the folder already; made all the same (80 ms at 8,368 feeds), should a page be left out.
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, xml);
    }
    rmSync(bundle);
    written += files.length;
  }
  return written;
}

/** `folder`: the output folder of a mounted roadmap (its prefix); `languageDirs`: the folders of the languages after the first. */
export function issueFeedFiles({ languageDirs, folder }: { languageDirs: readonly string[]; folder?: string | undefined }): AstroIntegration {
  return {
    name: 'portal-roadmap:issue-feeds',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const started = performance.now();
        const written = writeIssueFeeds(join(fileURLToPath(dir), folder ?? ''), languageDirs);
        logger.info(`Wrote ${written} issue feeds (Atom) in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
