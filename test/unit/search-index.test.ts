/**
 * The search index is the same, byte for byte, for the same pages, whatever order the file system lists them in.
 * tmpfs (/dev/shm) lists a folder's files in the order they were made, so the same pages made in two orders there
 * stand for two file systems, or for a warm build that kept some pages and wrote the others.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSearchIndex } from '../../src/integration/steps/search-index.ts';
import { treeHash } from '../support/tree-hash.ts';

const WORDS = ['offline', 'sync', 'invoice', 'calendar', 'export', 'photo', 'signature', 'route', 'dispatch', 'tablet', 'report', 'badge'];
const pages = Array.from({ length: 40 }, (_, n) => ({
  path: `issues/issue-${String(n).padStart(2, '0')}/index.html`,
  html: `<!doctype html><html lang="en"><head><title>Issue ${n}</title></head><body><main data-pagefind-body><h1>${WORDS[n % WORDS.length]} issue ${n}</h1><p>${WORDS.slice(0, (n % WORDS.length) + 1).join(' ')} and number ${n * 7}</p></main></body></html>`,
}));
const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'search-index-'));
afterAll(async () => {
  await pagefind.close();
  rmSync(root, { recursive: true, force: true });
});

/** The pages written into a new folder in the given order; returns the folder. */
function site(name: string, order: readonly (typeof pages)[number][]): string {
  const dir = join(root, name);
  for (const page of order) {
    mkdirSync(join(dir, page.path, '..'), { recursive: true });
    writeFileSync(join(dir, page.path), page.html);
  }
  return dir;
}

describe('the search index', () => {
  it('is byte-identical for the same pages made in two orders', async () => {
    const forward = site('forward', pages);
    const backward = site('backward', [...pages].reverse());
    const options = { sections: ['issues'], maxFragments: 1_000, forceLanguage: 'en' };
    const first = await writeSearchIndex(forward, options);
    const second = await writeSearchIndex(backward, options);
    expect(existsSync(join(first, 'pagefind-entry.json'))).toBe(true);
    expect(treeHash(second)).toBe(treeHash(first));
  });
});
