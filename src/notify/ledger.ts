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
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readKeptFile } from '../shared/files.ts';
import type { NewsEvent } from './news.ts';
import type { ServiceName } from './services.ts';

export const LEDGER_FILE = 'notified.json';
const LEDGER_FORMAT = 'portal-roadmap.notified';
/**
 * The most keys kept for one moment. All of a rebuild's events share its moment, so a rebuild with more events
 * (10,000 issues new at once) is recorded as `wholeMoment` instead: the ledger stays small whatever the history.
 */
export const MAX_KEYS = 1_000;

const ServiceLedgerSchema = z.strictObject({
  /** The newest event posted. */
  postedThrough: z.string(),
  /** Keys of the events posted at `postedThrough` (several events can share a moment). */
  keys: z.array(z.string()).max(MAX_KEYS),
  /** Every event at `postedThrough` was posted (written instead of `keys` when more than `MAX_KEYS` share it). */
  wholeMoment: z.literal(true).optional(),
  /**
   * How the last post went: `maybe delivered` when it was sent and no answer came in time. Its events count as
   * posted (they may be in the channel already, and a service without an idempotency key would show them twice).
   * `sending` is written just before a post goes out and replaced once it is answered: a run that finds it, finds
   * that the run before stopped while posting (killed, its machine gone), and counts its events as maybe delivered.
   */
  lastPost: z.enum(['delivered', 'maybe delivered', 'sending']).optional(),
});
const LedgerSchema = z.strictObject({
  format: z.literal(LEDGER_FORMAT),
  version: z.literal(1),
  services: z.partialRecord(z.enum(['slack', 'discord', 'teams', 'mastodon']), ServiceLedgerSchema),
});
export type Ledger = z.infer<typeof LedgerSchema>;

export const emptyLedger = (): Ledger => ({ format: LEDGER_FORMAT, version: 1, services: {} });

export type LedgerRead = { ledger: Ledger; problem?: undefined } | { ledger?: undefined; problem: string };

/** The ledger in `stateDir`, an empty one when there is none, or why the file there cannot be read. */
export async function readLedger(stateDir: string): Promise<LedgerRead> {
  const read = await readKeptFile(join(stateDir, LEDGER_FILE), LedgerSchema, 'a ledger');
  return read.problem === undefined ? { ledger: read.value ?? emptyLedger() } : { problem: read.problem };
}

/**
 * The ledger that replaces one that cannot be read: every service counts as having posted everything up to the
 * history's latest run, so nothing already posted is posted again. The price: that run's news, if it was not
 * posted yet, is not posted; the next rebuild's news is.
 */
export function ledgerPostedThrough(services: readonly ServiceName[], latestRun: string): Ledger {
  return { ...emptyLedger(), services: Object.fromEntries(services.map((service) => [service, { postedThrough: latestRun, keys: [], wholeMoment: true }])) };
}

/**
 * Written beside and renamed over, so a run that dies leaves the old ledger whole; checked against the schema
 * first, so no run writes a ledger that the next one refuses.
 */
export async function writeLedger(stateDir: string, ledger: Ledger): Promise<void> {
  const file = join(stateDir, LEDGER_FILE);
  const checked = LedgerSchema.parse(ledger);
  await writeFile(`${file}.tmp`, `${JSON.stringify(checked, null, 2)}\n`);
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
  return events.filter((event) => event.at > entry.postedThrough || (event.at === entry.postedThrough && !entry.wholeMoment && !posted.has(event.key)));
}

/** How a service's last post went (`ServiceLedgerSchema.lastPost`). */
export type LastPost = NonNullable<Ledger['services'][ServiceName]>['lastPost'];

/**
 * The ledger once `service` posted `events` (those `unposted` gave it), sent them with no answer (`maybe delivered`),
 * or is about to send them (`sending`).
 */
export function withPosted(ledger: Ledger, service: ServiceName, events: readonly NewsEvent[], latestRun: string, lastPost?: LastPost): Ledger {
  const entry = ledger.services[service];
  const newest = events.reduce((max, event) => (event.at > max ? event.at : max), entry?.postedThrough ?? '');
  const through = newest || latestRun;
  const sameMoment = entry?.postedThrough === through;
  const keys = [...new Set([...(sameMoment ? entry.keys : []), ...events.filter((event) => event.at === through).map((event) => event.key)])];
  const wholeMoment = (sameMoment && entry.wholeMoment) || keys.length > MAX_KEYS;
  const next = {
    postedThrough: through,
    keys: wholeMoment ? [] : keys,
    ...(wholeMoment ? { wholeMoment: true as const } : {}),
    ...((lastPost ?? entry?.lastPost) ? { lastPost: lastPost ?? entry?.lastPost } : {}),
  };
  return { ...ledger, services: { ...ledger.services, [service]: next } };
}
