/**
 * Which configured column lists a status, and what the build log says of it: the statuses no column lists, and the
 * issues hidden columns keep off the board (the content sync stores every issue, and "42 entries" beside a board of
 * 40 left the other two unexplained). The board's columns (./columns.ts) take the same rule from here; the log's
 * summaries stay apart from them, which name columns in the site's language: the content sync, which says these,
 * then loads no translations (@see docs/project/performance-log.md, "Measurements behind the code").
 */
import type { ColumnConfig } from '../config/roadmap-config.ts';
import type { Issue } from '../snapshot/model.ts';
import { statusKey } from '../shared/status-key.ts';

/** The configured column of each status, by `statusKey`: a status two columns list is the later one's. */
export function columnsByStatus<C extends Pick<ColumnConfig, 'statuses'>>(columns: readonly C[]): Map<string, C> {
  const byStatus = new Map<string, C>();
  for (const column of columns) for (const status of column.statuses) byStatus.set(statusKey(status), column);
  return byStatus;
}

/** Statuses (as first spelt, `""` for none) that no configured column lists, as `statusKey` tells them apart; sorted. */
export function unmappedStatuses(issues: readonly Pick<Issue, 'status'>[], columns: readonly Pick<ColumnConfig, 'statuses'>[]): string[] {
  const listed = columnsByStatus(columns);
  const unmapped = new Map<string, string>();
  for (const { status } of issues) {
    const key = statusKey(status);
    if (!listed.has(key) && !unmapped.has(key)) unmapped.set(key, status);
  }
  return [...unmapped.values()].sort((a, b) => a.localeCompare(b));
}

/** Each hidden column that holds issues, by id, with how many, in the columns' order. */
export function issuesInHiddenColumns(issues: readonly Pick<Issue, 'status'>[], columns: readonly Pick<ColumnConfig, 'id' | 'statuses' | 'hidden'>[]): [string, number][] {
  const columnOf = columnsByStatus(columns);
  const counts = new Map<string, number>(columns.filter((column) => column.hidden).map((column) => [column.id, 0]));
  for (const { status } of issues) {
    const column = columnOf.get(statusKey(status));
    if (column?.hidden) counts.set(column.id, counts.get(column.id)! + 1);
  }
  return [...counts].filter(([, count]) => count > 0);
}
