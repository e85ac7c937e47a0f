/**
 * The lines of the recent-changes page (src/view/recent-changes.ts): what changed in the last days, each line
 * linking to the step on its item's page, with its values apart from the words of the message; an item no longer
 * on the site is left out, and an issue that left is counted, never named.
 */
import { describe, expect, it } from 'vitest';
import { HistorySchema } from '../../../src/history/schema.ts';
import { issueTimeline } from '../../../src/history/timeline.ts';
import { uiFor } from '../../../src/i18n/labels.ts';
import { recentChangesPage } from '../../../src/view/recent-changes.ts';

const AS_OF = '2026-11-20T09:00:00.000Z';
const history = HistorySchema.parse({
  format: 'portal-roadmap.history',
  version: 1,
  startedAt: '2026-11-01T09:00:00.000Z',
  recordedAt: AS_OF,
  issues: {
    shown: {
      events: [
        { at: '2026-11-01T09:00:00.000Z', kind: 'seen', column: 'planned', atLeast: true },
        { at: '2026-11-18T09:00:00.000Z', kind: 'moved', column: 'done' },
      ],
      upvotes: [],
    },
    // On the history's board, but not on the site now (hidden since): none of its words may show.
    'not-on-the-site': {
      events: [
        { at: '2026-11-01T09:00:00.000Z', kind: 'seen', column: 'planned', atLeast: true },
        { at: '2026-11-19T09:00:00.000Z', kind: 'moved', column: 'in-progress' },
      ],
      upvotes: [],
    },
    old: { events: [{ at: '2026-11-02T09:00:00.000Z', kind: 'seen', column: 'planned' }], upvotes: [] },
  },
  projects: {
    offline: {
      events: [
        { at: '2026-11-01T09:00:00.000Z', kind: 'seen', state: 'planned', progress: 0, atLeast: true },
        { at: '2026-11-17T09:00:00.000Z', kind: 'state', state: 'started' },
        { at: '2026-11-18T10:00:00.000Z', kind: 'progress', progress: 50 },
      ],
    },
  },
  left: { issues: { 'gone-this-week': '2026-11-19T09:00:00.000Z', 'gone-long-ago': '2026-11-05T09:00:00.000Z' }, projects: {} },
});

const ui = uiFor('en', {});
const site = {
  history,
  issueById: new Map([
    ['shown', { id: 'shown', title: 'Edit checklists offline' }],
    ['old', { id: 'old', title: 'Old news' }],
  ]),
  projectById: new Map([['offline', { id: 'offline', name: 'Offline mode' }]]),
  columnLabel: (id: string) => ({ planned: 'Planned', done: 'Shipped' })[id] ?? id,
  ui,
};

describe('the recent-changes page', () => {
  const page = recentChangesPage(site, AS_OF);

  it('lists the changes of the last 7 days, newest first, of items on the site only', () => {
    expect(page.lines.map((line) => [line.at, line.name, line.message])).toEqual([
      ['2026-11-18T10:00:00.000Z', 'Offline mode', 'changeProjectProgress'],
      ['2026-11-18T09:00:00.000Z', 'Edit checklists offline', 'changeMoved'],
      ['2026-11-17T09:00:00.000Z', 'Offline mode', 'changeProjectState'],
    ]);
    expect(JSON.stringify(page)).not.toContain('not-on-the-site');
  });

  it('counts the issues that left in those days without naming them', () => {
    expect(page.leftIssues).toBe(1);
    expect(JSON.stringify(page)).not.toContain('gone-this-week');
  });

  it('links a move to its step on the issue’s timeline, with the column names as values', () => {
    const move = page.lines.find((line) => line.message === 'changeMoved')!;
    const step = issueTimeline(history, 'shown')!.steps.at(-1)!;
    expect(move.path).toBe(`issues/shown/#${step.anchor}`);
    expect(move.values).toEqual({ from: 'Planned', column: 'Shipped' });
  });

  it('says a project’s state and progress in the page’s language', () => {
    const lines = recentChangesPage({ ...site, ui: uiFor('de', {}) }, AS_OF).lines;
    expect(lines.find((line) => line.message === 'changeProjectProgress')!.values).toEqual({ from: '0\u00a0%', to: '50\u00a0%' }); // German: a no-break space before %
    expect(lines.find((line) => line.message === 'changeProjectState')!.values).toEqual({
      from: uiFor('de', {}).projectState('planned'),
      to: uiFor('de', {}).projectState('started'),
    });
    expect(lines.find((line) => line.message === 'changeProjectState')!.path).toBe('projects/offline/');
  });
});
