/**
 * What keeps the history bounded at any age:
 * - upvote samples are daily for the last `DAILY_SAMPLE_DAYS` days and weekly
 *   before that (the last sample of each week is kept), and a sample is only
 *   ever stored when the count changed;
 * - an issue or project keeps its first event and its latest ones, at most
 *   `MAX_EVENTS` in all (a status flipped back and forth every run cannot grow it);
 * - what leaves the site shrinks to its id and a date (src/history/record.ts).
 * So the file grows with the number of issues, not with the number of runs:
 * README, "The history", gives the measured size at 10,000 issues after a year.
 */
import { compareCodeUnits } from '../shared/values.ts';
import { decodeSamples, encodeSamples, type History, type IssueRecord, type UpvoteSample } from './schema.ts';

/** Days of daily upvote samples; older ones are thinned to one a week. The issue page's trend covers the same 90 days. */
export const DAILY_SAMPLE_DAYS = 90;
/** Events kept per issue or project: the first one, and the latest `MAX_EVENTS - 1`. */
export const MAX_EVENTS = 50;

/** Weeks start on Monday: day 0 (1970-01-01) was a Thursday. */
const weekOf = (day: number) => Math.floor((day + 3) / 7);

/** Samples older than `DAILY_SAMPLE_DAYS` before `today` thinned to the last of each week; the same list when nothing changes. */
export function thinSamples(list: number[], today: number): number[] {
  const cutoff = today - DAILY_SAMPLE_DAYS;
  if (!needsThinning(list, cutoff)) return list;
  const samples = decodeSamples(list);
  const kept: UpvoteSample[] = [];
  for (let index = 0; index < samples.length; index++) {
    const sample = samples[index]!;
    const next = samples[index + 1];
    const supersededThisWeek = sample.day < cutoff && next !== undefined && next.day < cutoff && weekOf(next.day) === weekOf(sample.day);
    if (supersededThisWeek) continue;
    // Only changes are stored: a weekly sample equal to the one before it says nothing.
    if (kept.length > 0 && kept.at(-1)!.count === sample.count) continue;
    kept.push(sample);
  }
  return kept.length === samples.length ? list : encodeSamples(kept);
}

/**
 * Whether two samples older than `cutoff` share a week: the only way a list
 * can need thinning, since stored samples always differ from the one before.
 * Checked without building anything, as it runs for every issue once a day.
 */
function needsThinning(list: readonly number[], cutoff: number): boolean {
  let day = 0;
  let previousWeek = Number.NaN;
  for (let index = 0; index < list.length; index += 2) {
    day += list[index]!;
    if (day >= cutoff) return false;
    const week = weekOf(day);
    if (week === previousWeek) return true;
    previousWeek = week;
  }
  return false;
}

/** The first event and the latest ones, at most `MAX_EVENTS`. */
export function trimEvents<E>(events: readonly E[]): { events: E[]; trimmed: boolean } {
  if (events.length <= MAX_EVENTS) return { events: [...events], trimmed: false };
  return { events: [events[0]!, ...events.slice(events.length - (MAX_EVENTS - 1))], trimmed: true };
}

/**
 * Tombstones kept per kind (issues, projects): the newest. Each is a page in
 * every language, so a history listing hundreds of thousands of ids that left
 * (20,000 made 40,044 files) would fill a host's file limit; an id that left
 * longer ago than the newest 5,000 loses its page, not the site.
 */
export const MAX_TOMBSTONES = 5_000;

/** `left` with at most MAX_TOMBSTONES ids, the newest by date (then by id), in id order; the same map when within it. */
export function boundTombstones(left: ReadonlyMap<string, string>): Map<string, string> {
  if (left.size <= MAX_TOMBSTONES) return left as Map<string, string>;
  const newest = [...left].sort(([a, at], [b, bt]) => (at === bt ? compareCodeUnits(a, b) : at < bt ? 1 : -1)).slice(0, MAX_TOMBSTONES);
  return new Map(newest.sort(([a], [b]) => compareCodeUnits(a, b)));
}

/** Every issue's samples thinned for `today`; the same history when none needed it. */
export function thinHistory(history: History, today: number): History {
  let issues: Map<string, IssueRecord> | undefined;
  for (const [id, record] of history.issues) {
    const upvotes = thinSamples(record.upvotes, today);
    if (upvotes === record.upvotes) continue;
    issues ??= new Map(history.issues);
    issues.set(id, { ...record, upvotes });
  }
  return issues ? { ...history, issues } : history;
}
