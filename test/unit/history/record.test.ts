/**
 * The history over a sequence of runs of the demo workspace: a move, a ship,
 * an unpublish (hidden in the portal, and moved to a hidden column), a new
 * issue, a return. Expected values are written out from the demo data.
 */
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { MAX_EVENTS } from '../../../src/history/bound.ts';
import { parseHistory } from '../../../src/history/read.ts';
import { progressStep, recordChanges, recordRun, refileUnmoved, shownState, withSample } from '../../../src/history/record.ts';
import { diffShown, historyState } from '../../../src/history/shown.ts';
import { decodeSamples, HistorySchema, serializeHistory } from '../../../src/history/schema.ts';
import { changelog, eventAnchor, feedEvents, groupByMonth, issueTimeline, moveDates, recentChanges, upvoteTrend } from '../../../src/history/timeline.ts';
import type { Issue } from '../../../src/snapshot/model.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const { columns, shipped } = parseRoadmapConfig({});
const byIdentifier = (identifier: string) => demo.issues.find((i) => i.identifier === identifier)!;

const moving = byIdentifier('FN-103'); // Todo → In Progress
const shipping = byIdentifier('FN-101'); // In Progress → Done
const hiding = byIdentifier('FN-129'); // hidden in the portal, then back
const canceling = byIdentifier('FN-138'); // Todo → Canceled (a hidden column)
const voted = byIdentifier('FN-127'); // gains votes
const invoicing = demo.projects.find((p) => p.name === 'Invoicing 2.0')!;
const routes = demo.projects.find((p) => p.name === 'Route planning')!;

const T1 = '2026-11-01T09:00:00.000Z';
const T2 = '2026-11-10T09:30:00.000Z';
const T3 = '2026-11-12T10:00:00.000Z';

const change = (issue: Issue, patch: Partial<Issue>) => ({ ...issue, ...patch });
const issuesAt2 = [
  ...demo.issues
    .filter((i) => i.id !== hiding.id)
    .map((i) => {
      if (i.id === moving.id) return change(i, { status: 'In Progress' });
      if (i.id === shipping.id) return change(i, { status: 'Done' });
      if (i.id === canceling.id) return change(i, { status: 'Canceled' });
      if (i.id === voted.id) return change(i, { upvotes: voted.upvotes + 40 });
      return i;
    }),
  change(moving, { id: 'brand-new', identifier: 'FN-200', title: 'A brand new issue', status: 'Backlog', upvotes: 1 }),
];
const projectsAt2 = demo.projects.map((p) => (p.id === routes.id ? { ...p, progress: 47 } : p));
const issuesAt3 = [...issuesAt2, change(hiding, { status: 'Todo' })];

const run1 = recordRun(undefined, shownState(demo.issues, demo.projects, columns), T1);
const run2 = recordRun(run1, shownState(issuesAt2, projectsAt2, columns), T2);
const run3 = recordRun(run2, shownState(issuesAt3, projectsAt2, columns), T3);

