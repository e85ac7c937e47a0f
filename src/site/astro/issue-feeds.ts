/**
 * The issues' own Atom feeds as files. A build makes every feed of a language in one pass, as one internal bundle
 * in that language's folder (src/routes/[...lang]/issue-feeds.bundle.json.ts, from src/site/issue-feeds.ts); this step
 * writes each feed to its place beside its issue's page and deletes the bundle. An endpoint a feed cost Astro a
 * route each (getStaticPaths entry, render, log line): at 1,000 issues the 838 feed routes were about a third of
 * the route phase (docs/performance.md).
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
    const made = new Set<string>();
    for (const { path, xml } of files) {
      const file = join(folder, path);
      const parent = dirname(file);
      // The issue's page made its folder already; one mkdir a folder all the same, should a page ever be left out.
      if (!made.has(parent)) mkdirSync(parent, { recursive: true });
      made.add(parent);
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
