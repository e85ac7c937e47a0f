/**
 * Status → board column. Configured columns come first, in order; a status
 * that no column lists is never dropped: it gets a column of its own after
 * them, and `unmappedStatuses` (./status-columns.ts) names it for the build log. Hidden columns
 * (canceled, by default) keep their issues off the site.
 */
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { DEFAULT_COLUMN_LABELS, EN, type Labels } from '../i18n/labels.ts';
import type { Issue } from '../snapshot/model.ts';
import { createHash } from 'node:crypto';
import { slugify } from '../shared/text.ts';
import { byId } from '../shared/values.ts';
import { statusKey } from '../shared/status-key.ts';
import { columnsByStatus } from './status-columns.ts';

export interface BoardColumn {
  id: string;
  label: string;
  /** False for a column made for a status no configured column lists. */
  configured: boolean;
  /** Issues of a hidden column appear nowhere on the site. */
  hidden: boolean;
  issues: Issue[];
  /** How many different statuses (as `statusKey` tells them apart) its issues have. */
  statusKinds: number;
}

/**
 * An issue's own status, when it says something its column's label does not:
 * the column holds issues of several statuses, and this one is not the label
 * itself in other letters ("In progress" for "In Progress"). Else undefined.
 */
export function tellingStatus(column: Pick<BoardColumn, 'label' | 'statusKinds'>, status: string): string | undefined {
  return status && column.statusKinds > 1 && statusKey(status) !== statusKey(column.label) ? status : undefined;
}

export function columnLabel(column: Pick<ColumnConfig, 'id' | 'label'>, labels: Labels): string {
  const key = DEFAULT_COLUMN_LABELS[column.id];
  return column.label ?? (key ? labels[key] : column.id);
}

export function groupIntoColumns(issues: readonly Issue[], columns: readonly ColumnConfig[], labels: Labels = EN): BoardColumn[] {
  const board: BoardColumn[] = columns.map((column) => ({
    id: column.id,
    label: columnLabel(column, labels),
    configured: true,
    hidden: column.hidden,
    issues: [],
    statusKinds: 0,
  }));
  const byKey = new Map([...columnsByStatus(columns)].map(([key, column]) => [key, board[columns.indexOf(column)]!]));
  const extra: BoardColumn[] = [];
  const taken = new Set(board.map((c) => c.id));
  for (const issue of issues) {
    const key = statusKey(issue.status);
    let column = byKey.get(key);
    if (!column) {
      const id = uniqueId(statusColumnId(issue.status), taken);
      column = { id, label: issue.status || labels.noStatus, configured: false, hidden: false, issues: [], statusKinds: 0 };
      byKey.set(key, column);
      extra.push(column);
    }
    column.issues.push(issue);
  }
  extra.sort((a, b) => a.label.localeCompare(b.label));
  for (const column of [...board, ...extra]) {
    column.issues.sort(byTeamOrder);
    column.statusKinds = new Set(column.issues.map((issue) => statusKey(issue.status))).size;
  }
  return [...board, ...extra];
}

/** The columns the site shows, and the issues that have pages: those of hidden columns are left out. */
export function shownColumns(issues: readonly Issue[], columns: readonly ColumnConfig[], labels: Labels = EN): BoardColumn[] {
  return groupIntoColumns(issues, columns, labels).filter((column) => !column.hidden);
}

/** The team's own order (`sortOrder`), then most upvoted, then id, so the order is stable. */
export function byTeamOrder(a: Issue, b: Issue): number {
  return a.sortOrder - b.sortOrder || b.upvotes - a.upvotes || byId(a, b);
}

/** Longest slug part of a column made for a status: its id is a folder name (`status/{id}/`), and file names end at 255 bytes. */
const STATUS_SLUG_LENGTH = 48;

/** `status-in-beta` for "In Beta"; a longer status is cut and gets a short hash of its matching key, so two long ones stay apart. */
export function statusColumnId(status: string): string {
  const slug = slugify(status) || 'none';
  if (slug.length <= STATUS_SLUG_LENGTH) return `status-${slug}`;
  const hash = createHash('sha256').update(statusKey(status)).digest('hex').slice(0, 8);
  return `status-${slug.slice(0, STATUS_SLUG_LENGTH).replace(/-+$/, '')}-${hash}`;
}

function uniqueId(candidate: string, taken: Set<string>): string {
  let id = candidate;
  for (let n = 2; taken.has(id); n++) id = `${candidate}-${n}`;
  taken.add(id);
  return id;
}
