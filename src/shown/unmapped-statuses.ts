/**
 * The statuses no configured column lists, for the build log. Apart from the board's columns (./columns.ts), which
 * name columns in the site's language: the content sync, which says this, then loads no translations (about 0.17 s
 * of a build's module loading).
 */
import type { ColumnConfig } from '../config/roadmap-config.ts';
import type { Issue } from '../snapshot/model.ts';
import { statusKey } from '../shared/status-key.ts';

/** Statuses (as first spelt, `""` for none) that no configured column lists, as `statusKey` tells them apart; sorted. */
export function unmappedStatuses(issues: readonly Pick<Issue, 'status'>[], columns: readonly Pick<ColumnConfig, 'statuses'>[]): string[] {
  const listed = new Set(columns.flatMap((column) => column.statuses.map(statusKey)));
  const unmapped = new Map<string, string>();
  for (const { status } of issues) {
    const key = statusKey(status);
    if (!listed.has(key) && !unmapped.has(key)) unmapped.set(key, status);
  }
  return [...unmapped.values()].sort((a, b) => a.localeCompare(b));
}
