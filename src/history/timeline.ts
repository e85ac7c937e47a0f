/**
 * What the pages read from the history. Pure. Dates the history cannot know
 * stay marked as such (`atLeast`): an issue already on the board when the
 * history began is "in Planned since at least …", never "moved on …".
 */
import { compareCodeUnits } from '../shared/values.ts';
import { decodeSamples, isoDay, dayOf, type History, type IssueRecord, type ProjectRecord, type UpvoteSample } from './schema.ts';

/** An element id (and URL fragment) unique to one event of one issue or project: the feeds link to it. */
export function eventAnchor(kind: string, at: string): string {
  return `event-${kind}-${at.replace(/[^0-9A-Za-z]/g, '-')}`;
}

export interface TimelineStep {
  kind: 'seen' | 'moved' | 'back';
  column: string;
  at: string;
  /** The history began with the issue already here: the date is "since at least". */
  atLeast: boolean;
  /** The step the issue is at now. */
  current: boolean;
  anchor: string;
}

export interface Timeline {
  steps: TimelineStep[];
  /** Moves between the first step and the latest ones were not kept (src/history/bound.ts). */
  trimmed: boolean;
}

/**
 * The date an "on or before" / "since at least" bound says for an issue in its current column: the earliest of the
 * date the history has (`at`, the day it first saw the issue there) and the dates the data vouches for (`vouched`):
 * the issue's last change (`updatedAt`), since its status cannot have changed after it, and, for a shipped issue,
 * the day of the earliest published release note that names it (`shippedNoteDates`, src/release-notes/notes.ts),
 * since a note tells what shipped. A date null (hidden by `privacy.hideFields`, not sent, no note) or later leaves
 * `at`. Every output that dates such a bound (pages, changelog, feeds, latest.json, roadmap.json) takes it from here.
 * E.g. `boundedSince('2026-11-20T09:00:00.000Z', '2025-10-09T00:00:00.000Z', '2025-09-30T00:00:00.000Z')` is
 * `'2025-09-30T00:00:00.000Z'`.
 * @see docs/site.md, "Dates the history did not see" (what it assumes of the portal's `updatedAt` and of notes)
 */
export function boundedSince(at: string, ...vouched: (string | null | undefined)[]): string {
  let earliest = Date.parse(at);
  for (const date of vouched) {
    const time = date ? Date.parse(date) : Number.NaN;
    if (Number.isFinite(time) && time < earliest) earliest = time;
  }
  return earliest < Date.parse(at) ? new Date(earliest).toISOString() : at;
}

/**
 * An issue's steps, oldest first, the latest marked current; undefined when the history does not have it.
 * `updatedAt`, the issue's last change, and `noteDate`, its earliest release note's day, bound the date of a current
 * "since at least" step (`boundedSince`).
 */
export function issueTimeline(history: History, id: string, updatedAt?: string | null, noteDate?: string): Timeline | undefined {
  const record = history.issues.get(id);
  if (!record) return undefined;
  const last = record.events.length - 1;
  return {
    trimmed: record.trimmed === true,
    steps: record.events.map((event, index) => {
      const atLeast = event.kind === 'seen' && event.atLeast === true;
      return {
        kind: event.kind,
        column: event.column,
        at: atLeast && index === last ? boundedSince(event.at, updatedAt, noteDate) : event.at,
        atLeast,
        current: index === last,
        // The stored date: the same anchor in every build, whatever the bound says.
        anchor: eventAnchor(event.kind, event.at),
      };
    }),
  };
}

/** Per issue, for /roadmap.json: the column of each step and when it was taken (bounded as `issueTimeline` does). */
export function moveDates(history: History, id: string, updatedAt?: string | null, noteDate?: string): { column: string; at: string; atLeast?: true }[] {
  return (issueTimeline(history, id, updatedAt, noteDate)?.steps ?? []).map((step) => ({
    column: step.column,
    at: step.at,
    ...(step.atLeast ? { atLeast: true as const } : {}),
  }));
}

/** Days the issue page's upvote trend covers, and the span of its "+N" figure. */
export const TREND_DAYS = 90;
export const GAIN_DAYS = 30;

