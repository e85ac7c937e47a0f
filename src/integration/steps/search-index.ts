/**
 * Builds the full-text search index with Pagefind's Node API, into `pagefind/` beside the pages. Its records are made
 * from the data (src/search/search-records.ts: the searchable part of each issue, project and release note page, as
 * the pages mark it with `data-pagefind-body`), so the board, column pages, navigation, footers and embeds stay out
 * of it, as they always did.
 *
 * Three moments of a build. When it starts, this step opens the sink the routes send their records to; the first
 * route to ask for its paths sends every language's records (src/route-data/search-records.ts), and Pagefind's own
 * process indexes them, then writes the index into a folder of its own in the output, all while the pages render.
 * When the pages are all in place, that folder is moved to `pagefind/` (or the previous index kept, below), while the
 * feeds are written and the sitemap made, which it does not read. The last step waits for it, and must run before
 * the `_headers` integration: that one lists the top-level entries, and `pagefind/` has to be among them to get the
 * worker's policy. An index of `RELEASE_BEFORE_WRITING_PAGES` pages or more is written only once the pages are done
 * (see `write`).
 *
 * A build that keeps pages (page reuse) keeps the previous index too when its records' digest is the one the previous
 * build wrote with the same fingerprint: the same sorted records make the same index, byte for byte.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefind from 'pagefind';
import type { PageReuseSettings } from '../../config/settings.ts';
import { PageDigestsFileSchema } from '../../fingerprint/page-digests.ts';
import { pageReuseRecord, setSearchRecordSink } from '../../route-data/build-state.ts';
import { SEARCH_DIR } from '../../hosting/headers.ts';
import { inPathOrder, searchRecordsDigest, type SearchRecord } from '../../search/search-records.ts';
import { keep } from './page-reuse.ts';
import { releaseGarbage } from '../../shared/memory.ts';

/**
 * Most fragment files (one page's stored text each, by default) Pagefind
 * writes; above this many pages it bundles several pages into one file. It
 * bounds the index at about this many files plus its word chunks (a few dozen
 * at 10,000 issues), whatever the workspace's size, at the price of a bigger
 * download per result shown.
 * The README's "Search" section has the measured trade-off.
 */
export const SEARCH_FRAGMENT_FILES = 1_000;

/**
 * Pages from which the index is written only once the pages are done, the build's collected memory given back first
 * (see `write`): written while the pages render, Pagefind's writing memory would add to the rendering's peak.
 */
const RELEASE_BEFORE_WRITING_PAGES = 5_000;

/** Pagefind's ready-made search UIs: not used (their CSS needs `img-src data:`), so not published. */
const UNUSED_BUNDLES = /^pagefind-(?:ui|modular-ui|component-ui|highlight)\./;

export interface SearchIndexOptions {
  /** The site's languages, the main one first (`locales`); each language's tag picks Pagefind's stemmer. */
  locales: readonly string[];
  /** The output folder of a mounted roadmap's pages (its prefix): its index goes into its own `pagefind/`. */
  folder?: string | undefined;
  maxFragments?: number;
  /** Page reuse: the previous build's output and state, where an unchanged index is kept from. */
  reuse?: PageReuseSettings | undefined;
}

/** What shapes an index besides its records. */
export interface IndexOptions {
  maxFragments: number;
  forceLanguage?: string;
}

/** A written index: where, how many pages Pagefind indexed, its files and bytes, and how long writing took. */
interface WrittenIndex {
  dir: string;
  pages: number;
  files: number;
  bytes: number;
  seconds: number;
}

/**
 * The records Pagefind has, or the previous build's index folder when it is kept. `early`: the index written while
 * the pages rendered, once written (undefined when it was not, or could not be).
 */
type Indexed = { pages: number } & (
  | { index: pagefind.PagefindIndex; early: Promise<WrittenIndex | undefined>; kept?: undefined }
  | { kept: string; index?: undefined; early?: undefined }
);

/** Where an index written while the pages render waits in the output folder until it is moved to its place. */
const EARLY_INDEX_DIR = '.pagefind-partial';