describe('recordRun', () => {
  it('marks everything of the first run as there "since at least" its date', () => {
    expect(run1.startedAt).toBe(T1);
    expect(run1.issues.size).toBe(40); // 42 portal-visible issues, 2 of them canceled
    expect([...run1.issues.values()].every((r) => r.events.length === 1 && r.events[0]!.kind === 'seen' && r.events[0]!.atLeast === true && r.events[0]!.at === T1)).toBe(true);
    expect(run1.issues.get(moving.id)!.events[0]).toEqual({ at: T1, kind: 'seen', column: 'planned', atLeast: true });
    expect(run1.issues.has(byIdentifier('FN-139').id)).toBe(false); // canceled: never on the site
    expect(run1.projects.get(invoicing.id)!.events).toEqual([{ at: T1, kind: 'seen', state: 'completed', progress: 100, atLeast: true }]);
    expect(run1.projects.get(routes.id)!.events).toEqual([{ at: T1, kind: 'seen', state: 'started', progress: 30, atLeast: true }]);
  });

  it('records a move and a ship at the run date, a new issue as seen', () => {
    expect(run2.issues.get(moving.id)!.events.at(-1)).toEqual({ at: T2, kind: 'moved', column: 'in-progress' });
    expect(run2.issues.get(shipping.id)!.events.at(-1)).toEqual({ at: T2, kind: 'moved', column: 'done' });
    expect(run2.issues.get('brand-new')!.events).toEqual([{ at: T2, kind: 'seen', column: 'backlog' }]);
    expect(run2.projects.get(routes.id)!.events.at(-1)).toEqual({ at: T2, kind: 'progress', progress: 40 });
  });

  it('keeps only the id and the date of what left: hidden in the portal, or moved to a hidden column', () => {
    for (const gone of [hiding, canceling]) {
      expect(run2.issues.has(gone.id)).toBe(false);
      expect(run2.left.issues.get(gone.id)).toBe(T2);
    }
    expect(run2.left.issues.size).toBe(2);
  });

  it('gives an issue that comes back a new record that starts with "back"', () => {
    expect(run3.left.issues.has(hiding.id)).toBe(false);
    expect(run3.issues.get(hiding.id)!.events).toEqual([{ at: T3, kind: 'back', column: 'planned' }]);
    expect(run3.left.issues.get(canceling.id)).toBe(T2);
  });

  it('never stores a word of any issue or project: no title, summary, description, team or name', () => {
    const text = serializeHistory(run3);
    const everyone = [...demo.issues, ...issuesAt2];
    for (const issue of everyone) {
      expect(text).not.toContain(issue.title);
      for (const line of issue.summary) expect(text).not.toContain(line);
      if (issue.description) expect(text).not.toContain(issue.description.slice(0, 30));
    }
    for (const project of demo.projects) expect(text).not.toContain(project.name);
    for (const team of ['Mobile', 'Platform', 'Web']) expect(text).not.toContain(team);
    // What the unpublished issue left behind is its id, once, and a date.
    const canceled = serializeHistory(run2);
    expect(canceled.split(canceling.id)).toHaveLength(2);
    expect(canceled).toContain(`"${canceling.id}":"${T2}"`);
  });

  it('adds nothing when the same snapshot is recorded again, the same day or at the same time', () => {
    const again = recordRun(run2, shownState(issuesAt2, projectsAt2, columns), T2);
    expect(serializeHistory(again)).toBe(serializeHistory(run2));
    const laterSameDay = recordRun(run2, shownState(issuesAt2, projectsAt2, columns), '2026-11-10T18:00:00.000Z');
    expect(serializeHistory({ ...laterSameDay, recordedAt: T2 })).toBe(serializeHistory(run2));
  });

  it('ignores a run older than the last one recorded', () => {
    expect(recordRun(run2, shownState(demo.issues, demo.projects, columns), T1)).toBe(run2);
  });

  it('samples upvotes once a day, only when they changed', () => {
    expect(decodeSamples(run3.issues.get(voted.id)!.upvotes)).toEqual([
      { day: Date.UTC(2026, 10, 1) / 86_400_000, count: voted.upvotes },
      { day: Date.UTC(2026, 10, 10) / 86_400_000, count: voted.upvotes + 40 },
    ]);
    expect(run3.issues.get(moving.id)!.upvotes).toEqual(run1.issues.get(moving.id)!.upvotes);
  });

  it('keeps the last count of a day, and drops the day when it returns to the day before', () => {
    expect(withSample([100, 5], 101, 6)).toEqual([100, 5, 1, 1]);
    expect(withSample([100, 5, 1, 1], 101, 9)).toEqual([100, 5, 1, 4]);
    expect(withSample([100, 5, 1, 1], 101, 5)).toEqual([100, 5]);
    expect(withSample([100, 5], 100, 7)).toEqual([100, 7]);
    const same = [100, 5, 1, 1];
    expect(withSample(same, 102, 6)).toBe(same);
  });

  it('records progress by steps of 10 %', () => {
    expect([0, 9.9, 10, 47, 99.9, 100, Number.NaN].map(progressStep)).toEqual([0, 0, 10, 40, 90, 100, 0]);
  });

  it('keeps the first event and the latest ones of an issue that moves every run', () => {
    let history = run1;
    const id = moving.id;
    for (let run = 1; run <= MAX_EVENTS + 10; run++) {
      const at = new Date(Date.parse(T1) + run * 1_800_000).toISOString();
      const status = run % 2 ? 'In Progress' : 'Todo';
      history = recordRun(
        history,
        shownState(
          demo.issues.map((i) => (i.id === id ? change(i, { status }) : i)),
          demo.projects,
          columns,
        ),
        at,
      );
    }
    const record = history.issues.get(id)!;
    expect(record.events).toHaveLength(MAX_EVENTS);
    expect(record.events[0]).toEqual({ at: T1, kind: 'seen', column: 'planned', atLeast: true });
    expect(record.trimmed).toBe(true);
    expect(record.events.at(-1)!.at).toBe(new Date(Date.parse(T1) + (MAX_EVENTS + 10) * 1_800_000).toISOString());
  });

  it('treats an id such as "__proto__" as just an id', () => {
    const odd = [change(moving, { id: '__proto__' }), change(moving, { id: 'toString' })];
    const history = recordRun(undefined, shownState(odd, [], columns), T1);
    const reread = parseHistory(JSON.parse(serializeHistory(history)), 'test', '');
    expect([...reread.issues.keys()]).toEqual(['__proto__', 'toString']);
  });
});

