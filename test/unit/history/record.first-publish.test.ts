/**
 * A first publish (no history yet) dates what it finds by each issue's last change: an issue in its column "since
 * at least" and shipped "on or before" the earliest of its `updatedAt`, the day of the earliest published release
 * note naming it, and the build day (issue 52). Expected dates are read from the demo portal's own file and the
 * notes written here, not from the module.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { changelog, issueTimeline, moveDates } from '../../../src/history/timeline.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { shippedNoteDates } from '../../../src/release-notes/notes.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const portal = JSON.parse(readFileSync('src/data/demo/portal.json', 'utf8')) as {
  issues: { id: string; identifier: string; status: string; updatedAt: string; isVisible: boolean; isDeleted: boolean }[];
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

describe('a first publish dates what shipped by the release notes that name it', () => {
  const BUILD_DATE = BUILD_DAY.slice(0, 10);
  /** Two shipped issues of the demo: the earlier a note's day is than their updatedAt, the earlier their bound. */
  const [first, second] = done;
  const shippedIssues = demo.issues.filter((issue) => done.some((shipped) => shipped.id === issue.id));
  const dayBefore = (iso: string) => new Date(Date.parse(iso) - 86_400_000).toISOString().slice(0, 10);

  it('dates an issue "on or before" the earliest note naming it (by identifier, any case) when that is before its updatedAt', () => {
    const notes = [
      { date: dayBefore(first!.updatedAt), issues: [first!.identifier.toLowerCase()] },
      // A later note naming it again changes nothing: the earliest counts.
      { date: BUILD_DATE, issues: [first!.id, second!.identifier] },
    ];
    const noteDates = shippedNoteDates(notes, shippedIssues, BUILD_DATE);
    const expected = `${dayBefore(first!.updatedAt)}T00:00:00.000Z`;
    const entries = changelog(firstRun, shipped, demo.issues, noteDates);
    expect(entries.find((entry) => entry.id === first!.id)).toEqual({ kind: 'issue', id: first!.id, at: expected, atLeast: true });
    // A note after its updatedAt leaves the updatedAt.
    expect(entries.find((entry) => entry.id === second!.id)?.at).toBe(second!.updatedAt);
    expect(issueTimeline(firstRun, first!.id, first!.updatedAt, noteDates.get(first!.id))!.steps[0]!.at).toBe(expected);
    expect(moveDates(firstRun, first!.id, first!.updatedAt, noteDates.get(first!.id))).toEqual([{ column: 'done', at: expected, atLeast: true }]);
  });

  it('dates by the note alone where updatedAt is hidden (privacy.hideFields), and never by a note dated after the build day', () => {
    const hidden = demo.issues.map((issue) => ({ ...issue, updatedAt: null }));
    // The build's clock (ROADMAP_BUILD_DATE) is a day before the data's: a note of the data's day is not published yet.
    const clock = dayBefore(BUILD_DAY);
    const notes = [
      { date: '2026-10-02', issues: [first!.identifier] },
      { date: BUILD_DATE, issues: [second!.identifier] },
    ];
    const entries = changelog(firstRun, shipped, hidden, shippedNoteDates(notes, shippedIssues, clock));
    expect(entries.find((entry) => entry.id === first!.id)?.at).toBe('2026-10-02T00:00:00.000Z');
    expect(entries.find((entry) => entry.id === second!.id)?.at).toBe(BUILD_DAY);
    // The control: on the note's day, it counts.
    expect(changelog(firstRun, shipped, hidden, shippedNoteDates(notes, shippedIssues, BUILD_DATE)).find((entry) => entry.id === second!.id)?.at).toBe(
      `${BUILD_DATE}T00:00:00.000Z`,
    );
  });
});
