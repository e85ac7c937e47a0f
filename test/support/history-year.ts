/**
 * A year of scheduled rebuilds of a large workspace, for the history's bound
 * (test/unit/history/bound.test.ts) and `npm run bench`. Deterministic: the
 * same options give the same year.
 *
 * The workspace churns, per day: `arrivalsPerDay` new issues and as many
 * leaving (hidden, deleted or canceled), about one in twenty of those coming back;
 * each issue moves on about twice a year; one issue in ten is "hot" and gains
 * votes on half the days, the rest on one day in twenty; a project changes
 * progress on one day in fifty. Votes and moves come in through the day, so
 * every run sees some. Only the last run of a day leaves its upvote sample, so
 * two runs a day give the file the size the 48 of a 30-minute schedule would.
 *
 * The year can be told to the history two ways, which must agree byte for byte:
 * - `simulateYear`: every run through the real `recordRun` (slow at 10,000
 *   issues: the bench does it);
 * - `expectedYear`: an independent, direct account of what the history must
 *   hold after those runs, written from the rules in the README (fast at any size).
 */
import { DAILY_SAMPLE_DAYS } from '../../src/history/bound.ts';
import { recordRun, type ShownIssue, type ShownProject } from '../../src/history/record.ts';
import { HISTORY_FORMAT, HISTORY_VERSION, type History, type IssueEvent, type ProjectEvent } from '../../src/history/schema.ts';
import { seeded } from './synthetic.ts';

export interface YearOptions {
  issues: number;
  projects: number;
  days?: number;
  runsPerDay?: number;
  arrivalsPerDay?: number;
  /** The UTC day of the last runs. */
  end?: Date;
  seed?: number;
  /** Every issue gains votes every day: the most upvote samples the history can hold. */
  votesEveryDay?: boolean;
}

const FORWARD = ['backlog', 'planned', 'in-progress', 'done'];
const DAY_MS = 86_400_000;

type Change =
  | { kind: 'votes'; id: string; upvotes: number }
  | { kind: 'moved'; id: string; column: string }
  | { kind: 'left'; id: string }
  | { kind: 'arrived' | 'back'; id: string; issue: ShownIssue }
  | { kind: 'project'; id: string; project: ShownProject };

interface Run {
  at: string;
  /** What the site shows at this run (the same Maps, updated in place, every run). */
  issues: ReadonlyMap<string, ShownIssue>;
  projects: ReadonlyMap<string, ShownProject>;
  changes: readonly Change[];
}

/** The workspace over the year, run by run. Issue ids match `syntheticWorkspace` (`issue-000001`…) for the first `issues`. */
function* workspaceYear({
  issues: count,
  projects: projectCount,
  days = 365,
  runsPerDay = 2,
  arrivalsPerDay = Math.max(1, Math.round(count / 500)),
  end = new Date('2026-11-20T00:00:00Z'),
  seed = 7,
  votesEveryDay = false,
}: YearOptions): Generator<Run> {
  const random = seeded(seed);
  const issueId = (n: number) => `issue-${String(n).padStart(6, '0')}`;
  const hot = new Set<string>();
  const issues = new Map<string, ShownIssue>();
  const gone = new Map<string, ShownIssue>();
  let nextNumber = 1;
  const create = (columns: number, upvotes: number): [string, ShownIssue] => {
    const id = issueId(nextNumber++);
    if (random() < 0.1) hot.add(id);
    return [id, { column: FORWARD[Math.floor(random() * columns)]!, upvotes: Math.floor(random() * upvotes) }];
  };
  for (let i = 0; i < count; i++) issues.set(...create(FORWARD.length, 200));
  const projects = new Map<string, ShownProject>();
  for (let i = 1; i <= projectCount; i++) projects.set(`proj-${String(i).padStart(5, '0')}`, { state: 'started', progress: Math.floor(random() * 90) });

  const firstDay = Math.floor(end.getTime() / DAY_MS) - (days - 1);
  for (let day = 0; day < days; day++) {
    for (let run = 0; run < runsPerDay; run++) {
      const changes: Change[] = [];
      if (day > 0 || run > 0) {
        for (const [id, issue] of issues) {
          if (votesEveryDay ? run === runsPerDay - 1 : random() < (hot.has(id) ? 0.5 : 0.05) / runsPerDay) {
            const upvotes = issue.upvotes + 1 + Math.floor(random() * 3);
            issues.set(id, { ...issue, upvotes });
            changes.push({ kind: 'votes', id, upvotes });
          }
          if (random() < 2 / 365 / runsPerDay) {
            const next = FORWARD[FORWARD.indexOf(issue.column) + 1];
            if (next) {
              issues.set(id, { ...issues.get(id)!, column: next });
              changes.push({ kind: 'moved', id, column: next });
            }
          }
        }
      }
      if (run === 0 && day > 0) {
        // Some of those that left on earlier days come back (about one a day for 20 leaving); none leaves and comes back in one run.
        const returned = new Set<string>();
        for (const [id, issue] of [...gone].slice(0, Math.max(1, Math.floor(arrivalsPerDay / 10)))) {
          if (random() < 0.5) continue;
          gone.delete(id);
          issues.set(id, issue);
          returned.add(id);
          changes.push({ kind: 'back', id, issue });
        }
        const ids = [...issues.keys()].filter((id) => !returned.has(id));
        for (let i = 0; i < arrivalsPerDay; i++) {
          const id = ids[Math.floor(random() * ids.length)]!;
          const issue = issues.get(id);
          if (!issue) continue;
          issues.delete(id);
          gone.set(id, issue);
          changes.push({ kind: 'left', id });
          const [newId, newIssue] = create(2, 20);
          issues.set(newId, newIssue);
          changes.push({ kind: 'arrived', id: newId, issue: newIssue });
        }
        for (const [id, project] of projects) {
          if (random() >= 0.02) continue;
          const progress = Math.min(100, project.progress + 5 + Math.floor(random() * 10));
          const next = { state: progress >= 100 ? 'completed' : 'started', progress };
          projects.set(id, next);
          changes.push({ kind: 'project', id, project: next });
        }
      }
      // Runs spread over the UTC day: 08:00 and 16:00 for two.
      const at = new Date((firstDay + day) * DAY_MS + Math.round(((run + 1) * DAY_MS) / (runsPerDay + 1))).toISOString();
      yield { at, issues, projects, changes };
    }
  }
}

