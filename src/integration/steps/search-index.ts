/**
 * Builds the full-text search index with Pagefind's Node API once the pages
 * are written, into `pagefind/` beside them. Pagefind indexes only what the
 * pages mark: `data-pagefind-body` on the issue, project and release note content
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
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import { SEARCH_DIR } from '../../hosting/headers.ts';
import { ISSUES_DIR, PROJECTS_DIR, RELEASES_DIR } from '../../view/paths.ts';

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
  const sections = [ISSUES_DIR, PROJECTS_DIR, RELEASES_DIR].flatMap((dir) => ['', ...languageDirs.map((language) => `${language}/`)].map((prefix) => `${prefix}${dir}`));
  let indexing: Promise<string> | undefined;

  /** Indexes the pages below `outDir` into its pagefind/; returns what the log says of it. */
  async function index(outDir: string): Promise<string> {
    const started = performance.now();
    const outputPath = await writeSearchIndex(outDir, { sections, maxFragments, ...(forceLanguage ? { forceLanguage } : {}) });
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

/**
 * Writes the search index of the `.html` pages below `sections` (folders of `outDir`) into `outDir`'s pagefind/,
 * and returns that folder. The same pages make the same index, byte for byte, on any file system.
 */
export async function writeSearchIndex(
  outDir: string,
  { sections, maxFragments, forceLanguage }: { sections: readonly string[]; maxFragments: number; forceLanguage?: string },
): Promise<string> {
  const outputPath = join(outDir, SEARCH_DIR);
  const created = await pagefind.createIndex({ ...(forceLanguage ? { forceLanguage } : {}), maxFragments });
  const searchIndex = created.index;
  if (!searchIndex) throw new Error(created.errors.join('; ') || 'no index');
  // Only issue and project pages can hold content to find. They are handed over one by one in the order of their
  // paths, not with addDirectory: Pagefind's index depends on the order pages reach it, and addDirectory takes the
  // file system's listing order, so the same pages made another index on another file system (tmpfs lists files in
  // the order they were made), e.g. when a warm build kept some pages and wrote others. Pagefind handles its
  // messages one at a time, in the order sent.
  const added = await Promise.all(await sendInPathOrder(outDir, sections, (sourcePath, content) => searchIndex.addHTMLFile({ sourcePath, content })));
  const errors = added.flatMap((response) => response.errors);
  if (errors.length) throw new Error(errors.join('; '));
  const written = await searchIndex.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(written.errors.join('; '));
  for (const name of await readdir(outputPath)) if (UNUSED_BUNDLES.test(name)) await rm(join(outputPath, name));
  return outputPath;
}

/**
 * Reads the `.html` files below each of `sections` (folders of `outDir`) and hands each to `add` with its path from
 * `outDir`, in code-point order of those paths, whatever order the file system lists them in. Each file is read
 * and sent before the next is read, so the pages are not all in memory at once; the answers are awaited by the caller.
 */
export async function sendInPathOrder<T>(outDir: string, sections: readonly string[], add: (sourcePath: string, content: string) => Promise<T>): Promise<Promise<T>[]> {
  const paths: string[] = [];
  for (const section of sections) {
    const entries = await readdir(join(outDir, section), { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      if (entry.isFile() && entry.name.endsWith('.html')) paths.push(relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
    }
  }
  paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const sent: Promise<T>[] = [];
  for (const path of paths) {
    const answer = add(path, await readFile(join(outDir, path), 'utf8'));
    // Awaited by the caller with the others; a failure is theirs to report, not an unhandled rejection in between.
    answer.catch(() => undefined);
    sent.push(answer);
  }
  return sent;
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