describe("a change of the config's columns (refileUnmoved)", () => {
  // The team files "In Progress" under Shipped from the second run on: its issues changed column, not status.
  const filedAsShipped = parseRoadmapConfig({
    columns: [...columns.filter((c) => c.id !== 'in-progress' && c.id !== 'done'), { id: 'done', statuses: ['Done', 'In Progress'] }],
  }).columns;
  // Every issue of the old In progress column (In Progress, In Review, …) changed column; FN-103 changed status too.
  const inProgressStatuses = new Set(columns.find((c) => c.id === 'in-progress')!.statuses.map((s) => s.toLowerCase()));
  const inProgress = demo.issues.filter((i) => inProgressStatuses.has(i.status.toLowerCase())).map((i) => i.id);
  const first = recordRun(undefined, shownState(demo.issues, demo.projects, columns), T1);
  // The second run: the new columns, and FN-103 really moved (Todo → In Progress, now filed as Shipped too).
  const issues = demo.issues.map((i) => (i.id === moving.id ? change(i, { status: 'In Progress' }) : i));
  const shown = shownState(issues, demo.projects, filedAsShipped);
  const statusBefore = new Map(demo.issues.map((i) => [i.id, i.status]));
  const statusNow = new Map(issues.map((i) => [i.id, i.status]));
  const { history: refiled, refiled: ids } = refileUnmoved(first, shown, (id) => statusBefore.get(id) === statusNow.get(id));
  const recorded = recordChanges(refiled, shown, T2);

  it('re-files the issues whose status did not change, and records only the real move', () => {
    expect(inProgress.length).toBeGreaterThan(0);
    expect(ids.sort()).toEqual([...inProgress].sort());
    expect(recorded.changes.issues.moved).toEqual([{ id: moving.id, from: 'planned', to: 'done' }]);
  });

  it("keeps the re-filed issue's own date: nothing in the changelog or the feed is dated at this run but the real move", () => {
    const record = recorded.history.issues.get(inProgress[0]!)!;
    expect(record.events).toEqual([{ at: T1, kind: 'seen', column: 'done', atLeast: true }]);
    const rule = { shippedColumns: ['done'], startedColumns: [], projectStates: shipped.projectStates };
    expect(feedEvents(recorded.history, rule).map((event) => event.id)).toEqual([moving.id]);
  });

  it('leaves the history as it is when no column changed', () => {
    const same = refileUnmoved(first, shownState(demo.issues, demo.projects, columns), () => true);
    expect(same.history).toBe(first);
    expect(same.refiled).toEqual([]);
  });
});

