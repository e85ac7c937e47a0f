import { DEFAULT_COLUMN_LABELS } from '../i18n/labels.ts';

/**
 * The class that gives a column's heading and tab its colour dot (src/components/Column.css): each default
 * column has its colour (src/styles/tokens.css, `--status-*`), any other column the "other" one.
 */
export function statusClass(columnId: string): string {
  return `status-${Object.hasOwn(DEFAULT_COLUMN_LABELS, columnId) ? columnId : 'other'}`;
}
