/**
 * Records one run into the history. Pure: the history in, the history out.
 *
 * The input is what the site shows, not the snapshot: an issue is on the site
 * when it is in a shown column (src/shown/columns.ts), so hidden, deleted and
 * canceled issues are simply absent, and an issue that goes absent has "left".
 * The history is its own record of the previous state (each issue's column is
 * that of its latest event), so a history recovered from the live site
 * continues exactly where the site left off, whatever the state folder holds.
 */
import { compareCodeUnits } from '../shared/values.ts';
import { boundTombstones, thinHistory, trimEvents } from './bound.ts';
import { dayOf, emptyHistory, lastSamples, type History, type IssueRecord, type ProjectEvent, type ProjectRecord } from './schema.ts';
import { diffShown, historyState, projectFacts, progressStep, stateOf, type ShownChanges, type ShownProject, type ShownState } from './shown.ts';

export { progressStep, shownState, type ShownIssue, type ShownProject, type ShownState } from './shown.ts';

/** A run as recorded: the history after it, and the changes it recorded (the same ones the change report lists). */
export interface RecordedRun {
  history: History;
  changes: ShownChanges;
}

/** `recordChanges(…).history`. */
export function recordRun(previous: History | undefined, shown: ShownState, fetchedAt: string): History {
  return recordChanges(previous, shown, fetchedAt).history;
}

/**
 * `previous` plus what changed at `fetchedAt`. The first run (no history)
 * marks everything `atLeast`: it was already there, since an unknown date.
 * Idempotent: recording the same state again adds nothing, and a run older
 * than the latest recorded one is ignored (the history is returned as it is).
 */
export function recordChanges(previous: History | undefined, shown: ShownState, fetchedAt: string): RecordedRun {
  // The one comparison (src/history/shown.ts): the history's own record of the previous state against this run.
  const changes = diffShown(previous && historyState(previous), shown);
  if (previous && Date.parse(fetchedAt) < Date.parse(previous.recordedAt)) return { history: previous, changes: diffShown(shown, shown) };
  const firstRun = previous === undefined;
  const base = previous ?? emptyHistory(fetchedAt);
  const day = dayOf(fetchedAt);
  const moved = new Map(changes.issues.moved.map((move) => [move.id, move.to]));
  const votes = new Map(changes.issues.upvotes.map((change) => [change.id, change.to]));
  const projectChanges = new Set([...changes.projects.state, ...changes.projects.progress].map((change) => change.id));

  const issues = recordAll(base.issues, base.left.issues, shown.issues, fetchedAt, {
    update: (record, id) => updateIssue(record, moved.get(id), votes.get(id), fetchedAt, day),
    create: (now, returning): IssueRecord => ({
      events: [
        returning ? { at: fetchedAt, kind: 'back', column: now.column } : { at: fetchedAt, kind: 'seen', column: now.column, ...(firstRun ? { atLeast: true as const } : {}) },
      ],
      upvotes: [day, now.upvotes],
    }),
  });
  const projects = recordAll(base.projects, base.left.projects, shown.projects, fetchedAt, {
    update: (record, id, now) => (projectChanges.has(id) ? updateProject(record, now, fetchedAt) : record),
    create: (now, returning): ProjectRecord => {
      const facts = { state: stateOf(now.state), progress: progressStep(now.progress) };
      return { events: [returning ? { at: fetchedAt, kind: 'back', ...facts } : { at: fetchedAt, kind: 'seen', ...facts, ...(firstRun ? { atLeast: true as const } : {}) }] };
    },
  });
  const left = { issues: boundTombstones(issues.left), projects: boundTombstones(projects.left) };
  const next: History = { ...base, recordedAt: fetchedAt, issues: issues.records, projects: projects.records, left };
  // Samples only cross the daily window when the day changes: thinning once a day keeps runs cheap.
  return { history: firstRun || dayOf(base.recordedAt) !== day ? thinHistory(next, day) : next, changes };
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
  how: { update: (record: R, id: string, now: S) => R; create: (now: S, returning: boolean) => R },
): { records: Map<string, R>; left: Map<string, string> } {
  const kept = new Map<string, R>();
  const gone: string[] = [];
  for (const [id, record] of records) {
    const now = shown.get(id);
    if (now === undefined) gone.push(id);
    else kept.set(id, how.update(record, id, now));
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

/** An issue after a run: a `moved` event when it moved (`movedTo`), today's upvote sample when the count changed. */
function updateIssue(record: IssueRecord, movedTo: string | undefined, upvotesNow: number | undefined, at: string, day: number): IssueRecord {
  let next = record;
  if (movedTo !== undefined) next = withEvents(next, [...next.events, { at, kind: 'moved', column: movedTo }]);
  const upvotes = upvotesNow === undefined ? record.upvotes : withSample(record.upvotes, day, upvotesNow);
  return upvotes === record.upvotes ? next : { ...next, upvotes };
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

/**
 * The history after the config's columns changed: an issue the site shows in another column than the history's
 * latest event, whose portal status is the same as at the last publish (`sameStatus`), was re-filed by the config,
 * not moved by the team. Its latest event takes the new column, so no `moved` event is added: a column that takes
 * in a status would otherwise post "shipped today" for everything in that status, in the changelog, the feeds,
 * the badge and the chat posts. The event keeps its date, which is when the issue entered that status. A latest
 * event that then repeats the column of the one before it goes. The same history when nothing was re-filed.
 */
export function refileUnmoved(history: History, shown: ShownState, sameStatus: (id: string) => boolean): { history: History; refiled: string[] } {
  const refiled: string[] = [];
  let issues: Map<string, IssueRecord> | undefined;
  for (const [id, record] of history.issues) {
    const now = shown.issues.get(id);
    const latest = record.events.at(-1)!;
    if (!now || now.column === latest.column || !sameStatus(id)) continue;
    const before = record.events.at(-2);
    const events = before?.column === now.column ? record.events.slice(0, -1) : [...record.events.slice(0, -1), { ...latest, column: now.column }];
    issues ??= new Map(history.issues);
    issues.set(id, { ...record, events });
    refiled.push(id);
  }
  return { history: issues ? { ...history, issues } : history, refiled };
}
