/**
 * A first publish (no history yet) dates what it finds by each issue's last change: an issue in its column "since
 * at least" and shipped "on or before" the earlier of its `updatedAt` and the build day (issue 52). Expected dates
 * are read from the demo portal's own file, not from the module.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { changelog, issueTimeline, moveDates } from '../../../src/history/timeline.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const portal = JSON.parse(readFileSync('src/data/demo/portal.json', 'utf8')) as {
  issues: { id: string; status: string; updatedAt: string; isVisible: boolean; isDeleted: boolean }[];
};
const { columns, shipped } = parseRoadmapConfig({});
const BUILD_DAY = '2026-11-01T09:00:00.000Z';
const firstRun = recordRun(undefined, shownState(demo.issues, demo.projects, columns), BUILD_DAY);
/** The demo's shipped issues (portal status "Done"), with the portal's updatedAt: all earlier than the build day. */
const done = portal.issues.filter((issue) => issue.isVisible && !issue.isDeleted && issue.status === 'Done');

describe('a first publish dates what shipped by its last change', () => {
  it('dates each shipped issue "on or before" its updatedAt, not the build day', () => {
    expect(done.length).toBe(14);
    expect(done.every((issue) => issue.updatedAt < BUILD_DAY)).toBe(true);
    const entries = changelog(firstRun, shipped, demo.issues).filter((entry) => entry.kind === 'issue');
    expect(new Map(entries.map((entry) => [entry.id, { at: entry.at, atLeast: entry.atLeast }]))).toEqual(
      new Map(done.map((issue) => [issue.id, { at: issue.updatedAt, atLeast: true }])),
    );
  });

  it('keeps the build day when updatedAt is hidden (privacy.hideFields) or later', () => {
    const hidden = demo.issues.map((issue) => ({ ...issue, updatedAt: null }));
    const later = demo.issues.map((issue) => ({ ...issue, updatedAt: '2026-11-02T00:00:00.000Z' }));
    for (const issues of [hidden, later]) {
      const entries = changelog(firstRun, shipped, issues).filter((entry) => entry.kind === 'issue');
      expect(entries.map((entry) => entry.at)).toEqual(done.map(() => BUILD_DAY));
    }
  });

  it('says "in {column} since at least" its updatedAt on the timeline and in roadmap.json, the anchor unchanged', () => {
    const issue = done[0]!;
    const [step] = issueTimeline(firstRun, issue.id, issue.updatedAt)!.steps;
    expect(step).toMatchObject({ kind: 'seen', at: issue.updatedAt, atLeast: true, current: true, anchor: 'event-seen-2026-11-01T09-00-00-000Z' });
    expect(moveDates(firstRun, issue.id, issue.updatedAt)).toEqual([{ column: 'done', at: issue.updatedAt, atLeast: true }]);
  });

  it('leaves a move the history saw at its date', () => {
    const issue = done[0]!;
    const moved = recordRun(
      recordRun(
        undefined,
        shownState(
          demo.issues.map((i) => (i.id === issue.id ? { ...i, status: 'In Progress' } : i)),
          demo.projects,
          columns,
        ),
        BUILD_DAY,
      ),
      shownState(demo.issues, demo.projects, columns),
      '2026-11-05T09:00:00.000Z',
    );
    expect(changelog(moved, shipped, demo.issues).find((entry) => entry.id === issue.id)).toEqual({ kind: 'issue', id: issue.id, at: '2026-11-05T09:00:00.000Z', atLeast: false });
    expect(issueTimeline(moved, issue.id, issue.updatedAt)!.steps[0]!.at).toBe(BUILD_DAY);
  });
});
