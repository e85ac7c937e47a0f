/**
 * Builds the full-text search index with Pagefind's Node API once the pages
 * are written, into `pagefind/` beside them. Pagefind indexes only what the
 * pages mark: `data-pagefind-body` on the issue and project content
 * (src/components/IssueDetail.astro, ProjectDetail.astro), so the board,
 * column pages, navigation, footers and embeds stay out of it.
 *
 * Two build steps: the first starts Pagefind on the pages once they are all in place (rendered, or kept from the
 * previous build), and the second waits for the index. Between the two, the feeds are written and the sitemap made,
 * which Pagefind does not read: its own process indexes while they run (at 10,000 issues Pagefind takes about 2 s, and
 * the feeds and the sitemap 0.7 s in memory, more on a busy disk).
 * The second must run before the `_headers` integration: that one lists the top-level
 * entries, and `pagefind/` has to be among them to get the worker's policy.
 */
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { SEARCH_DIR } from '../../hosting/headers.ts';
import { ISSUES_DIR, PROJECTS_DIR } from '../../view/paths.ts';

/**
 * Most fragment files (one page's stored text each, by default) Pagefind
 * writes; above this many pages it bundles several pages into one file. It
 * bounds the index at about this many files plus its word chunks (a few dozen
 * at 10,000 issues), whatever the workspace's size, at the price of a bigger
 * download per result shown.
 * The README's "Search" section has the measured trade-off.
 */
export const SEARCH_FRAGMENT_FILES = 1_000;

/** Pagefind's ready-made search UIs: not used (their CSS needs `img-src data:`), so not published. */
const UNUSED_BUNDLES = /^pagefind-(?:ui|modular-ui|component-ui|highlight)\./;

export interface SearchIndexOptions {
  /** The site's languages, the main one first (`locales`); each language's tag picks Pagefind's stemmer. */
  locales: readonly string[];
  /** The folders of the languages after the first (`de`, `pt-br`), whose issue and project pages are indexed too. */
  languageDirs?: readonly string[];
  /** The output folder of a mounted roadmap's pages (its prefix): only they are indexed, into their own `pagefind/`. */
  folder?: string | undefined;
  maxFragments?: number;
}

export function searchIndex({ locales, languageDirs = [], folder, maxFragments = SEARCH_FRAGMENT_FILES }: SearchIndexOptions): {
  start: AstroIntegration;
  finish: AstroIntegration;
} {
  // One language: pages carry `lang="de-DE"` and the like, which Pagefind would split by, so the language is forced.
  // Several: Pagefind makes one index per `<html lang>` in the same pagefind/ folder, and the browser loads the one
  // of the page it is on (so results stay in the visitor's language).
  const forceLanguage = locales.length === 1 ? new Intl.Locale(locales[0]!).language : undefined;
  const sections = [ISSUES_DIR, PROJECTS_DIR].flatMap((dir) => ['', ...languageDirs.map((language) => `${language}/`)].map((prefix) => `${prefix}${dir}`));
  let indexing: Promise<string> | undefined;

  /** Indexes the pages below `outDir` into its pagefind/; returns what the log says of it. */
  async function index(outDir: string): Promise<string> {
    const outputPath = join(outDir, SEARCH_DIR);
    const started = performance.now();
    const created = await pagefind.createIndex({ ...(forceLanguage ? { forceLanguage } : {}), maxFragments });
    if (!created.index) throw new Error(created.errors.join('; ') || 'no index');
    // Only issue and project pages can hold content to find; the glob spares Pagefind reading the rest.
    const added = await created.index.addDirectory({ path: outDir, glob: `{${sections.join(',')}}/**/*.html` });
    if (added.errors.length) throw new Error(added.errors.join('; '));
    const written = await created.index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(written.errors.join('; '));
    for (const name of await readdir(outputPath)) if (UNUSED_BUNDLES.test(name)) await rm(join(outputPath, name));
    const { files, bytes } = await folderSize(outputPath);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `Indexed ${await indexedPages(outputPath)} pages for search in ${seconds} s: ${files} files, ${Math.round(bytes / 1024)} KB in ${folder ? `${folder}/` : ''}${SEARCH_DIR}/`;
  }

  return {
    start: {
      name: 'portal-roadmap:search-index',
      hooks: {
        'astro:build:done': ({ dir }) => {
          indexing = index(join(fileURLToPath(dir), folder ?? ''));
          // Awaited by `finish`; a failure is reported there, not as an unhandled rejection in between.
          indexing.catch(() => undefined);
        },
      },
    },
    finish: {
      name: 'portal-roadmap:search-index-written',
      hooks: {
        'astro:build:done': async ({ logger }) => {
          try {
            if (!indexing) throw new Error('the index was never started');
            logger.info(await indexing);
          } catch (cause) {
            throw new Error(`Building the search index failed: ${(cause as Error).message}`, { cause });
          } finally {
            indexing = undefined;
            await pagefind.close();
          }
        },
      },
    },
  };
}

/** Number of files below `dir` and their total size in bytes. */
export async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/** Pages in the written index (Pagefind's own count of those it visited includes the unmarked ones it skipped). */
async function indexedPages(outputPath: string): Promise<number> {
  const entry = JSON.parse(await readFile(join(outputPath, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
  return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
}
