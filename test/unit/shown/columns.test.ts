import { describe, expect, it } from 'vitest';
import { groupIntoColumns, statusColumnId, tellingStatus } from '../../../src/shown/columns.ts';
import { unmappedStatuses } from '../../../src/shown/status-columns.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import type { Issue } from '../../../src/snapshot/model.ts';

const issue = (id: string, status: string, sortOrder = 0, upvotes = 0): Issue => ({
  id,
  status,
  sortOrder,
  upvotes,
  identifier: null,
  title: id,
  description: null,
  summary: [],
  priority: null,
  team: null,
  projectId: null,
  importanceScore: 0,
  createdAt: null,
  updatedAt: null,
  url: null,
});
const { columns } = parseRoadmapConfig({});

describe('default column mapping', () => {
  it.each([
    ['Backlog', 'backlog'],
    ['Triage', 'backlog'],
    ['Todo', 'planned'],
    ['Planned', 'planned'],
    ['In Progress', 'in-progress'],
    ['in_progress', 'in-progress'],
    ['Started', 'in-progress'],
    ['In Review', 'in-progress'],
    ['Done', 'done'],
    ['completed', 'done'],
    ['Canceled', 'canceled'],
    ['Cancelled', 'canceled'],
    ['Duplicate', 'canceled'],
  ])('puts status %s in column %s', (status, column) => {
    const board = groupIntoColumns([issue('a', status)], columns);
    expect(board.find((c) => c.issues.length)?.id).toBe(column);
  });

  it('keeps every configured column in order, even when empty', () => {
    expect(groupIntoColumns([], columns).map((c) => c.id)).toEqual(['backlog', 'planned', 'in-progress', 'done', 'canceled']);
  });
});

describe('unmapped statuses', () => {
  const board = groupIntoColumns([issue('a', 'Beta'), issue('b', 'beta'), issue('c', ''), issue('d', 'Done')], columns);

  it('get a column of their own after the configured ones, never dropped', () => {
    const extra = board.filter((c) => !c.configured);
    expect(extra.map((c) => [c.label, c.issues.map((i) => i.id)])).toEqual([
      ['Beta', ['a', 'b']],
      ['No status', ['c']],
    ]);
    expect(board.flatMap((c) => c.issues)).toHaveLength(4);
  });

  it('are named for the build log, as the board makes columns of them', () => {
    expect(unmappedStatuses([issue('a', 'Beta'), issue('d', 'Done')], columns)).toEqual(['Beta']);
    const issues = [issue('a', 'beta'), issue('b', 'Beta'), issue('c', ''), issue('d', 'Alpha'), issue('e', 'in progress')];
    const made = groupIntoColumns(issues, columns).filter((column) => !column.configured);
    // Each status the board gave a column of its own, as its first issue spells it ("" for none).
    expect(unmappedStatuses(issues, columns)).toEqual(['', 'Alpha', 'beta']);
    expect(made.map((column) => column.issues[0]!.status).sort((a, b) => a.localeCompare(b))).toEqual(['', 'Alpha', 'beta']);
  });

  it('never take the id of a configured column', () => {
    const custom = parseRoadmapConfig({ columns: [{ id: 'status-beta', label: 'Odd', statuses: ['odd'] }], shipped: { columns: ['status-beta'] } }).columns;
    const ids = groupIntoColumns([issue('a', 'Beta')], custom).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('order within a column', () => {
  it('follows sortOrder, then upvotes, then id', () => {
    const board = groupIntoColumns([issue('c', 'Todo', 2), issue('a', 'Todo', 1, 1), issue('b', 'Todo', 1, 5)], columns);
    expect(board.find((c) => c.id === 'planned')?.issues.map((i) => i.id)).toEqual(['b', 'a', 'c']);
  });
});

describe('columns made for long statuses', () => {
  it('keep their ids short enough to be folder names, and two long ones apart', () => {
    const long = 'Waiting for the vendor '.repeat(20);
    const ids = [statusColumnId(`${long}A`), statusColumnId(`${long}B`)];
    for (const id of ids) {
      expect(id.length).toBeLessThanOrEqual(64);
      expect(id).toMatch(/^status-[a-z0-9-]+$/);
    }
    expect(ids[0]).not.toBe(ids[1]);
    expect(statusColumnId('In Beta')).toBe('status-in-beta');
  });
});

describe("the portal's own status beside the column label", () => {
  const configured = parseRoadmapConfig({
    columns: [
      { id: 'in-progress', label: 'In progress', statuses: ['In Progress', 'In Review'] },
      { id: 'done', label: 'Shipped', statuses: ['Done'] },
    ],
  }).columns;
  const [inProgress, done] = groupIntoColumns([issue('a', 'In Progress'), issue('b', 'in-review'), issue('c', 'Done')], configured);

  it('is shown where it tells more than the label: a column of several statuses, and not the label in other letters', () => {
    expect(tellingStatus(inProgress!, 'in-review')).toBe('in-review');
    expect(tellingStatus(inProgress!, 'In Progress')).toBeUndefined();
  });

  it('is left out where the column holds one status only', () => {
    expect(tellingStatus(done!, 'Done')).toBeUndefined();
  });
});