describe('the one comparison (diffShown)', () => {
  const state = (issues: [string, string, number][], projects: [string, string | null, number][] = []) => ({
    issues: new Map(issues.map(([id, column, upvotes]) => [id, { column, upvotes }])),
    projects: new Map(projects.map(([id, projectState, progress]) => [id, { state: projectState, progress }])),
  });

  it('lists arrivals with their column, departures by id alone, moves, vote changes and 10 % steps, ids sorted', () => {
    const before = state(
      [
        ['b', 'planned', 3],
        ['a', 'backlog', 1],
        ['gone', 'done', 9],
      ],
      [
        ['p', 'started', 41],
        ['q', 'started', 10],
      ],
    );
    const after = state(
      [
        ['a', 'planned', 1],
        ['b', 'planned', 5],
        ['new', 'backlog', 0],
      ],
      [
        ['p', 'started', 49],
        ['q', 'completed', 100],
      ],
    );
    expect(diffShown(before, after)).toEqual({
      issues: { added: [{ id: 'new', column: 'backlog' }], removed: ['gone'], moved: [{ id: 'a', from: 'backlog', to: 'planned' }], upvotes: [{ id: 'b', from: 3, to: 5 }] },
      projects: { added: [], removed: [], state: [{ id: 'q', from: 'started', to: 'completed' }], progress: [{ id: 'q', from: 10, to: 100 }] },
    });
  });

  it('is what recordRun records: the changes it returns are those of its own last state', () => {
    const first = recordRun(
      undefined,
      state([
        ['a', 'backlog', 1],
        ['b', 'planned', 2],
      ]),
      '2026-11-01T09:00:00.000Z',
    );
    const now = state([
      ['a', 'planned', 4],
      ['c', 'backlog', 0],
    ]);
    const { history, changes } = recordChanges(first, now, '2026-11-02T09:00:00.000Z');
    expect(changes).toEqual(diffShown(historyState(first), now));
    expect(history.issues.get('a')!.events.at(-1)).toEqual({ at: '2026-11-02T09:00:00.000Z', kind: 'moved', column: 'planned' });
    expect([...history.left.issues.keys()]).toEqual(changes.issues.removed);
    expect(historyState(history)).toEqual(now);
  });
});

describe('the history schema', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests break the document at any depth
  const json = () => JSON.parse(serializeHistory(run3)) as Record<string, any>;

  it('reads back what was written', () => {
    expect(serializeHistory(HistorySchema.parse(json()))).toBe(serializeHistory(run3));
  });

  it('refuses any text field: a title on an issue record is an unknown key', () => {
    const doc = json();
    doc.issues[moving.id].title = moving.title;
    expect(HistorySchema.safeParse(doc).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['title'] });
  });

  it('refuses a column that is not a column id, events out of order, and an id both shown and left', () => {
    const spaced = json();
    spaced.issues[moving.id].events[1].column = 'In Progress';
    expect(HistorySchema.safeParse(spaced).success).toBe(false);
    const unordered = json();
    unordered.issues[moving.id].events.reverse();
    expect(HistorySchema.safeParse(unordered).success).toBe(false);
    const both = json();
    both.left.issues[moving.id] = T2;
    expect(HistorySchema.safeParse(both).error?.issues[0]?.message).toBe('is both on the site and left');
  });
});

