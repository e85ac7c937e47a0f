/** The board's columns and the statuses each collects. */
import { z } from 'zod';
import { localText } from './local-text.ts';
import { outputText } from './text.ts';

export const ColumnSchema = z.strictObject({
  /** Stable id: used in URLs and as a CSS hook. Lowercase letters, digits and dashes. */
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lowercase letters, digits and single dashes, e.g. "in-progress"')
    .max(64, 'use at most 64 characters: the id is a folder name'),
  /**
   * Heading shown above the column, or one per language (`{"en": "Shipped", "de": "Ausgeliefert"}`).
   * Optional for the default column ids, which have labels in every language.
   */
  label: localText(outputText().pipe(z.string().trim().min(1, 'give the column a heading, e.g. "In progress"'))).optional(),
  /** Statuses that land in this column. Matched ignoring case, spaces, dashes and underscores. */
  statuses: z.array(z.string().trim().min(1, 'a status cannot be empty')).min(1, 'list at least one status, e.g. ["In Progress"]'),
  /** Leave these issues off the site: no card, no page. */
  hidden: z.boolean().default(false),
});

/** The default column of declined issues, hidden unless `board.showDeclined`. */
export const DECLINED_COLUMN = 'canceled';

/** Defaults that match the words common trackers use. */
export const DEFAULT_COLUMNS: z.input<typeof ColumnSchema>[] = [
  { id: 'backlog', statuses: ['backlog', 'triage', 'icebox', 'under consideration'] },
  { id: 'planned', statuses: ['todo', 'to do', 'planned', 'unstarted', 'next', 'up next'] },
  { id: 'in-progress', statuses: ['in progress', 'started', 'in review', 'review', 'doing', 'in development', 'testing'] },
  { id: 'done', statuses: ['done', 'completed', 'complete', 'shipped', 'released', 'closed'] },
  { id: DECLINED_COLUMN, statuses: ['canceled', 'cancelled', 'duplicate', "won't do", 'wont do'], hidden: true },
];

export const columnOptions = {
  /** Board columns, in order, each with the statuses it collects. An unmapped status gets a column of its own. */
  columns: z.array(ColumnSchema).min(1, 'configure at least one column').prefault(DEFAULT_COLUMNS),
};