export interface UpvoteTrend {
  /** A step line: `day` counts from the start of the window (0) to `days`. */
  points: { day: number; count: number }[];
  days: number;
  min: number;
  max: number;
  /** The count now. */
  now: number;
  /** Gain over the last `GAIN_DAYS` days, or since `gainSince` when the history of the issue is shorter. */
  gain: number;
  /** ISO date the gain counts from when that is less than `GAIN_DAYS` ago; null when it covers them all. */
  gainSince: string | null;
}

const countAt = (samples: readonly UpvoteSample[], day: number): number | undefined => {
  let count: number | undefined;
  for (const sample of samples) {
    if (sample.day > day) break;
    count = sample.count;
  }
  return count;
};

/**
 * An issue's upvotes over the `days` before `asOf`, as a step line, and its
 * gain. Undefined when there is no trend to draw: the history has the issue
 * for less than a day.
 */
export function upvoteTrend(history: History, id: string, asOf: string, days = TREND_DAYS, gainDays = GAIN_DAYS): UpvoteTrend | undefined {
  const record = history.issues.get(id);
  if (!record) return undefined;
  const samples = decodeSamples(record.upvotes);
  const today = dayOf(asOf);
  const first = samples[0];
  if (!first || first.day >= today) return undefined;
  const start = today - days;
  const now = countAt(samples, today)!;
  const startCount = countAt(samples, start);
  const points: { day: number; count: number }[] = [];
  let previous: number;
  if (startCount === undefined) {
    previous = first.count;
    points.push({ day: first.day - start, count: first.count });
  } else {
    previous = startCount;
    points.push({ day: 0, count: startCount });
  }
  for (const sample of samples) {
    if (sample.day <= Math.max(start, first.day) || sample.day > today) continue;
    // Samples hold the count at the end of their day: the step is drawn on that day.
    points.push({ day: sample.day - start, count: previous }, { day: sample.day - start, count: sample.count });
    previous = sample.count;
  }
  points.push({ day: days, count: now });
  const gainBase = countAt(samples, today - gainDays);
  const counts = points.map((p) => p.count);
  return {
    points,
    days,
    min: Math.min(...counts),
    max: Math.max(...counts),
    now,
    gain: now - (gainBase ?? first.count),
    gainSince: gainBase === undefined ? isoDay(first.day) : null,
  };
}

interface ShippedRule {
  /** Column ids whose issues count as shipped (config `shipped.columns`). */
  columns: readonly string[];
  /** Project states that count as completed, any case (config `shipped.projectStates`); 100 % counts too. */
  projectStates: readonly string[];
}

export interface ChangelogEntry {
  kind: 'issue' | 'project';
  id: string;
  /** When it entered a shipped column (or was completed). */
  at: string;
  /**
   * The history saw it arrive already shipped (when the history began, when it
   * came back, or when it first appeared on the site): the date is "on or before".
   */
  atLeast: boolean;
}

/**
 * When an issue entered the shipped columns it is in now; undefined when it is not in one. A date the history did
 * not see happen ("on or before") is bounded by the issue's last change, `updatedAt`, and its earliest release
 * note's day, `noteDate` (`boundedSince`).
 */
export function shippedAt(record: IssueRecord, shippedColumns: readonly string[], updatedAt?: string | null, noteDate?: string): Omit<ChangelogEntry, 'kind' | 'id'> | undefined {
  const shipped = new Set(shippedColumns);
  let index = record.events.length - 1;
  if (!shipped.has(record.events[index]!.column)) return undefined;
  // A move from one shipped column to another is not a new ship date.
  while (index > 0 && shipped.has(record.events[index - 1]!.column)) index--;
  const event = record.events[index]!;
  const atLeast = event.kind !== 'moved';
  return { at: atLeast ? boundedSince(event.at, updatedAt, noteDate) : event.at, atLeast };
}

/** When a project was completed (by state or 100 %), if it is now. */
export function completedAt(record: ProjectRecord, projectStates: readonly string[]): Omit<ChangelogEntry, 'kind' | 'id'> | undefined {
  const states = new Set(projectStates.map((s) => s.toLowerCase()));
  let state: string | null = null;
  let progress = 0;
  const completed = record.events.map((event) => {
    if ('state' in event) state = event.state;
    if ('progress' in event) progress = event.progress;
    return progress >= 100 || (state !== null && states.has(state.toLowerCase()));
  });
  let index = completed.length - 1;
  if (!completed[index]) return undefined;
  while (index > 0 && completed[index - 1]) index--;
  const event = record.events[index]!;
  return { at: event.at, atLeast: event.kind === 'seen' || event.kind === 'back' };
}