describe('what the pages read', () => {
  it('a timeline of moves, the latest current, the first-run one "since at least"', () => {
    expect(issueTimeline(run3, moving.id)).toEqual({
      trimmed: false,
      steps: [
        { kind: 'seen', column: 'planned', at: T1, atLeast: true, current: false, anchor: 'event-seen-2026-11-01T09-00-00-000Z' },
        { kind: 'moved', column: 'in-progress', at: T2, atLeast: false, current: true, anchor: 'event-moved-2026-11-10T09-30-00-000Z' },
      ],
    });
    expect(issueTimeline(run3, canceling.id)).toBeUndefined();
    expect(moveDates(run3, moving.id)).toEqual([
      { column: 'planned', at: T1, atLeast: true },
      { column: 'in-progress', at: T2 },
    ]);
  });

  it('an upvote trend with its gain over 30 days, or since the first sample when younger', () => {
    const trend = upvoteTrend(run3, voted.id, T3)!;
    // 11 days of history: the gain counts from the first sample, 1 November.
    expect(trend).toMatchObject({ now: voted.upvotes + 40, gain: 40, gainSince: '2026-11-01', min: voted.upvotes, max: voted.upvotes + 40, days: 90 });
    expect(trend.points).toEqual([
      { day: 79, count: voted.upvotes },
      { day: 88, count: voted.upvotes },
      { day: 88, count: voted.upvotes + 40 },
      { day: 90, count: voted.upvotes + 40 },
    ]);
    // Later, the first sample is more than 30 days back: the gain covers the 30 days.
    const later = recordRun(
      run3,
      shownState(
        issuesAt3.map((i) => (i.id === voted.id ? change(i, { upvotes: voted.upvotes + 45 }) : i)),
        projectsAt2,
        columns,
      ),
      '2026-12-20T09:00:00.000Z',
    );
    expect(upvoteTrend(later, voted.id, '2026-12-20T09:00:00.000Z')).toMatchObject({ gain: 5, gainSince: null, now: voted.upvotes + 45 });
    // A history of less than a day draws nothing.
    expect(upvoteTrend(run1, voted.id, T1)).toBeUndefined();
  });

  it('a changelog: the ship date of a move, what was shipped before the history began last', () => {
    const entries = changelog(run3, shipped, []);
    expect(entries[0]).toEqual({ kind: 'issue', id: shipping.id, at: T2, atLeast: false });
    const doneAtStart = demo.issues.filter((i) => i.status === 'Done').map((i) => i.id);
    const earlier = entries.slice(1);
    expect(earlier.every((e) => e.atLeast && e.at === T1)).toBe(true);
    expect(
      earlier
        .filter((e) => e.kind === 'issue')
        .map((e) => e.id)
        .sort(),
    ).toEqual([...doneAtStart].sort());
    expect(earlier.filter((e) => e.kind === 'project').map((e) => e.id)).toEqual([invoicing.id]);
    expect(groupByMonth(entries).map((g) => [g.key, g.entries.length])).toEqual([
      ['2026-11', 1],
      ['earlier', doneAtStart.length + 1],
    ]);
  });

  it('recent changes of the last 7 days, newest first, with the number that left and no name of them', () => {
    const recent = recentChanges(run3, T3);
    expect(recent.since).toBe('2026-11-05T10:00:00.000Z');
    // The hidden issue came back; the canceled one is still away.
    expect(recent.leftIssues).toBe(1);
    // Changes of one run are in id order (code units: digits before letters).
    expect(recent.changes.map((c) => [c.subject, c.id, c.kind])).toEqual([
      ['issue', hiding.id, 'back'],
      ['issue', moving.id, 'moved'],
      ['issue', shipping.id, 'moved'],
      ['issue', 'brand-new', 'seen'],
      ['project', routes.id, 'progress'],
    ]);
    expect(recentChanges(run3, '2026-11-20T10:00:00.000Z').changes).toEqual([]);
  });

  it('feed events: new, started, shipped, each with its own anchor; nothing for the first run or a return', () => {
    const events = feedEvents(run3, { shippedColumns: shipped.columns, startedColumns: ['in-progress'], projectStates: shipped.projectStates });
    expect(events.map((e) => [e.kind, e.id, e.at])).toEqual([
      ['started', moving.id, T2],
      ['shipped', shipping.id, T2],
      ['new', 'brand-new', T2],
    ]);
    expect(events[1]!.anchor).toBe(eventAnchor('moved', T2));
  });

  it('a project that reaches 100 % is completed at that run, and is news', () => {
    const done = recordRun(
      run3,
      shownState(
        issuesAt3,
        projectsAt2.map((p) => (p.id === routes.id ? { ...p, progress: 100, state: 'completed' } : p)),
        columns,
      ),
      '2026-11-13T09:00:00.000Z',
    );
    expect(changelog(done, shipped, [])[0]).toEqual({ kind: 'project', id: routes.id, at: '2026-11-13T09:00:00.000Z', atLeast: false });
    const rule = { shippedColumns: shipped.columns, startedColumns: ['in-progress'], projectStates: shipped.projectStates };
    expect(feedEvents(done, rule)[0]).toMatchObject({ kind: 'completed', subject: 'project', id: routes.id });
  });
});
