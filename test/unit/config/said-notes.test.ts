/** Quiet by default: a build's notes are said on the first build and after a change, not on every build. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configNotes } from '../../../src/config/config-notes.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { notesToSay, SAID_NOTES_FILE } from '../../../src/config/said-notes.ts';

/** What one build prints: the topics of the notes it says, with the record kept in `cacheDir`. */
async function build(cacheDir: string, config: object, projectRoot = '/work/acme-roadmap', command: 'build' | 'dev' = 'build'): Promise<string[]> {
  const parsed = parseRoadmapConfig(config);
  const notes = configNotes(parsed, false).map((note) => ({ ...note, now: !note.buildOnly || command === 'build' }));
  return (await notesToSay(notes, join(cacheDir, SAID_NOTES_FILE), { projectRoot, config: parsed })).map((note) => note.topic);
}

/** What `astro dev` prints: the notes that are not a build's alone. */
const dev = (cacheDir: string, config: object) => build(cacheDir, config, undefined, 'dev');

const cache = () => mkdtempSync(join(tmpdir(), 'said-notes-'));

describe('notes said when they are news', () => {
  it('the first build says both notes; a second with the same config says nothing', async () => {
    const dir = cache();
    expect(await build(dir, { title: 'Acme' })).toEqual(['embed', 'share-cards']);
    expect(await build(dir, { title: 'Acme' })).toEqual([]);
    expect(await build(dir, { title: 'Acme' })).toEqual([]);
  });

  it('a changed setting makes the notes come back, once', async () => {
    const dir = cache();
    await build(dir, { title: 'Acme' });
    expect(await build(dir, { title: 'Acme roadmap' })).toEqual(['embed', 'share-cards']);
    expect(await build(dir, { title: 'Acme roadmap' })).toEqual([]);
  });

  it('a note silenced by its option and back when the option is removed is said again', async () => {
    const dir = cache();
    await build(dir, { title: 'Acme' });
    // The config changed: the note still needed is said again, the silenced one not.
    expect(await build(dir, { title: 'Acme', shareCards: false })).toEqual(['embed']);
    expect(await build(dir, { title: 'Acme' })).toEqual(['embed', 'share-cards']);
  });

  it('`astro dev` between two builds neither says the build-only note nor makes the next build say it again', async () => {
    const dir = cache();
    expect(await dev(dir, {})).toEqual(['embed']);
    expect(await build(dir, {})).toEqual(['share-cards']);
    expect(await dev(dir, {})).toEqual([]);
    expect(await build(dir, {})).toEqual([]);
  });

  it('two projects sharing a cache folder each hear their own', async () => {
    const dir = cache();
    expect(await build(dir, {}, '/work/one')).toEqual(['embed', 'share-cards']);
    expect(await build(dir, {}, '/work/two')).toEqual(['embed', 'share-cards']);
    expect(await build(dir, {}, '/work/one')).toEqual([]);
  });

  it('a record that is not one, or a cache folder that cannot be written, costs the quiet only: every note is said', async () => {
    const dir = cache();
    writeFileSync(join(dir, SAID_NOTES_FILE), '{"format": 1, "said": {"x": [1]}}');
    expect(await build(dir, {})).toEqual(['embed', 'share-cards']);
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    // The record's folder is a file: nothing can be kept there.
    expect(await build(join(file, 'cache'), {})).toEqual(['embed', 'share-cards']);
    expect(await build(join(file, 'cache'), {})).toEqual(['embed', 'share-cards']);
  });
});