/**
 * The changelog: issues in a shipped column with the date they entered it,
 * and completed projects, newest first; those whose date the history cannot
 * know (`atLeast`) come last, dated by the bound `boundedSince` gives with
 * each issue's `updatedAt` from `issues` and its earliest note's day from `noteDates`.
 */
export function changelog(
  history: History,
  rule: ShippedRule,
  issues: readonly { id: string; updatedAt: string | null }[],
  noteDates: ReadonlyMap<string, string> = new Map(),
): ChangelogEntry[] {
  const updatedAt = new Map(issues.map((issue) => [issue.id, issue.updatedAt]));
  const entries: ChangelogEntry[] = [];
  for (const [id, record] of history.issues) {
    const shipped = shippedAt(record, rule.columns, updatedAt.get(id), noteDates.get(id));
    if (shipped) entries.push({ kind: 'issue', id, ...shipped });
  }
  for (const [id, record] of history.projects) {
    const completed = completedAt(record, rule.projectStates);
    if (completed) entries.push({ kind: 'project', id, ...completed });
  }
  return entries.sort(changelogOrder);
}

/** Dated entries newest first, then those whose date is only a bound (`atLeast`). */
export function changelogOrder(a: ChangelogEntry, b: ChangelogEntry): number {
  return Number(a.atLeast) - Number(b.atLeast) || compareCodeUnits(b.at, a.at) || compareCodeUnits(a.kind, b.kind) || compareCodeUnits(a.id, b.id);
}

export interface ChangelogGroup<Entry extends Pick<ChangelogEntry, 'at' | 'atLeast'> = ChangelogEntry> {
  /** `2026-11` for a month, `earlier` for the entries whose date is only a bound. */
  key: string;
  entries: Entry[];
}

/** Consecutive entries grouped by UTC month, the undated ones in one `earlier` group. */
export function groupByMonth<Entry extends Pick<ChangelogEntry, 'at' | 'atLeast'>>(entries: readonly Entry[]): ChangelogGroup<Entry>[] {
  const groups: ChangelogGroup<Entry>[] = [];
  for (const entry of entries) {
    const key = entry.atLeast ? 'earlier' : entry.at.slice(0, 7);
    const last = groups.at(-1);
    if (last?.key === key) last.entries.push(entry);
    else groups.push({ key, entries: [entry] });
  }
  return groups;
}

export type IssueChange = { subject: 'issue'; id: string; at: string; kind: 'seen' | 'moved' | 'back'; column: string; from: string | null; anchor: string };
export type ProjectChange =
  | { subject: 'project'; id: string; at: string; kind: 'seen' | 'back'; state: string | null; progress: number; anchor: string }
  | { subject: 'project'; id: string; at: string; kind: 'state'; state: string | null; from: string | null; anchor: string }
  | { subject: 'project'; id: string; at: string; kind: 'progress'; progress: number; from: number; anchor: string };
export type Change = IssueChange | ProjectChange;

/**
 * What `changes` and `feedEvents` found in a history, kept with it: a site's every team and project feed asks for
 * the same events, and walking and sorting the whole history for each would cost the product of the two
 * (@see docs/project/performance-log.md, "Measurements behind the code"). A history is never changed once read.
 */
const changesOf = new WeakMap<History, readonly Change[]>();
const feedEventsOf = new WeakMap<History, Map<string, readonly FeedEvent[]>>();

/**
 * Every dated change of issues and projects on the site now, newest first.
 * What the history began with (`atLeast`) is not a change and is left out.
 */
export function changes(history: History): readonly Change[] {
  let list = changesOf.get(history);
  if (!list) {
    list = listChanges(history);
    changesOf.set(history, list);
  }
  return list;
}