export function searchIndex({ locales, folder, maxFragments = SEARCH_FRAGMENT_FILES, reuse }: SearchIndexOptions): {
  start: AstroIntegration;
  finish: AstroIntegration;
} {
  // One language: pages carry `lang="de-DE"` and the like, which Pagefind would split by, so the language is forced.
  // Several: Pagefind makes one index per `<html lang>` in the same pagefind/ folder, and the browser loads the one
  // of the page it is on (so results stay in the visitor's language).
  const forceLanguage = locales.length === 1 ? new Intl.Locale(locales[0]!).language : undefined;
  const options: IndexOptions = { maxFragments, ...(forceLanguage ? { forceLanguage } : {}) };
  let indexing: Promise<Indexed> | undefined;
  let writing: Promise<string> | undefined;
  /** The build's output folder (Astro's `outDir`), which Astro has emptied by the time the records come. */
  let outputRoot: string | undefined;

  /** Starts Pagefind on the records, unless the previous build's index is theirs. */
  async function index(made: Promise<SearchRecord[]>, previous: KeptIndex | undefined): Promise<Indexed> {
    const records = inPathOrder(await made);
    const digest = searchRecordsDigest(records, options);
    pageReuseRecord().searchDigest = digest;
    if (previous?.digest === digest) return { pages: records.length, kept: previous.dir };
    const index = await indexRecords(records, options);
    // Written at once, on Pagefind's process, while the main thread renders the pages; a large index waits (see
    // `write`).
    const staging = outputRoot && records.length < RELEASE_BEFORE_WRITING_PAGES ? join(outputRoot, EARLY_INDEX_DIR) : undefined;
    const early = staging ? writtenIndex(index, staging) : Promise.resolve(undefined);
    // A failed early write is not the build's end: the index is written again where it belongs, which reports its own
    // failure.
    return { pages: records.length, index, early: early.catch(() => undefined) };
  }

  /** Writes the index (or keeps the previous one) into `outDir`'s pagefind/; returns what the log says of it. */
  async function write(outDir: string): Promise<string> {
    if (!indexing) throw new Error('no search records were made: no route of the roadmap asked for its pages');
    const indexed = await indexing;
    const outputPath = join(outDir, SEARCH_DIR);
    const where = `${folder ? `${folder}/` : ''}${SEARCH_DIR}/`;
    if (indexed.index === undefined) {
      await keepFolder(indexed.kept, outputPath);
      const { files, bytes } = await folderSize(outputPath);
      return `Kept the search index of ${indexed.pages} pages from ${indexed.kept}: their records are unchanged (${files} files, ${Math.round(bytes / 1024)} KB in ${where})`;
    }
    const early = await indexed.early;
    let written: WrittenIndex;
    if (early && (await moved(early.dir, outputPath))) written = early;
    else {
      // Pagefind's process needs most of its memory while it writes (several times what it holds while indexing), when
      // the pages are done: a large build gives back what it collected first. Not a small one, where the collection
      // costs more than it gives back (@see docs/project/performance-log.md, "Measurements behind the code").
      if (indexed.pages >= RELEASE_BEFORE_WRITING_PAGES) releaseGarbage();
      written = await writtenIndex(indexed.index, outputPath);
    }
    const when = early === written ? `while the pages rendered (${written.seconds.toFixed(1)} s)` : `in ${written.seconds.toFixed(1)} s`;
    return `Indexed ${written.pages} pages for search, written ${when}: ${written.files} files, ${Math.round(written.bytes / 1024)} KB in ${where}`;
  }

  return {
    start: {
      name: 'portal-roadmap:search-index',
      hooks: {
        'astro:config:done': ({ config }) => {
          outputRoot = fileURLToPath(config.outDir);
        },
        'astro:build:start': ({ logger }) => {
          indexing = undefined;
          writing = undefined;
          const previous = reuse && keptIndex(reuse, folder, (message) => logger.warn(message));
          setSearchRecordSink({
            send: (records) => {
              if (indexing) return;
              indexing = index(records, previous);
              // Awaited when the pages are done; a failure is reported there, not as an unhandled rejection in between.
              indexing.catch(() => undefined);
            },
          });
        },
        'astro:build:done': ({ dir }) => {
          setSearchRecordSink(undefined);
          writing = write(join(fileURLToPath(dir), folder ?? ''));
          writing.catch(() => undefined);
        },
      },
    },
    finish: {
      name: 'portal-roadmap:search-index-written',
      hooks: {
        'astro:build:done': async ({ logger }) => {
          try {
            if (!writing) throw new Error('the index was never started');
            logger.info(await writing);
          } catch (cause) {
            throw new Error(`Building the search index failed: ${(cause as Error).message}`, { cause });
          } finally {
            indexing = undefined;
            writing = undefined;
            await pagefind.close();
          }
        },
      },
    },
  };
}

