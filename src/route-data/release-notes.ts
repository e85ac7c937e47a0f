/**
 * The release notes as pages read them: the `releases` collection read once a
 * build, each body rendered once through the descriptions' sanitiser (the same
 * allow-list as an issue's description), then per language the notes it shows,
 * joined to the issues and projects the site shows. The warnings (a note in no
 * version of a language, a name the site does not show) are said once a build.
 */
import { getCollection, render } from 'astro:content';
import settings from 'virtual:portal-roadmap/settings';
import { hasNotes } from '../content/release-notes.ts';
import { asAstroError } from '../content/user-error.ts';
import { renderDescription } from '../descriptions/markdown.ts';
import { buildNotesText } from '../history/published-notes.ts';
import { writeAtomically } from '../shared/files.ts';
import { cleanText, quotedList } from '../shared/text.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { duplicateNoteVersions, markdownOfMdx, releaseSlug } from '../release-notes/frontmatter.ts';
import { joinNote, notesInLanguage, shippedNoteDates, type ReleaseNote, type ReleaseNoteSource } from '../release-notes/notes.ts';
import { ConfigError } from '../shared/errors.ts';
import { RELEASE_SCHEDULE_STEP, scheduledLine, scheduleNotes } from '../release-notes/schedule.ts';
import { warnInBuild } from './build-warning.ts';

let sources: Promise<ReleaseNoteSource[]> | undefined;
const warned = new Set<string>();

function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  warnInBuild('release-notes', message);
}

/** Every note of every language, bodies rendered. A project without the notes' folder has none, and reads no collection. */
function readSources(): Promise<ReleaseNoteSource[]> {
  sources ??= (async () => {
    if (!hasNotes(settings.releaseNotesDir, settings.releaseNotesMdx)) return [];
    const entries = await getCollection('releases');
    const notes = await Promise.all(
      entries.map(async (entry) => {
        const { data, body, filePath, id } = entry;
        const file = filePath ?? id;
        // MDX is the team's own code, as its layout is (docs/security.md): its page renders it; elsewhere its Markdown.
        const mdx = /\.mdx$/i.test(file);
        // Cleaned as an issue's description is (src/snapshot/normalise.ts) before any page, feed or record reads it.
        const markdown = cleanText(body ?? '');
        return {
          ...data,
          file,
          slug: releaseSlug(file),
          html: renderDescription(mdx ? markdownOfMdx(markdown) : markdown).html,
          ...(mdx ? { content: (await render(entry)).Content } : {}),
        };
      }),
    );
    const duplicate = duplicateNoteVersions(notes, settings.config.locales[0]!);
    if (duplicate) throw asAstroError(new ConfigError(duplicate));
    // A note dated after the build's day is nowhere yet: every page, feed and file reads the notes from here.
    const { published, scheduled } = scheduleNotes(notes, settings.buildDay);
    const line = scheduledLine(scheduled);
    if (line) console.log(`[${RELEASE_SCHEDULE_STEP}] ${line}`);
    return published;
  })();
  return sources;
}

/**
 * Per shipped issue of `shipped`, the day of the earliest note this build publishes that names it, in any language
 * (`shippedNoteDates`): the "on or before" bound of what the history did not see ship takes it.
 */
export async function noteDatesOf(shipped: readonly Issue[]): Promise<Map<string, string>> {
  return shippedNoteDates(await readSources(), shipped, settings.buildDay);
}

let written: Promise<void> | undefined;

/**
 * The notes this build publishes, in the main language, where the rebuild asks for them (`ROADMAP_RELEASE_NOTES_OUT`,
 * src/history/published-notes.ts): its record of when each was first published is what `notify` posts from.
 * Written once a build, an empty list included, so a build without notes says so.
 */
function writeBuildNotes(notes: readonly ReleaseNoteSource[]): Promise<void> {
  const file = settings.releaseNotesOut;
  if (!file) return Promise.resolve();
  written ??= writeAtomically(file, buildNotesText(notes));
  return written;
}

/** The notes a language shows, newest first, joined to what the site shows. */
export async function releaseNotesFor(locale: string, issues: readonly Issue[], projects: readonly Project[]): Promise<ReleaseNote[]> {
  const all = await readSources();
  const mainLocale = settings.config.locales[0]!;
  const { notes, missing } = notesInLanguage(all, locale, mainLocale);
  if (locale === mainLocale) await writeBuildNotes(notes);
  if (!all.length) return [];
  // The demo's notes are made up: nothing there for the team to translate.
  if (missing.length && settings.source.kind !== 'demo')
    warnOnce(`No ${locale} version of the release note(s) ${missing.join(', ')}: shown in another language. Add a note with "lang: ${locale}" to translate one.`);
  return notes.map((source) => {
    const { note, unknown } = joinNote(source, issues, projects);
    if (unknown.length) warnOnce(`${source.file} names ${quotedList(unknown)}, which the site does not show: the note is published without a link to it.`);
    return note;
  });
}