function listChanges(history: History): Change[] {
  const list: Change[] = [];
  for (const [id, record] of history.issues) {
    record.events.forEach((event, index) => {
      if (event.kind === 'seen' && event.atLeast) return;
      const from = index > 0 ? record.events[index - 1]!.column : null;
      list.push({ subject: 'issue', id, at: event.at, kind: event.kind, column: event.column, from, anchor: eventAnchor(event.kind, event.at) });
    });
  }
  for (const [id, record] of history.projects) {
    let state: string | null = null;
    let progress = 0;
    for (const event of record.events) {
      const anchor = eventAnchor(event.kind, event.at);
      if (event.kind === 'state') list.push({ subject: 'project', id, at: event.at, kind: 'state', state: event.state, from: state, anchor });
      if (event.kind === 'progress') list.push({ subject: 'project', id, at: event.at, kind: 'progress', progress: event.progress, from: progress, anchor });
      if ((event.kind === 'seen' && !event.atLeast) || event.kind === 'back') {
        list.push({ subject: 'project', id, at: event.at, kind: event.kind, state: event.state, progress: event.progress, anchor });
      }
      if ('state' in event) state = event.state;
      if ('progress' in event) progress = event.progress;
    }
  }
  return list.sort((a, b) => compareCodeUnits(b.at, a.at) || compareCodeUnits(a.subject, b.subject) || compareCodeUnits(a.id, b.id));
}

/** Days the recent-changes view covers. */
export const RECENT_DAYS = 7;

/** Changes in the `days` before `asOf`, newest first, and how many issues left the site in them (counted, never named). */
export function recentChanges(history: History, asOf: string, days = RECENT_DAYS): { changes: Change[]; leftIssues: number; since: string } {
  const since = new Date(Date.parse(asOf) - days * 86_400_000).toISOString();
  return {
    since,
    changes: changes(history).filter((change) => change.at > since && change.at <= asOf),
    leftIssues: [...history.left.issues.values()].filter((at) => at > since && at <= asOf).length,
  };
}

/** Kinds of change a reader of the site feed is told about. */
export type FeedEventKind = 'new' | 'started' | 'shipped' | 'completed';

export interface FeedEvent {
  kind: FeedEventKind;
  subject: 'issue' | 'project';
  id: string;
  at: string;
  /** The column it moved to (issues). */
  column: string | null;
  anchor: string;
}

interface FeedRule {
  shippedColumns: readonly string[];
  /** Columns whose arrival is "work started" (the `in-progress` column by default). */
  startedColumns: readonly string[];
  projectStates: readonly string[];
}

/**
 * The events the site feed has an item for, newest first: an issue new on the
 * board, moved to in progress, moved to a shipped column; a project completed.
 * Coming back, and what the history began with, are not news.
 */
export function feedEvents(history: History, rule: FeedRule): readonly FeedEvent[] {
  const key = JSON.stringify([rule.shippedColumns, rule.startedColumns, rule.projectStates]);
  let byRule = feedEventsOf.get(history);
  if (!byRule) feedEventsOf.set(history, (byRule = new Map()));
  let events = byRule.get(key);
  if (!events) byRule.set(key, (events = listFeedEvents(history, rule)));
  return events;
}

function listFeedEvents(history: History, rule: FeedRule): FeedEvent[] {
  const shipped = new Set(rule.shippedColumns);
  const started = new Set(rule.startedColumns);
  const movedInto = (set: Set<string>, change: IssueChange) => change.kind === 'moved' && set.has(change.column) && !(change.from !== null && set.has(change.from));
  const events: FeedEvent[] = [];
  for (const change of changes(history)) {
    if (change.subject !== 'issue') continue;
    const kind: FeedEventKind | undefined = change.kind === 'seen' ? 'new' : movedInto(shipped, change) ? 'shipped' : movedInto(started, change) ? 'started' : undefined;
    if (kind) events.push({ kind, subject: 'issue', id: change.id, at: change.at, column: change.column, anchor: change.anchor });
  }
  for (const [id, record] of history.projects) {
    const completed = completedAt(record, rule.projectStates);
    if (completed && !completed.atLeast) {
      const event = record.events.find((e) => e.at === completed.at)!;
      events.push({ kind: 'completed', subject: 'project', id, at: completed.at, column: null, anchor: eventAnchor(event.kind, event.at) });
    }
  }
  return events.sort((a, b) => compareCodeUnits(b.at, a.at) || compareCodeUnits(a.id, b.id));
}
