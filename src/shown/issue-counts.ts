/**
 * Issue counts as the site publishes them: issues of shown columns, and those
 * of hidden columns (canceled, by default) named as such, so `fetch`, `rebuild`
 * and its report agree with the board.
 */
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { groupIntoColumns } from './columns.ts';
import type { Issue } from '../snapshot/model.ts';

export interface IssueCounts {
  /** Issues with a card and a page. */
  shown: number;
  /** Portal-visible issues of hidden columns: on no page. */
  hidden: number;
}

/** Ids of the issues that sit in hidden columns. */
export function hiddenIssueIds(issues: readonly Issue[], columns: readonly ColumnConfig[]): Set<string> {
  return new Set(groupIntoColumns(issues, columns).flatMap((column) => (column.hidden ? column.issues.map((issue) => issue.id) : [])));
}

export function issueCounts(issues: readonly Issue[], columns: readonly ColumnConfig[]): IssueCounts {
  const hidden = hiddenIssueIds(issues, columns).size;
  return { shown: issues.length - hidden, hidden };
}

/** `49 issues shown, 7 in hidden columns`. */
export function describeIssueCounts({ shown, hidden }: IssueCounts): string {
  return `${shown} ${shown === 1 ? 'issue' : 'issues'} shown, ${hidden} in hidden columns`;
}