export interface YearResult {
  history: History;
  runs: number;
  /** The shown state of the last run. */
  issues: ReadonlyMap<string, ShownIssue>;
  projects: ReadonlyMap<string, ShownProject>;
}

/** The year through the real `recordRun`, run by run. */
export function simulateYear(options: YearOptions): YearResult {
  let history: History | undefined;
  let runs = 0;
  let last: Run | undefined;
  for (const run of workspaceYear(options)) {
    history = recordRun(history, { issues: run.issues, projects: run.projects }, run.at);
    runs++;
    last = run;
  }
  return { history: history!, runs, issues: last!.issues, projects: last!.projects };
}

/**
 * What the history must hold after the year, built directly from the changes
 * (never from `recordRun`): events as they happened, one sample per day that
 * changed the count (the day's last count), samples older than `DAILY_SAMPLE_DAYS` cut to
 * the last of each week and then to those that differ from the one before,
 * and of everything that left, only its id and the date.
 */
export function expectedYear(options: YearOptions): YearResult {
  const issues = new Map<string, { events: IssueEvent[]; days: [number, number][] }>();
  const projects = new Map<string, { events: ProjectEvent[]; state: string | null; step: number }>();
  const leftIssues = new Map<string, string>();
  let first: string | undefined;
  let last: Run | undefined;
  let runs = 0;
  const sample = (days: [number, number][], day: number, upvotes: number) => {
    if (days.at(-1)?.[0] === day) days.at(-1)![1] = upvotes;
    else days.push([day, upvotes]);
  };
  const step = (progress: number) => Math.min(100, Math.floor(progress / 10) * 10);
  for (const run of workspaceYear(options)) {
    runs++;
    last = run;
    const day = Math.floor(Date.parse(run.at) / DAY_MS);
    if (first === undefined) {
      first = run.at;
      for (const [id, issue] of run.issues) issues.set(id, { events: [{ at: run.at, kind: 'seen', column: issue.column, atLeast: true }], days: [[day, issue.upvotes]] });
      for (const [id, project] of run.projects) {
        projects.set(id, {
          events: [{ at: run.at, kind: 'seen', state: project.state, progress: step(project.progress), atLeast: true }],
          state: project.state,
          step: step(project.progress),
        });
      }
      continue;
    }
    for (const change of run.changes) {
      if (change.kind === 'votes') sample(issues.get(change.id)!.days, day, change.upvotes);
      else if (change.kind === 'moved') issues.get(change.id)!.events.push({ at: run.at, kind: 'moved', column: change.column });
      else if (change.kind === 'left') {
        issues.delete(change.id);
        leftIssues.set(change.id, run.at);
      } else if (change.kind === 'arrived' || change.kind === 'back') {
        leftIssues.delete(change.id);
        const event: IssueEvent = change.kind === 'back' ? { at: run.at, kind: 'back', column: change.issue.column } : { at: run.at, kind: 'seen', column: change.issue.column };
        issues.set(change.id, { events: [event], days: [[day, change.issue.upvotes]] });
      } else if (change.kind === 'project') {
        const record = projects.get(change.id)!;
        if (change.project.state !== record.state) record.events.push({ at: run.at, kind: 'state', state: change.project.state });
        if (step(change.project.progress) !== record.step) record.events.push({ at: run.at, kind: 'progress', progress: step(change.project.progress) });
        record.state = change.project.state;
        record.step = step(change.project.progress);
      }
    }
  }
  const cutoff = Math.floor(Date.parse(last!.at) / DAY_MS) - DAILY_SAMPLE_DAYS;
  const week = (day: number) => Math.floor((day + 3) / 7);
  const upvotes = (days: [number, number][]) => {
    const changed = days.filter(([, count], index) => index === 0 || count !== days[index - 1]![1]);
    const weekly = changed.filter(([day], index) => day >= cutoff || !(changed[index + 1] && changed[index + 1]![0] < cutoff && week(changed[index + 1]![0]) === week(day)));
    const kept = weekly.filter(([, count], index) => index === 0 || count !== weekly[index - 1]![1]);
    return kept.flatMap(([day, count], index) => (index === 0 ? [day, count] : [day - kept[index - 1]![0], count - kept[index - 1]![1]]));
  };
  const sorted = <V>(map: Map<string, V>) => new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const history: History = {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    startedAt: first!,
    recordedAt: last!.at,
    issues: sorted(new Map([...issues].map(([id, record]) => [id, { events: record.events, upvotes: upvotes(record.days) }]))),
    projects: sorted(new Map([...projects].map(([id, record]) => [id, { events: record.events }]))),
    left: { issues: sorted(leftIssues), projects: new Map() },
  };
  return { history, runs, issues: last!.issues, projects: last!.projects };
}
