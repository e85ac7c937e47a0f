/**
 * What the site shows of each issue and project (all a run records), and the
 * one comparison of two such states. The rebuild's change report, its step
 * summary and the history's events all come from `diffShown`, so they cannot
 * disagree about what changed. Pure.
 *
 * Only public facts are compared (ids, column ids, counts, project states and
 * progress steps): an issue that leaves the site (hidden, deleted, moved to a
 * hidden column) is `removed` by id, with nothing else to name it by.
 */
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { compareCodeUnits } from '../shared/values.ts';
import { shownColumns } from '../shown/columns.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { lastSamples, MAX_STATE_LENGTH, type History, type ProjectRecord } from './schema.ts';

export interface ShownIssue {
  column: string;
  upvotes: number;
}
export interface ShownProject {
  state: string | null;
  /** Percent, 0–100. */
  progress: number;
}
/** What the site shows of each issue and project, by id. */
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

/** Progress as the step of 10 % it has reached: 99 % is 90, only 100 % is 100. The history records steps, not every percent. */
export function progressStep(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.floor(percent / 10) * 10));
}

/** A project's state as the history keeps it: cut to `MAX_STATE_LENGTH`. */
export const stateOf = (state: string | null) => (state === null ? null : state.slice(0, MAX_STATE_LENGTH));

/** The column an issue is in according to its latest event. */
export function currentColumn(record: { events: readonly { column: string }[] }): string {
  return record.events.at(-1)!.column;
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

/** What the site showed when the history was last recorded, as the history itself remembers it. */
export function historyState(history: History): ShownState {
  const issues = new Map<string, ShownIssue>();
  for (const [id, record] of history.issues) {
    issues.set(id, { column: currentColumn(record), upvotes: lastSamples(record.upvotes).lastCount });
  }
  return { issues, projects: new Map([...history.projects].map(([id, record]) => [id, projectFacts(record)])) };
}

/** What changed between two shown states: ids sorted, facts only. */
export interface ShownChanges {
  issues: {
    /** On the site now and not before (new, or back after leaving). */
    added: { id: string; column: string }[];
    /** On the site before and not now: id only. */
    removed: string[];
    moved: { id: string; from: string; to: string }[];
    upvotes: { id: string; from: number; to: number }[];
  };
  projects: {
    added: string[];
    removed: string[];
    state: { id: string; from: string | null; to: string | null }[];
    /** Progress steps of 10 % (`progressStep`): a move within a step is no change. */
    progress: { id: string; from: number; to: number }[];
  };
}

/** `after` against `before`; with no `before`, everything in `after` is added. */
export function diffShown(before: ShownState | undefined, after: ShownState): ShownChanges {
  const oldIssues = before?.issues ?? new Map<string, ShownIssue>();
  const oldProjects = before?.projects ?? new Map<string, ShownProject>();
  const sorted = <T>(map: ReadonlyMap<string, T>) => [...map].sort(([a], [b]) => compareCodeUnits(a, b));
  const changes: ShownChanges = {
    issues: { added: [], removed: [], moved: [], upvotes: [] },
    projects: { added: [], removed: [], state: [], progress: [] },
  };
  for (const [id, now] of sorted(after.issues)) {
    const was = oldIssues.get(id);
    if (!was) {
      changes.issues.added.push({ id, column: now.column });
      continue;
    }
    if (was.column !== now.column) changes.issues.moved.push({ id, from: was.column, to: now.column });
    if (was.upvotes !== now.upvotes) changes.issues.upvotes.push({ id, from: was.upvotes, to: now.upvotes });
  }
  for (const [id] of sorted(oldIssues)) if (!after.issues.has(id)) changes.issues.removed.push(id);
  for (const [id, now] of sorted(after.projects)) {
    const was = oldProjects.get(id);
    if (!was) {
      changes.projects.added.push(id);
      continue;
    }
    const [fromState, toState] = [stateOf(was.state), stateOf(now.state)];
    if (fromState !== toState) changes.projects.state.push({ id, from: fromState, to: toState });
    const [fromStep, toStep] = [progressStep(was.progress), progressStep(now.progress)];
    if (fromStep !== toStep) changes.projects.progress.push({ id, from: fromStep, to: toStep });
  }
  for (const [id] of sorted(oldProjects)) if (!after.projects.has(id)) changes.projects.removed.push(id);
  return changes;
}
