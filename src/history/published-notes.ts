/**
 * When each release note was first published: the record `portal-roadmap rebuild` keeps in its state folder
 * (`published-notes.json`), from which `portal-roadmap notify` posts a note once (src/notify/news.ts). Notes are
 * files of the team's repository, not portal data, so the history does not hold them; this record is their history.
 *
 * A build run by the rebuild writes the notes it published (`ROADMAP_RELEASE_NOTES_OUT`: each note's address,
 * title in the site's main language, date and tags); once the site is published, the rebuild adds the notes new
 * since the last publish with this run's moment. As the history does with issues, what the record began with is
 * not news: the notes a site had when its record began (the first publish, or the first after an upgrade or a lost
 * state folder) are marked `before`, and never posted. A note's date is the team's, and may be older than notes
 * already posted; its first publish is what makes it news.
 */
import { z } from 'zod';
import { readKeptFile, writeAtomically, type KeptFileRead } from '../shared/files.ts';

/** The record in the state folder. */
export const PUBLISHED_NOTES_FILE = 'published-notes.json';

const BuildNoteSchema = z.object({ slug: z.string(), title: z.string(), date: z.string(), tags: z.array(z.string()) });
export type BuildNote = z.infer<typeof BuildNoteSchema>;
const BuildNotesSchema = z.object({ format: z.literal('portal-roadmap.build-notes'), version: z.literal(1), notes: z.array(BuildNoteSchema) });

const PublishedNoteSchema = BuildNoteSchema.extend({
  /** The moment of the run that first published it (its snapshot's `fetchedAt`, the history's run). */
  since: z.string(),
  /** On the site when the record began: not news. */
  before: z.literal(true).optional(),
});
const PublishedNotesSchema = z.object({ format: z.literal('portal-roadmap.published-notes'), version: z.literal(1), notes: z.array(PublishedNoteSchema) });
export type PublishedNotes = z.infer<typeof PublishedNotesSchema>;

/** What a build writes: the notes it published, in the site's main language. */
export function buildNotesText(notes: readonly BuildNote[]): string {
  const document: z.infer<typeof BuildNotesSchema> = {
    format: 'portal-roadmap.build-notes',
    version: 1,
    notes: notes.map(({ slug, title, date, tags }) => ({ slug, title, date, tags: [...tags] })),
  };
  return `${JSON.stringify(document)}\n`;
}

/** The notes a build wrote; undefined when it wrote none (a build of an older version, or a fake one in tests). */
export async function readBuildNotes(file: string): Promise<BuildNote[] | undefined> {
  return (await readKeptFile(file, BuildNotesSchema, 'a list of release notes')).value?.notes;
}

/** The record in `file`: its value (undefined when there is none yet), or why it cannot be read. */
export const readPublishedNotes = (file: string): Promise<KeptFileRead<PublishedNotes>> => readKeptFile(file, PublishedNotesSchema, 'a record of release notes');

/**
 * The record once a run at `at` published `built`: a note already recorded keeps its first moment (its title and
 * tags as now published); a new one gets `at`; with no record before (`previous` undefined), every note is
 * `before`. A note no longer published leaves the record: published again later, it is news again.
 */
export function recordPublishedNotes(previous: PublishedNotes | undefined, built: readonly BuildNote[], at: string): PublishedNotes {
  const known = new Map((previous?.notes ?? []).map((note) => [note.slug, note]));
  return {
    format: 'portal-roadmap.published-notes',
    version: 1,
    notes: built.map((note) => {
      const earlier = known.get(note.slug);
      if (earlier) return { ...note, since: earlier.since, ...(earlier.before ? { before: true as const } : {}) };
      return previous ? { ...note, since: at } : { ...note, since: at, before: true as const };
    }),
  };
}

export async function writePublishedNotes(file: string, record: PublishedNotes): Promise<void> {
  await writeAtomically(file, `${JSON.stringify(PublishedNotesSchema.parse(record), null, 2)}\n`);
}

/**
 * After a publish: the record in `stateFile` with the notes the build wrote in `buildFile` (a build that wrote
 * none leaves it as it is), `at` being the run's moment. A record that cannot be read starts again, said in `log`.
 */
export async function keepPublishedNotes(buildFile: string, stateFile: string, at: string, log: (line: string) => void): Promise<void> {
  const built = await readBuildNotes(buildFile);
  if (!built) return;
  const previous = await readPublishedNotes(stateFile);
  if (previous.problem) log(`warning: ${stateFile} ${previous.problem}: a new record of release notes starts, the notes this run published counted as posted`);
  await writePublishedNotes(stateFile, recordPublishedNotes(previous.value, built, at));
}
