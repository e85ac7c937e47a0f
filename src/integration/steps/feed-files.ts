/**
 * The feeds of issues, projects and teams as files. A build makes every feed of a language in one pass, as one
 * internal bundle in that language's folder (src/routes/[...lang]/feeds.bundle.json.ts: the issues' Atom feeds from
 * src/feeds/issue-feeds.ts, the projects' and teams' RSS feeds from src/route-data/scoped-feed.ts); this step writes each feed to
 * its place beside its page and deletes the bundle. An endpoint a feed cost Astro a route each: at 10,000 issues
 * (8,368 issue feeds) the route phase took 43–48 s with them and 32–38 s with the bundle, of which making the feeds'
 * text is 0.5–1 s, and writing them here about 2 s (docs/performance.md). The 500 project feeds of that workspace
 * were the largest part of a rebuild's route phase once unchanged pages were kept.
 *
 * It runs before the sitemap, `_headers`, the Vercel output and the host limits, which see the feeds and never the
 * bundle; the search index, started just before it, reads only the issue and project pages.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { FeedFile } from '../../feeds/issue-feeds.ts';

/** The bundle's name in each language's folder; never published. */
export const FEEDS_BUNDLE = 'feeds.bundle.json';

/** A language's feeds: the issues' Atom feeds, and the RSS feeds of its projects and teams. Each file's path is below the language's root. */
export interface FeedsBundle {
  issues: FeedFile[];
  scoped: FeedFile[];
}

/** The bundle route's answer: every feed of its language. */
export const feedsBundle = (bundle: FeedsBundle) => new Response(JSON.stringify(bundle), { headers: { 'content-type': 'application/json' } });

/** Writes the feeds of each language's bundle below `root` (the roadmap's output folder), and deletes the bundles; returns how many of each kind. */
export function writeFeeds(root: string, languageDirs: readonly string[]): { issues: number; scoped: number } {
  const written = { issues: 0, scoped: 0 };
  for (const language of ['', ...languageDirs]) {
    const folder = join(root, language);
    const bundle = join(folder, FEEDS_BUNDLE);
    const { issues, scoped } = JSON.parse(readFileSync(bundle, 'utf8')) as FeedsBundle;
    for (const { path, xml } of [...issues, ...scoped]) {
      const file = join(folder, path);
      // The page beside it made the folder already; made all the same (80 ms at 8,368 feeds), should a page be left out.
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
