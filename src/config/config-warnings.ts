/**
 * Config values that are valid but almost certainly not what the owner
 * meant: the site builds, and these lines say what will look wrong and how to
 * fix it. Errors (a value that cannot work) belong in the schema instead.
 * Pure: the settings collect these once, and the build and the CLIs print them.
 */
import type { RoadmapConfig } from './roadmap-config.ts';
import { DEFAULT_COLUMNS } from './schemas/columns.ts';
import { DEFAULT_COLUMN_LABELS } from '../i18n/labels.ts';
import { statusKey } from '../shared/status-key.ts';

/** Statuses that mean "finished" in common trackers: those of the default "done" column. */
const FINISHED_STATUSES: readonly string[] = DEFAULT_COLUMNS.find((column) => column.id === 'done')?.statuses ?? [];

export function configWarnings(config: Pick<RoadmapConfig, 'columns' | 'shipped'>): string[] {
  return [...finishedStatusWarnings(config), ...columnLabelWarnings(config)];
}

/** Finished statuses that no column lists, or that land in a column the Shipped page does not read. */
function finishedStatusWarnings({ columns, shipped }: Pick<RoadmapConfig, 'columns' | 'shipped'>): string[] {
  const finished = new Set(FINISHED_STATUSES.map(statusKey));
  const shippedList = shipped.columns.join(', ');
  const listedFinished = columns.flatMap((column) => column.statuses.filter((status) => finished.has(statusKey(status))).map((status) => ({ column, status })));
  if (listedFinished.length === 0) {
    return [
      `columns: no column lists "Done" or another finished status (${FINISHED_STATUSES.join(', ')}). ` +
        `Issues with such a status get a column of their own (e.g. "status-done"), and the Shipped page, which reads shipped.columns (${shippedList}), leaves them out. ` +
        `Add "Done" (or your tracker's word for it) to the statuses of the column named in shipped.columns.`,
    ];
  }
  const warnings: string[] = [];
  const outside = listedFinished.filter(({ column }) => !column.hidden && !shipped.columns.includes(column.id));
  for (const id of new Set(outside.map(({ column }) => column.id))) {
    const statuses = outside.filter(({ column }) => column.id === id).map(({ status }) => JSON.stringify(status));
    warnings.push(
      `shipped.columns: column "${id}" lists the finished status${statuses.length > 1 ? 'es' : ''} ${statuses.join(', ')}, but shipped.columns (${shippedList}) does not name it, so those issues stay off the Shipped page. ` +
        `Add "${id}" to shipped.columns, or ignore this if it is meant.`,
    );
  }
  return warnings;
}

/** Custom columns without a label: their heading would be the bare id. */
function columnLabelWarnings({ columns }: Pick<RoadmapConfig, 'columns'>): string[] {
  return columns.flatMap((column, index) =>
    column.label !== undefined || Object.hasOwn(DEFAULT_COLUMN_LABELS, column.id)
      ? []
      : [
          `columns[${index}].label: column "${column.id}" has no label, so its heading reads "${column.id}". Add a heading, e.g. "label": ${JSON.stringify(suggestedLabel(column.id))}.`,
        ],
  );
}

/** `in-qa` → `In qa`: a starting point for the owner's own wording. */
function suggestedLabel(id: string): string {
  const words = id.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
