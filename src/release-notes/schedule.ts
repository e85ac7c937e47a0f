/**
 * Notes on a schedule (docs/release-notes.md, "Publishing on a date"): a note dated after the build's day is published
 * nowhere (its page, the changelog, feeds, search, latest.json, share cards, the sitemap, chat posts) until the first
 * build on or after its date. The build's day (`settings.buildDay`, src/config/build-day.ts) is today's in UTC, or
 * `ROADMAP_BUILD_DATE` for previews and tests. Pure.
 */
import { compareCodeUnits } from '../shared/values.ts';

/** How the build's log names what the route data says of the schedule, so that the rebuild passes the line on. */
export const RELEASE_SCHEDULE_STEP = 'portal-roadmap:release-schedule';

/** Whether a note dated `date` (`YYYY-MM-DD`) waits for a later build than one on `day`. */
export const isScheduled = (date: string, day: string): boolean => date > day;

/** The notes a build on `day` publishes, and those it keeps for later (dated after `day`), each in the order given. */
export function scheduleNotes<Note extends { date: string }>(notes: readonly Note[], day: string): { published: Note[]; scheduled: Note[] } {
  return { published: notes.filter((note) => !isScheduled(note.date, day)), scheduled: notes.filter((note) => isScheduled(note.date, day)) };
}

/**
 * The build log's line of what waits, one entry a note (its translations are the same note), soonest first, e.g.
 * `Scheduled: 1 release note (faster-sync, 2026-12-01)`; undefined when nothing does.
 */
export function scheduledLine(scheduled: readonly { slug: string; date: string }[]): string | undefined {
  const bySlug = new Map<string, string>();
  for (const { slug, date } of scheduled) if (!bySlug.has(slug) || date < bySlug.get(slug)!) bySlug.set(slug, date);
  if (!bySlug.size) return undefined;
  const entries = [...bySlug].sort(([a, first], [b, second]) => compareCodeUnits(first, second) || compareCodeUnits(a, b));
  return `Scheduled: ${entries.length} release note${entries.length === 1 ? '' : 's'} (${entries.map(([slug, date]) => `${slug}, ${date}`).join('; ')})`;
}

/**
 * A note's `date` as its file's frontmatter writes it (`YYYY-MM-DD`, quoted or not, a time of day after it ignored),
 * for what must know a note's day without Astro's loader (the rebuild's fingerprint); undefined when none is found.
 */
export function writtenNoteDate(file: string): string | undefined {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(file)?.[1];
  return frontmatter ? /^date[ \t]*:[ \t]*['"]?(\d{4}-\d{2}-\d{2})/m.exec(frontmatter)?.[1] : undefined;
}
