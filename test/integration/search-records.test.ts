/**
 * The search index is made from the data (src/search/search-records.ts), not from the built pages, and must find and
 * show what the pages would have given it: the same pages, titles and heading weights, filters, meta, excerpts and
 * language split. Here each fixture's built issue, project and release note pages go to Pagefind as they are, as the
 * index used to be made, and that index must be the one the build shipped, byte for byte. A component that changes
 * what it marks for search without the records following, or a record that drifts from its page, fails it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SEARCH_FRAGMENT_FILES, writeIndex } from '../../src/integration/steps/search-index.ts';
import { listFiles } from '../support/build-site.ts';
import type { FixtureName } from '../support/fixtures.ts';
import { treeHash } from '../support/tree-hash.ts';

const scratch = mkdtempSync(join(tmpdir(), 'search-from-pages-'));
afterAll(async () => {
  await pagefind.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The site's issue, project and release note pages (in every language's folder; not the embed's), in path order. */
function searchablePages(outDir: string): string[] {
  return listFiles(outDir)
    .map((file) => file.split('\\').join('/'))
    .filter((file) => /^(?:[^/]+\/)?(?:issues|projects|releases)\/[^/]+\/index\.html$/.test(file) && !/^(?:[^/]+\/)?embed\//.test(file))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The index Pagefind makes of the built pages themselves, with the build's options. */
async function indexOfPages(outDir: string, name: string): Promise<string> {
  const shipped = JSON.parse(readFileSync(join(outDir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, unknown> };
  const languages = Object.keys(shipped.languages);
  // One language: the build forced it (the pages' own tags are regional); several: each page's <html lang> decides.
  const created = await pagefind.createIndex({ maxFragments: SEARCH_FRAGMENT_FILES, ...(languages.length === 1 ? { forceLanguage: languages[0]! } : {}) });
  const index = created.index!;
  const added = await Promise.all(searchablePages(outDir).map((sourcePath) => index.addHTMLFile({ sourcePath, content: readFileSync(join(outDir, sourcePath), 'utf8') })));
  expect(added.flatMap((response) => response.errors)).toEqual([]);
  const outputPath = join(scratch, name);
  await writeIndex(index, outputPath);
  await index.deleteIndex();
  return outputPath;
}

describe('the search index made from the data', () => {
  const fixtures = inject('fixtures');
  // The demo (upvotes shown), the snapshot fixture (upvotes hidden, a declined column), nine languages with
  // tombstones, hostile text in every field, and release notes (hostile ones among them) below a base path.
  it.each<FixtureName>(['demo', 'snapshot', 'languages', 'hostile', 'configured'])('is the index of the %s fixture’s pages, byte for byte', async (name) => {
    const build = fixtures[name];
    expect(build.code, build.output).toBe(0);
    expect(treeHash(join(build.outDir, 'pagefind'))).toBe(treeHash(await indexOfPages(build.outDir, name)));
    // Written while the pages rendered, then moved into place: nothing of it is left beside the pages.
    expect(build.output).toMatch(/Indexed \d+ pages for search, written while the pages rendered/);
    expect(listFiles(build.outDir).filter((file) => file.includes('.pagefind-partial'))).toEqual([]);
  });
});
