/**
 * The Now / Next / Later recipe of docs/site.md, as a team copies it, on the demo's issues: the board shows the three
 * horizons in order, each with the issues of its statuses, then what shipped. Expected from the demo portal's own
 * statuses (src/data/demo/portal.json), not from the column code.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configIn, parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { EN } from '../../../src/i18n/labels.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { buildRoadmapView } from '../../../src/view/roadmap-view.ts';
import { nowNextLaterRecipe } from '../../support/now-next-later.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const portal = JSON.parse(readFileSync('src/data/demo/portal.json', 'utf8')) as { issues: { id: string; status: string; isVisible: boolean; isDeleted: boolean }[] };
/** The ids of the demo's published issues in these portal statuses, sorted. */
const inStatuses = (...statuses: string[]) =>
  portal.issues
    .filter((issue) => issue.isVisible && !issue.isDeleted && statuses.includes(issue.status))
    .map((issue) => issue.id)
    .sort();

describe('the Now / Next / Later recipe (docs/site.md)', () => {
  it('shows Now, Next and Later, each with the issues of its horizon, then Shipped', () => {
    // As a page of the main language reads it (src/route-data/roadmap.ts).
    const config = configIn(parseRoadmapConfig(nowNextLaterRecipe()), 'en');
    const board = buildRoadmapView(demo.issues, demo.projects, config, EN).columns;
    expect(board.map((column) => [column.label, column.issues.map((issue) => issue.id).sort()])).toEqual([
      ['Now', inStatuses('In Progress', 'In Review')],
      ['Next', inStatuses('Todo')],
      ['Later', inStatuses('Backlog')],
      ['Shipped', inStatuses('Done')],
    ]);
    expect(inStatuses('In Progress', 'In Review').length).toBeGreaterThan(0);
  });
});
