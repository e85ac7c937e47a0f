/**
 * Records one run into the history. Pure: the history in, the history out.
 *
 * The input is what the site shows, not the snapshot: an issue is on the site
 * when it is in a shown column (src/site/columns.ts), so hidden, deleted and
 * canceled issues are simply absent, and an issue that goes absent has "left".
 * The history is its own record of the previous state (each issue's column is
 * that of its latest event), so a history recovered from the live site
 * continues exactly where the site left off, whatever the state directory holds.
 */
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { compareCodeUnits } from '../shared/values.ts';
import { shownColumns } from '../site/columns.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { thinHistory, trimEvents } from './bound.ts';
import { dayOf, emptyHistory, MAX_STATE_LENGTH, type History, type IssueRecord, type ProjectEvent, type ProjectRecord } from './schema.ts';

export interface ShownIssue {
  column: string;
  upvotes: number;
}
export interface ShownProject {
  state: string | null;
  /** Percent, 0–100. */
  progress: number;
}
/** What the site shows of each issue and project, by id: all a run records. */
export interface ShownState {
  issues: ReadonlyMap<string, ShownIssue>;
  projects: ReadonlyMap<string, ShownProject>;
}

/** The shown state of a snapshot's (or the collections') issues and projects under the configured columns. */
export function shownState(issues: readonly Issue[], projects: readonly Project[], columns: readonly ColumnConfig[]): ShownState {
  const shownIssues = new Map<string, ShownIssue>();
  for (const column of shownColumns(issues, columns)) {
    for (const issue of column.issues) shownIssues.set(issue.id, { column: column.id, upvotes: issue.upvotes });
  }
  return { issues: shownIssues, projects: new Map(projects.map((p) => [p.id, { state: p.state, progress: p.progress }])) };
}

/** Progress as the step of 10 % it has reached: 99 % is 90, only 100 % is 100. */
export function progressStep(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.floor(percent / 10) * 10));
}

const stateOf = (state: string | null) => (state === null ? null : state.slice(0, MAX_STATE_LENGTH));

/**
 * `previous` plus what changed at `fetchedAt`. The first run (no history)
 * marks everything `atLeast`: it was already there, since an unknown date.
 * Idempotent: recording the same state again adds nothing, and a run older
 * than the latest recorded one is ignored (the history is returned as it is).
 */
export function recordRun(previous: History | undefined, shown: ShownState, fetchedAt: string): History {
  if (previous && Date.parse(fetchedAt) < Date.parse(previous.recordedAt)) return previous;
  const firstRun = previous === undefined;
  const base = previous ?? emptyHistory(fetchedAt);
  const day = dayOf(fetchedAt);

  const issues = recordAll(base.issues, base.left.issues, shown.issues, fetchedAt, {
    update: (record, now) => updateIssue(record, now, fetchedAt, day),
    create: (now, returning): IssueRecord => ({
      events: [
        returning
          ? { at: fetchedAt, kind: 'back', column: now.column }
          : { at: fetchedAt, kind: 'seen', column: now.column, ...(firstRun ? { atLeast: true as const } : {}) },
      ],
      upvotes: [day, now.upvotes],
    }),
  });
  const projects = recordAll(base.projects, base.left.projects, shown.projects, fetchedAt, {
    update: (record, now) => updateProject(record, now, fetchedAt),
    create: (now, returning): ProjectRecord => {
      const facts = { state: stateOf(now.state), progress: progressStep(now.progress) };
      return { events: [returning ? { at: fetchedAt, kind: 'back', ...facts } : { at: fetchedAt, kind: 'seen', ...facts, ...(firstRun ? { atLeast: true as const } : {}) }] };
    },
  });
  const next: History = { ...base, recordedAt: fetchedAt, issues: issues.records, projects: projects.records, left: { issues: issues.left, projects: projects.left } };
  // Samples only cross the daily window when the day changes: thinning once a day keeps runs cheap.
  return firstRun || dayOf(base.recordedAt) !== day ? thinHistory(next, day) : next;
}

/**
 * One kind of record (issues or projects) after a run: records of what is
 * shown are updated or created (`returning` when it had left), and what is no
 * longer shown moves to `left` with the date. Ids stay sorted; objects are
 * only rebuilt when an id came or went, so a quiet run is cheap.
 */
