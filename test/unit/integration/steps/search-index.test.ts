/**
 * The search index is the same, byte for byte, for the same records, whatever order they were made in and whatever
 * file system it is written to: on disk (the temp folder) and on tmpfs (/dev/shm, which lists a folder's files in
 * the order they were made). A warm build makes some records from kept data and others anew; a CI runner and a
 * laptop write to different file systems.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_DIGESTS_FORMAT, PAGE_DIGESTS_VERSION } from '../../../../src/fingerprint/page-digests.ts';
import { pageReuseRecord, resetPageReuseRecord, searchRecordSink } from '../../../../src/route-data/build-state.ts';
import { indexRecords, searchIndex, writeIndex } from '../../../../src/integration/steps/search-index.ts';
import type { SearchRecord } from '../../../../src/search/search-records.ts';
import { treeHash } from '../../../support/tree-hash.ts';

const WORDS = ['offline', 'sync', 'invoice', 'calendar', 'export', 'photo', 'signature', 'route', 'dispatch', 'tablet', 'report', 'badge'];
const records: SearchRecord[] = Array.from({ length: 40 }, (_, n) => ({
  sourcePath: `issues/issue-${String(n).padStart(2, '0')}/index.html`,
  content: `<html lang="en"><body><article data-pagefind-body><h1>${WORDS[n % WORDS.length]} issue ${n}</h1><p>${WORDS.slice(0, (n % WORDS.length) + 1).join(' ')} and number ${n * 7}</p></article></body></html>`,
}));
const onDisk = mkdtempSync(join(tmpdir(), 'search-index-'));
const onTmpfs = existsSync('/dev/shm') ? mkdtempSync(join('/dev/shm', 'search-index-')) : undefined;
afterAll(async () => {
  await pagefind.close();
  for (const dir of [onDisk, onTmpfs]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The index of `made` written into `dir`; returns its folder. */
async function written(made: readonly SearchRecord[], dir: string): Promise<string> {
  const outputPath = join(dir, 'pagefind');
  const index = await indexRecords(made, { maxFragments: 1_000, forceLanguage: 'en' });
  await writeIndex(index, outputPath);
  await index.deleteIndex();
  return outputPath;
}

describe('the search index', () => {
  it.skipIf(!onTmpfs)('is byte-identical for the same records made in two orders, on disk and on tmpfs', async () => {
    const first = await written(records, onDisk);
    const second = await written([...records].reverse(), onTmpfs!);
    expect(existsSync(join(first, 'pagefind-entry.json'))).toBe(true);
    expect(treeHash(second)).toBe(treeHash(first));
  });

  it('is kept from the previous output when its records are unchanged, and made afresh when one changed', async () => {
    const digestsFile = join(onDisk, 'page-digests.json');
    const previousOutput = join(onDisk, 'previous');
    /** One build's search steps, as Astro runs them, with the previous output and digests of `previousOutput`'s build. */
    const build = async (outDir: string, made: readonly SearchRecord[]) => {
      resetPageReuseRecord();
      const lines: string[] = [];
      const logger = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) };
      const { start, finish } = searchIndex({ locales: ['en'], reuse: { digestsFile, previousOutput, fingerprint: 'the same code and config' } });
      await start.hooks['astro:build:start']!({ logger } as never);
      searchRecordSink()!.send(Promise.resolve([...made]));
      await start.hooks['astro:build:done']!({ dir: pathToFileURL(`${outDir}/`), logger } as never);
      await finish.hooks['astro:build:done']!({ logger } as never);
      return lines.join('\n');
    };
    expect(await build(previousOutput, records)).toMatch(/^Indexed 40 pages/);
    // What the page reuse step writes at the end of the build.
    const fileOf = (search: string | undefined) => ({ format: PAGE_DIGESTS_FORMAT, version: PAGE_DIGESTS_VERSION, fingerprint: 'the same code and config', pages: {}, search });
    writeFileSync(digestsFile, JSON.stringify(fileOf(pageReuseRecord().searchDigest)));
    const entry = (dir: string) => statSync(join(dir, 'pagefind', 'pagefind-entry.json')).ino;

    const unchanged = join(onDisk, 'unchanged');
    expect(await build(unchanged, [...records].reverse())).toMatch(/^Kept the search index of 40 pages/);
    expect(entry(unchanged)).toBe(entry(previousOutput));
    expect(treeHash(join(unchanged, 'pagefind'))).toBe(treeHash(join(previousOutput, 'pagefind')));

    const changed = join(onDisk, 'changed');
    const edited = records.map((record, n) => (n === 3 ? { ...record, content: record.content.replace('issue 3', 'issue three') } : record));
    expect(await build(changed, edited)).toMatch(/^Indexed 40 pages/);
    expect(treeHash(join(changed, 'pagefind'))).not.toBe(treeHash(join(previousOutput, 'pagefind')));
  });
});
