/**
 * Ship dates a team already knows, for what shipped before the site's history
 * began: `shipDates` names a JSON file inside the project that maps an issue's
 * id or identifier to the day it shipped, `{ "FN-12": "2025-03-14" }`. The
 * history dates everything it saw move itself, and those dates win; a seeded
 * date only replaces "shipped before {date}" (src/view/roadmap-view.ts).
 */
import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../shared/errors.ts';
import { parseWithFriendlyErrors } from '../shared/friendly-errors.ts';

/** Most entries a file may have: a few thousand shipped issues is a large roadmap already. */
export const MAX_SHIP_DATES = 10_000;
/** Largest file read: far more than MAX_SHIP_DATES entries need. */
export const MAX_SHIP_DATES_BYTES = 1024 * 1024;

/** A day (`2025-03-14`) or an ISO 8601 date-time with its offset (`2025-03-14T09:30:00Z`): UTC midnight of the day, or that moment. */
const shipDate = z.string().transform((value, context) => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const moment = day ? new Date(`${value}T00:00:00.000Z`) : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? new Date(value) : undefined;
  // new Date('2025-02-30') rolls over to March: a day is valid only when it reads back as written.
  if (!moment || Number.isNaN(moment.getTime()) || (day && moment.toISOString().slice(0, 10) !== value)) {
    context.addIssue({ code: 'custom', message: 'use a date such as "2025-03-14" (or a date-time with its offset, "2025-03-14T09:30:00Z")', input: value });
    return z.NEVER;
  }
  return moment.toISOString();
});

export const ShipDatesSchema = z
  .record(z.string().trim().min(1, 'use the id or identifier of an issue, e.g. "FN-12"').max(200), shipDate)
  .refine((dates) => Object.keys(dates).length <= MAX_SHIP_DATES, { error: `list at most ${MAX_SHIP_DATES.toLocaleString('en')} issues` });

/** The ship dates of `file` (already checked to be a file inside the project), as ISO date-times by id or identifier. */
export function readShipDates(file: string, configFile: string): Record<string, string> {
  const fix = `Fix ${file}, or remove "shipDates" from ${configFile}.`;
  const size = statSync(file).size;
  if (size > MAX_SHIP_DATES_BYTES)
    throw new ConfigError(`${file} (shipDates) is ${size.toLocaleString('en')} bytes, more than the ${MAX_SHIP_DATES_BYTES.toLocaleString('en')} read. ${fix}`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new ConfigError(`${file} (shipDates) is not valid JSON: ${(cause as Error).message}. ${fix}`, { cause });
  }
  return parseWithFriendlyErrors(ShipDatesSchema, json, `${file} (shipDates: issue id or identifier → the day it shipped)`, fix);
}
