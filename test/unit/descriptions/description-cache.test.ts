/** The description cache on its own: what it keeps, what it sweeps, and that a bad file is never trusted. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDescriptionCache, DESCRIPTION_CACHE_FORMAT, renderKey } from '../../../src/descriptions/description-cache.ts';

const RENDERER = 'render 1; marked 1.0.0; dompurify 1.0.0; jsdom 1.0.0';
const collections = ['issues', 'projects'];

function setup() {
  const file = join(mkdtempSync(join(tmpdir(), 'render-cache-')), 'state', 'render-cache.json');
  const warnings: string[] = [];
  const open = (renderer = RENDERER) => openDescriptionCache(file, { collections, warn: (m) => warnings.push(m), renderer });
  return { file, warnings, open };
}

const keyA = renderKey('**a**', undefined, RENDERER);
const keyB = renderKey('**b**', undefined, RENDERER);
const entryA = { html: '<p><strong>a</strong></p>\n', limits: [] };
const entryB = { html: '<p><strong>b</strong></p>\n', limits: ['nesting' as const] };

describe('the description cache', () => {
  it('keys a description by its text, the cut note and the renderer', () => {
    const keys = new Set([
      keyA,
      keyB,
      renderKey('**a**', 'Gekürzt.', RENDERER),
      renderKey('**a**', undefined, 'render 2; marked 1.0.0; dompurify 1.0.0; jsdom 1.0.0'),
      renderKey('**a**', undefined, 'render 1; marked 1.0.1; dompurify 1.0.0; jsdom 1.0.0'),
    ]);
    expect(keys.size).toBe(5);
  });

  it('keeps what a build rendered for the next one, and sweeps what the next one did not use once every collection is done', async () => {
    const { file, warnings, open } = setup();
    const first = open();
    first.set(keyA, entryA);
    first.set(keyB, entryB);
    await first.done('issues');
    await first.done('projects');

    const second = open();
    expect(second.get(keyA)).toEqual(entryA);
    await second.done('issues');
    // One collection done: B may still be asked for by the other.
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).entries).sort()).toEqual([keyA, keyB].sort());
    await second.done('projects');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).entries)).toEqual([keyA]);
    expect(open().get(keyB)).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it('writes nothing when nothing changed', async () => {
    const { file, open } = setup();
    const cache = open();
    await cache.done('issues');
    await cache.done('projects');
    expect(existsSync(file)).toBe(false);
  });

  const tampered: [string, string, string][] = [
    ['not JSON', '{"format": "portal-roadmap-render-cache", "entr', 'it is not valid JSON'],
    [
      'an entry of the wrong shape',
      JSON.stringify({ format: DESCRIPTION_CACHE_FORMAT, renderer: RENDERER, entries: { [keyA]: { html: 42, limits: [] } } }),
      `entries.${keyA}.html`,
    ],
    [
      'a key that is no digest',
      JSON.stringify({ format: DESCRIPTION_CACHE_FORMAT, renderer: RENDERER, entries: { '../../etc\n\u001b[2J': entryA } }),
      'entries.…: Invalid key in record',
    ],
    ['an unknown field', JSON.stringify({ format: DESCRIPTION_CACHE_FORMAT, renderer: RENDERER, entries: { [keyA]: { ...entryA, trusted: true } } }), 'Unrecognized key'],
    ['another format', JSON.stringify({ format: 'astro-data-store', renderer: RENDERER, entries: {} }), 'format'],
  ];
  it.each(tampered)('ignores a file with %s, with a warning naming it, and replaces it', async (_, text, reason) => {
    const { file, warnings, open } = setup();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    const cache = open();
    expect(cache.get(keyA)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Ignoring the description cache ${file}: `);
    expect(warnings[0]).toContain(reason);
    expect(warnings[0]).toContain('Every description is rendered again and the file is replaced.');
    await cache.done('issues');
    await cache.done('projects');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ format: DESCRIPTION_CACHE_FORMAT, renderer: RENDERER, entries: {} });
  });

  it("drops another renderer's file without a warning: none of its entries could be used", async () => {
    const { file, warnings, open } = setup();
    const old = open('render 0; marked 0.9.0; dompurify 1.0.0; jsdom 1.0.0');
    old.set(keyA, entryA);
    await old.done('issues');
    const cache = open();
    expect(cache.get(keyA)).toBeUndefined();
    await cache.done('issues');
    await cache.done('projects');
    expect(JSON.parse(readFileSync(file, 'utf8')).renderer).toBe(RENDERER);
    expect(warnings).toEqual([]);
  });
});
