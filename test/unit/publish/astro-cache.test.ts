/**
 * Astro's cache folder kept in the state folder (src/publish/astro-cache.ts): a build gets a copy of it only when it
 * was kept under the same key (the same config, versions and source), and the state folder holds the last
 * published build's, whole.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ASTRO_CACHE_DIR, keepAstroCache, takeAstroCache } from '../../../src/publish/astro-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'astro-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("Astro's cache in the state folder", () => {
  it('is handed to the next build made under the same key, and to none under another', async () => {
    const state = join(root, 'state');
    mkdirSync(state);
    const lines: string[] = [];
    // The first build: nothing kept yet, an empty folder, which the build fills.
    const first = await takeAstroCache(state, join(root, 'work-1'), 'key-a', (line) => lines.push(line));
    expect(readdirSync(first)).toEqual([]);
    writeFileSync(join(first, 'data-store.json'), '{"store":1}');
    await keepAstroCache(first, state, 'key-a');
    expect(readFileSync(join(state, ASTRO_CACHE_DIR, 'data-store.json'), 'utf8')).toBe('{"store":1}');
    expect(existsSync(join(state, `${ASTRO_CACHE_DIR}.partial`))).toBe(false);

    const same = await takeAstroCache(state, join(root, 'work-2'), 'key-a', (line) => lines.push(line));
    expect(readdirSync(same)).toEqual(['data-store.json']);
    // A build under another key (a new portal-roadmap or Astro version, another config) starts empty.
    const other = await takeAstroCache(state, join(root, 'work-3'), 'key-b', (line) => lines.push(line));
    expect(readdirSync(other)).toEqual([]);
    await keepAstroCache(other, state, 'key-b');
    expect(readdirSync(join(state, ASTRO_CACHE_DIR)).filter((name) => name !== 'portal-roadmap.key')).toEqual([]);
    expect(readdirSync(await takeAstroCache(state, join(root, 'work-4'), 'key-a', (line) => lines.push(line)))).toEqual([]);
    expect(lines).toEqual([]);
  });
});
