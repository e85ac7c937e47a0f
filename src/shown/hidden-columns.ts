/**
 * How many issues the board's hidden columns hold, for the build log: the content sync stores every issue, and a log
 * that said "42 entries" beside a board of 40 left the other two unexplained. Without the translations the board's
 * columns (./columns.ts) load, as ./unmapped-statuses.ts is. A status two columns list is the later one's, as on the
 * board.
 */
import type { ColumnConfig } from '../config/roadmap-config.ts';
import type { Issue } from '../snapshot/model.ts';
import { statusKey } from '../shared/status-key.ts';

/** Each hidden column that holds issues, by id, with how many, in the columns' order. */
export function issuesInHiddenColumns(issues: readonly Pick<Issue, 'status'>[], columns: readonly Pick<ColumnConfig, 'id' | 'statuses' | 'hidden'>[]): [string, number][] {
  const columnOf = new Map<string, Pick<ColumnConfig, 'id' | 'hidden'>>();
  for (const column of columns) for (const status of column.statuses) columnOf.set(statusKey(status), column);
  const counts = new Map<string, number>(columns.filter((column) => column.hidden).map((column) => [column.id, 0]));
  for (const { status } of issues) {
    const column = columnOf.get(statusKey(status));
    if (column?.hidden) counts.set(column.id, counts.get(column.id)! + 1);
  }
  return [...counts].filter(([, count]) => count > 0);
}