interface KeptIndex {
  digest: string;
  dir: string;
}

/**
 * The previous build's index and its records' digest, when a build of the same fingerprint wrote them (the config,
 * the code and the lockfile, so Pagefind's version, the same) and the previous output still has it.
 */
function keptIndex(reuse: PageReuseSettings, folder: string | undefined, warn: (message: string) => void): KeptIndex | undefined {
  if (!reuse.previousOutput || !reuse.fingerprint || !existsSync(reuse.digestsFile)) return undefined;
  const dir = join(reuse.previousOutput, folder ?? '', SEARCH_DIR);
  if (!existsSync(join(dir, 'pagefind-entry.json'))) return undefined;
  try {
    const previous = PageDigestsFileSchema.parse(JSON.parse(readFileSync(reuse.digestsFile, 'utf8')));
    return previous.fingerprint === reuse.fingerprint && previous.search ? { digest: previous.search, dir } : undefined;
  } catch (error) {
    warn(`The page digests in ${reuse.digestsFile} cannot be used (${(error as Error).message.split('\n')[0]}); the search index is made afresh.`);
    return undefined;
  }
}

/**
 * A new Pagefind index of `records`, in any order: they are sent in the order of their paths. Pagefind handles its
 * messages one at a time, in the order sent, and numbers pages and lays out its files in that order, so the same
 * records make the same index, byte for byte, whatever order they were made in and on any file system.
 */
export async function indexRecords(records: readonly SearchRecord[], { maxFragments, forceLanguage }: IndexOptions): Promise<pagefind.PagefindIndex> {
  const created = await pagefind.createIndex({ ...(forceLanguage ? { forceLanguage } : {}), maxFragments });
  const searchIndex = created.index;
  if (!searchIndex) throw new Error(created.errors.join('; ') || 'no index');
  const added = await Promise.all(inPathOrder(records).map((record) => searchIndex.addHTMLFile(record)));
  const errors = added.flatMap((response) => response.errors);
  if (errors.length) throw new Error(errors.join('; '));
  return searchIndex;
}

/** Writes `index` into `outputPath`, without the search UIs the site does not use. */
export async function writeIndex(index: pagefind.PagefindIndex, outputPath: string): Promise<void> {
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(written.errors.join('; '));
  for (const name of await readdir(outputPath)) if (UNUSED_BUNDLES.test(name)) await rm(join(outputPath, name));
}

/** Writes `index` into `dir` and reads back what the log says of it. */
async function writtenIndex(index: pagefind.PagefindIndex, dir: string): Promise<WrittenIndex> {
  const started = performance.now();
  await writeIndex(index, dir);
  return { dir, pages: await indexedPages(dir), ...(await folderSize(dir)), seconds: (performance.now() - started) / 1000 };
}

/** Moves the folder `from` to `to`; false where it cannot be (another file system, `to` taken), `from` then removed. */
async function moved(from: string, to: string): Promise<boolean> {
  try {
    await mkdir(join(to, '..'), { recursive: true });
    await rename(from, to);
    return true;
  } catch {
    await rm(from, { recursive: true, force: true });
    return false;
  }
}

/** Links (or copies) every file below `from` into `to`. */
async function keepFolder(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const target = join(to, entry.parentPath.slice(from.length), entry.name);
    mkdirSync(join(target, '..'), { recursive: true });
    keep(join(entry.parentPath, entry.name), target);
  }
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
