/**
 * Writing or copying a state file whole or not at all (src/shared/files.ts, used for the description cache, the page
 * digests, the history and the published snapshot): a reader finds the old file or the new one, and a write that
 * fails leaves no stray file behind.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyAtomically, writeAtomically } from '../../../src/shared/files.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'write-atomically-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeAtomically', () => {
  it('replaces a file whole, making its folder, and leaves nothing beside it', async () => {
    const file = join(dir, 'state', 'page-digests.json');
    await writeAtomically(file, '{"old":true}');
    await writeAtomically(file, '{"new":true}');
    expect(readFileSync(file, 'utf8')).toBe('{"new":true}');
    expect(readdirSync(join(dir, 'state'))).toEqual(['page-digests.json']);
  });

  it('fails without touching what is there, and removes its partial file', async () => {
    // A folder in the file's place: the rename into place fails, after the text was written beside it.
    const file = join(dir, 'description-cache.json');
    mkdirSync(file);
    writeFileSync(join(file, 'kept'), 'x');
    await expect(writeAtomically(file, 'text')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['description-cache.json']);
    expect(readFileSync(join(file, 'kept'), 'utf8')).toBe('x');
  });
});

describe('copyAtomically', () => {
  it('copies a file whole over the one there, making its folder, and leaves nothing beside it', async () => {
    const from = join(dir, 'history.json');
    writeFileSync(from, '{"new":true}');
    const to = join(dir, 'state', 'history.json');
    await copyAtomically(from, to);
    writeFileSync(from, '{"newer":true}');
    await copyAtomically(from, to);
    expect(readFileSync(to, 'utf8')).toBe('{"newer":true}');
    expect(readdirSync(join(dir, 'state'))).toEqual(['history.json']);
  });

  it('fails without touching what is there when the source is missing, and leaves no partial file', async () => {
    const to = join(dir, 'published.json');
    writeFileSync(to, 'kept');
    await expect(copyAtomically(join(dir, 'gone.json'), to)).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['published.json']);
    expect(readFileSync(to, 'utf8')).toBe('kept');
  });
});
