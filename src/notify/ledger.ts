/**
 * What `portal-roadmap notify` has posted, per service, kept in the state
 * folder (`notified.json`) beside the history, so that a rerun, a retry after a
 * failed deploy, or two runs in a row post no event twice. A service that
 * failed keeps its place: its events are posted by the next run that reaches it.
 *
 * A service's first run posts only the last rebuild's news (the events of the
 * history's latest run), not the whole past. After that it posts every event
 * newer than the last it posted, and the keys of the newest are kept, so
 * events recorded at the same moment are each posted once. Pure but for the
 * file's read and atomic write.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { NewsEvent } from './news.ts';
import type { ServiceName } from './services.ts';

export const LEDGER_FILE = 'notified.json';
const LEDGER_FORMAT = 'portal-roadmap.notified';

const ServiceLedgerSchema = z.strictObject({
  /** The newest event posted. */
  postedThrough: z.string(),
  /** Keys of the events posted at `postedThrough` (several events can share a moment). */
  keys: z.array(z.string()).max(10_000),
});
const LedgerSchema = z.strictObject({
  format: z.literal(LEDGER_FORMAT),
  version: z.literal(1),
  services: z.partialRecord(z.enum(['slack', 'discord', 'teams', 'mastodon']), ServiceLedgerSchema),
});
export type Ledger = z.infer<typeof LedgerSchema>;

export const emptyLedger = (): Ledger => ({ format: LEDGER_FORMAT, version: 1, services: {} });

/** The ledger in `stateDir`, or an empty one; one that cannot be read is an error naming the file and the fix. */
export async function readLedger(stateDir: string): Promise<Ledger> {
  const file = join(stateDir, LEDGER_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyLedger();
    throw error;
  }
  const parsed = LedgerSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a ledger of portal-roadmap notify: delete it, and the next run posts the last rebuild's news only`);
  return parsed.data;
}

/** Written beside and renamed over, so a run that dies leaves the old ledger whole. */
export async function writeLedger(stateDir: string, ledger: Ledger): Promise<void> {
  const file = join(stateDir, LEDGER_FILE);
  await writeFile(`${file}.tmp`, `${JSON.stringify(ledger, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/**
 * The events `service` has still to post, newest first. `latestRun`: when the history last recorded a run, whose
 * events are what a service with no ledger yet posts.
 */
export function unposted(ledger: Ledger, service: ServiceName, events: readonly NewsEvent[], latestRun: string): NewsEvent[] {
  const entry = ledger.services[service];
  if (!entry) return events.filter((event) => event.at >= latestRun);
  const posted = new Set(entry.keys);
  return events.filter((event) => event.at > entry.postedThrough || (event.at === entry.postedThrough && !posted.has(event.key)));
}

/** The ledger once `service` posted `events` (those `unposted` gave it). */
export function withPosted(ledger: Ledger, service: ServiceName, events: readonly NewsEvent[], latestRun: string): Ledger {
  const entry = ledger.services[service];
  const newest = events.reduce((max, event) => (event.at > max ? event.at : max), entry?.postedThrough ?? '');
  const through = newest || latestRun;
  const keys = [...(entry?.postedThrough === through ? entry.keys : []), ...events.filter((event) => event.at === through).map((event) => event.key)];
  return { ...ledger, services: { ...ledger.services, [service]: { postedThrough: through, keys: [...new Set(keys)] } } };
}