function recordAll<R, S>(
  records: Map<string, R>,
  left: Map<string, string>,
  shown: ReadonlyMap<string, S>,
  at: string,
  how: { update: (record: R, now: S) => R; create: (now: S, returning: boolean) => R },
): { records: Map<string, R>; left: Map<string, string> } {
  const kept = new Map<string, R>();
  const gone: string[] = [];
  for (const [id, record] of records) {
    const now = shown.get(id);
    if (now === undefined) gone.push(id);
    else kept.set(id, how.update(record, now));
  }
  const returned: string[] = [];
  const arrived = new Map<string, R>();
  for (const [id, now] of shown) {
    if (records.has(id)) continue;
    const returning = left.has(id);
    if (returning) returned.push(id);
    arrived.set(id, how.create(now, returning));
  }
  const nextRecords = arrived.size ? mergeSorted(kept, arrived) : kept;
  // Histories are never changed in place, so an unchanged map is shared with the previous history.
  if (gone.length === 0 && returned.length === 0) return { records: nextRecords, left };
  // What left keeps its id and the date, nothing more.
  const back = new Set(returned);
  const stillLeft = new Map([...left].filter(([id]) => !back.has(id)));
  return { records: nextRecords, left: gone.length ? mergeSorted(stillLeft, new Map(gone.map((id) => [id, at]))) : stillLeft };
}

/** Two maps sorted by id merged into one, in one pass: `sorted` is in id order already, `added` in any order. */
function mergeSorted<V>(sorted: ReadonlyMap<string, V>, added: ReadonlyMap<string, V>): Map<string, V> {
  const extra = [...added].sort(([a], [b]) => compareCodeUnits(a, b));
  const merged = new Map<string, V>();
  let index = 0;
  for (const [id, value] of sorted) {
    while (index < extra.length && compareCodeUnits(extra[index]![0], id) < 0) merged.set(...extra[index++]!);
    merged.set(id, value);
  }
  while (index < extra.length) merged.set(...extra[index++]!);
  return merged;
}

/** The column an issue is in according to its latest event. */
export function currentColumn(record: IssueRecord): string {
  return record.events.at(-1)!.column;
}

function updateIssue(record: IssueRecord, now: ShownIssue, at: string, day: number): IssueRecord {
  let next = record;
  if (currentColumn(record) !== now.column) next = withEvents(next, [...next.events, { at, kind: 'moved', column: now.column }]);
  const upvotes = withSample(record.upvotes, day, now.upvotes);
  return upvotes === record.upvotes ? next : { ...next, upvotes };
}

/** A project's state and progress step after its events. */
export function projectFacts(record: ProjectRecord): { state: string | null; progress: number } {
  let state: string | null = null;
  let progress = 0;
  for (const event of record.events) {
    if ('state' in event) state = event.state;
    if ('progress' in event) progress = event.progress;
  }
  return { state, progress };
}

function updateProject(record: ProjectRecord, now: ShownProject, at: string): ProjectRecord {
  const before = projectFacts(record);
  const added: ProjectEvent[] = [];
  const state = stateOf(now.state);
  if (state !== before.state) added.push({ at, kind: 'state', state });
  const progress = progressStep(now.progress);
  if (progress !== before.progress) added.push({ at, kind: 'progress', progress });
  return added.length ? withEvents(record, [...record.events, ...added]) : record;
}

function withEvents<R extends { events: unknown[]; trimmed?: true }>(record: R, events: R['events']): R {
  const trimmed = trimEvents(events);
  return { ...record, events: trimmed.events, ...(trimmed.trimmed || record.trimmed ? { trimmed: true as const } : {}) };
}

/**
 * The samples with today's count: appended when the day is new, replacing
 * today's sample when there is one (the latest count of a day stands), and
 * left alone when the count did not change. The same list when nothing changes.
 */
export function withSample(list: number[], day: number, count: number): number[] {
  if (list.length === 0) return [day, count];
  const { lastDay, lastCount, beforeCount } = lastSamples(list);
  if (count === lastCount || day < lastDay) return list;
  if (day > lastDay) return [...list, day - lastDay, count - lastCount];
  // A second run on the same day: today's sample takes the new count, or goes when that equals yesterday's.
  const withoutToday = list.slice(0, -2);
  if (withoutToday.length === 0) return [day, count];
  return beforeCount === count ? withoutToday : [...withoutToday, list.at(-2)!, count - beforeCount!];
}

interface LastSamples {
  lastDay: number;
  lastCount: number;
  /** The count of the sample before the last, if any. */
  beforeCount: number | undefined;
}

/** Lists are never changed in place, so the sums over a list are worked out once and remembered with it. */
const lastSamplesOf = new WeakMap<number[], LastSamples>();

function lastSamples(list: number[]): LastSamples {
  let found = lastSamplesOf.get(list);
  if (!found) {
    let lastDay = 0;
    let lastCount = 0;
    let beforeCount: number | undefined;
    for (let index = 0; index < list.length; index += 2) {
      beforeCount = index === 0 ? undefined : lastCount;
      lastDay += list[index]!;
      lastCount += list[index + 1]!;
    }
    found = { lastDay, lastCount, beforeCount };
    lastSamplesOf.set(list, found);
  }
  return found;
}
