/**
 * Which of a build's notes are news. A note (information, src/config/config-notes.ts) is said on a project's first
 * build, and again only when something changed: the config (any setting), or the note itself (a build that did not
 * need it in between, a new version's wording). A build with the same config as the last says none. Warnings are
 * not notes: they name a real problem and are said on every build.
 *
 * What was said is kept in a small record in Astro's cache folder (`cacheDir`: node_modules/.astro/ by default, the
 * state folder's `astro-cache/` for `portal-roadmap rebuild`), one list per project root, so projects that share a
 * cache folder each hear their own. A record that cannot be read or written costs nothing but the quiet: every note
 * is said.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { readKeptFile, writeAtomically } from '../shared/files.ts';

/** The record's file name in the cache folder. */
export const SAID_NOTES_FILE = 'portal-roadmap-notes.json';

const SaidNotesSchema = z.object({
  format: z.literal(1),
  /** By the digest of a project root: the digests of the notes its last build said or kept quiet (`noteDigest`). */
  said: z.record(z.string(), z.array(z.string())),
});
type SaidNotes = z.infer<typeof SaidNotesSchema>;

/** What makes a note news again: the project's config (any setting) and the note's own words. */
export interface NoteContext {
  projectRoot: string;
  config: unknown;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

function noteDigest(note: { topic: string; text: string }, config: unknown): string {
  return digest(JSON.stringify([note.topic, note.text, config]));
}

/**
 * A note of this build: `now` false for one this command does not say (a build-only note under `astro dev`), which
 * stays as said or unsaid as it was.
 */
interface Note {
  topic: string;
  text: string;
  now?: boolean;
}

/** The notes of `notes` to say now that `record` does not hold for this project, and the record once they are said. Pure. */
function newNotes<T extends Note>(notes: readonly T[], record: SaidNotes, { projectRoot, config }: NoteContext): { news: T[]; record: SaidNotes } {
  const project = digest(projectRoot);
  const before = new Set(record.said[project] ?? []);
  const current = notes.map((note) => ({ note, key: noteDigest(note, config), now: note.now !== false }));
  return {
    news: current.filter(({ key, now }) => now && !before.has(key)).map(({ note }) => note),
    record: { format: 1, said: { ...record.said, [project]: current.filter(({ key, now }) => now || before.has(key)).map(({ key }) => key) } },
  };
}

/** `newNotes` with the record in `file`, which it then updates (written whole or not at all). */
export async function notesToSay<T extends Note>(notes: readonly T[], file: string, context: NoteContext): Promise<T[]> {
  // None yet, or not ours: every note is news.
  const kept = (await readKeptFile(file, SaidNotesSchema, 'a record of notes')).value ?? { format: 1, said: {} };
  const { news, record } = newNotes(notes, kept, context);
  try {
    await writeAtomically(file, `${JSON.stringify(record)}\n`);
  } catch {
    // A read-only cache folder: the next build says the notes again.
  }
  return news;
}
