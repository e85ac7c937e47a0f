/**
 * The history: what the scheduled rebuild saw change, run after run, as one
 * versioned JSON document. It is published as `/history.json`, so it holds
 * public facts only: ids, column ids, project states, dates and counts.
 * There is no field for a title, a summary or a description, and the schemas
 * are strict, so no such text can be stored, even by hand.
 *
 * An issue or project that leaves the site keeps only its id and the date it
 * left (`left`): its events and upvote samples are dropped, so someone who
 * unpublishes an issue finds nothing of it here but an id and a date.
 */
import { MAX_UPVOTES } from '../snapshot/normalise.ts';
import { z } from 'zod';

export const HISTORY_FORMAT = 'portal-roadmap.history';
export const HISTORY_VERSION = 1;

const at = z.iso.datetime({ offset: true });
/** A history's `workspace` (src/history/workspace.ts): the demo's name, or a digest, so the published file tells nothing of the portal's address. */
const WORKSPACE_PATTERN = /^(?:demo|sha256:[0-9a-f]{64})$/;
const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;
/**
 * A board column id: a configured column's id, or the id made for a status no
 * column lists (`status-beta-testing`). Only shown columns are ever recorded:
 * an issue of a hidden column is not on the site, so it has "left".
 */
const columnId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a column id: lowercase letters, digits and single dashes');
/** A project's state as the portal sends it (shown on its page), cut to this length. */
export const MAX_STATE_LENGTH = 60;
const projectState = z.string().max(MAX_STATE_LENGTH).nullable();
/** Project progress in steps of 10 %: the history records each step crossed, not every percent. */
const progressStep = z.number().int().min(0).max(100).multipleOf(10);

/**
 * `seen`: on the site for the first time, in `column`. With `atLeast`, the
 * history began with it already there: the date is only "since at least".
 * `moved`: into `column` from the column of the event before.
 * `back`: on the site again, in `column`, after it had left.
 */
export const IssueEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({ at, kind: z.literal('seen'), column: columnId, atLeast: z.literal(true).optional() }),
  z.strictObject({ at, kind: z.literal('moved'), column: columnId }),
  z.strictObject({ at, kind: z.literal('back'), column: columnId }),
]);

/** `seen`/`back` carry the whole state; `state` and `progress` one change each. */
export const ProjectEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({ at, kind: z.literal('seen'), state: projectState, progress: progressStep, atLeast: z.literal(true).optional() }),
  z.strictObject({ at, kind: z.literal('back'), state: projectState, progress: progressStep }),
  z.strictObject({ at, kind: z.literal('state'), state: projectState }),
  z.strictObject({ at, kind: z.literal('progress'), progress: progressStep }),
]);

/**
 * Upvote samples, one per UTC day at most and only when the count changed,
 * as a flat list of integers: `[day, count, dayStep, countStep, …]`. The first
 * pair is absolute (`day` counts days since 1970-01-01 UTC); each later pair
 * adds to the one before. Compact on purpose: at 10,000 issues this list is
 * most of the file.
 */
const UpvoteSamplesSchema = z
  .array(z.number().int())
  .refine((list) => list.length % 2 === 0, 'pairs of numbers: [day, count, dayStep, countStep, …]')
  .refine((list) => list.every((value, index) => index % 2 === 1 || index === 0 || value > 0), 'each day step must be at least 1')
  // Every count the pairs add up to is one the portal can have (src/snapshot/normalise.ts `upvoteCount`), so sums stay exact.
  .refine((list) => {
    let count = 0;
    for (let index = 1; index < list.length; index += 2) {
      count += list[index]!;
      if (count < 0 || count > MAX_UPVOTES) return false;
    }
    return true;
  }, `each count must be a whole number from 0 to ${MAX_UPVOTES}`);

const chronological = (events: readonly { at: string }[]) => events.every((event, index) => index === 0 || Date.parse(events[index - 1]!.at) <= Date.parse(event.at));

export const IssueRecordSchema = z.strictObject({
  events: z
    .array(IssueEventSchema)
    .min(1)
    .refine(chronological, 'events must be in date order')
    .refine((events) => events.every((event, index) => (index === 0) === (event.kind !== 'moved')), 'the first event is "seen" or "back", every later one "moved"'),
  upvotes: UpvoteSamplesSchema,
  /** Events between the first one and the latest ones were dropped to keep the history bounded. */
  trimmed: z.literal(true).optional(),
});

export const ProjectRecordSchema = z.strictObject({
  events: z
    .array(ProjectEventSchema)
    .min(1)
    .refine(chronological, 'events must be in date order')
    .refine(
      (events) => events.every((event, index) => (index === 0) === (event.kind === 'seen' || event.kind === 'back')),
      'the first event is "seen" or "back", every later one "state" or "progress"',
    ),
  trimmed: z.literal(true).optional(),
});

const id = z.string().min(1);

/**
 * An object keyed by id in the file, a Map in memory: a Map is quick to walk
 * at 10,000 entries, and an id such as "__proto__" is just a key in it.
 */
const byId = <V extends z.ZodType>(value: V) =>
  z.preprocess(
    (input) => (input !== null && typeof input === 'object' && !Array.isArray(input) && !(input instanceof Map) ? new Map(Object.entries(input)) : input),
    z.map(id, value, { error: 'an object keyed by id' }),
  );

export const HistorySchema = z
  .strictObject({
    format: z.literal(HISTORY_FORMAT),
    version: z.literal(HISTORY_VERSION),
    /**
     * The workspace it is the history of (src/history/workspace.ts): a digest of the portal's root and the
     * workspace id, or `demo`. A history of an older version has none.
     */
    workspace: z.string().regex(WORKSPACE_PATTERN, 'a workspace digest ("sha256:" and 64 hex digits) or "demo"').optional(),
    /**
     * A digest of the workspace id alone (src/history/workspace.ts): the same workspace read at another portal
     * address (a new domain, a proxy, a port) is still this one. None for the demo, nor in a history of an older version.
     */
    workspaceIdDigest: z.string().regex(DIGEST_PATTERN, 'a digest: "sha256:" and 64 hex digits').optional(),
    /** `fetchedAt` of the first run recorded: what was already there is "since at least" this. */
    startedAt: at,
    /** `fetchedAt` of the latest run recorded. */
    recordedAt: at,
    /** Issues on the site now, by id, sorted by id. */
    issues: byId(IssueRecordSchema),
    /** Projects on the site now, by id, sorted by id. */
    projects: byId(ProjectRecordSchema),
    /** What once was on the site and is not now: id → the date it left. Nothing else is kept. */
    left: z.strictObject({ issues: byId(at), projects: byId(at) }),
  })
  .superRefine(
    (history, ctx) => {
      const recordedAt = Date.parse(history.recordedAt);
      if (recordedAt < Date.parse(history.startedAt)) {
        ctx.addIssue({ code: 'custom', path: ['recordedAt'], message: 'is before startedAt' });
      }
      // Nothing is dated after the latest run recorded: such a date came from a clock that was ahead, or an edit.
      for (const kind of ['issues', 'projects'] as const) {
        for (const [key, record] of history[kind]) {
          const last = record.events.at(-1)!;
          if (Date.parse(last.at) > recordedAt) ctx.addIssue({ code: 'custom', path: [kind, key, 'events'], message: `has an event dated ${last.at}, after recordedAt` });
        }
        for (const [key, date] of history.left[kind]) {
          if (Date.parse(date) > recordedAt) ctx.addIssue({ code: 'custom', path: ['left', kind, key], message: `is dated ${date}, after recordedAt` });
        }
      }
      for (const kind of ['issues', 'projects'] as const) {
        for (const key of history[kind].keys()) {
          if (history.left[kind].has(key)) ctx.addIssue({ code: 'custom', path: ['left', kind, key], message: 'is both on the site and left' });
        }
      }
    },
    // Made only of a document whose every field has its shape: an issue with no events (`"events": []`) has no latest
    // event to compare, and reading one would throw a TypeError instead of naming the problem.
    { when: (payload) => payload.issues.length === 0 },
  );

export type History = z.output<typeof HistorySchema>;
export type IssueEvent = z.output<typeof IssueEventSchema>;
export type ProjectEvent = z.output<typeof ProjectEventSchema>;
export type IssueRecord = z.output<typeof IssueRecordSchema>;
export type ProjectRecord = z.output<typeof ProjectRecordSchema>;

export function emptyHistory(fetchedAt: string): History {
  return {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    startedAt: fetchedAt,
    recordedAt: fetchedAt,
    issues: new Map(),
    projects: new Map(),
    left: { issues: new Map(), projects: new Map() },
  };
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 UTC of an ISO date-time. */
export const dayOf = (iso: string): number => Math.floor(Date.parse(iso) / DAY_MS);
/** The ISO date (`2026-03-01`) of a day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export interface UpvoteSample {
  day: number;
  count: number;
}

export function decodeSamples(list: readonly number[]): UpvoteSample[] {
  const samples: UpvoteSample[] = [];
  let day = 0;
  let count = 0;
  for (let index = 0; index < list.length; index += 2) {
    day += list[index]!;
    count += list[index + 1]!;
    samples.push({ day, count });
  }
  return samples;
}

export function encodeSamples(samples: readonly UpvoteSample[]): number[] {
  const list: number[] = [];
  let day = 0;
  let count = 0;
  for (const sample of samples) {
    list.push(sample.day - day, sample.count - count);
    day = sample.day;
    count = sample.count;
  }
  return list;
}

/** The latest samples of a list, found without decoding it. */
interface LastSamples {
  lastDay: number;
  lastCount: number;
  /** The count of the sample before the last, if any. */
  beforeCount: number | undefined;
}

/** Lists are never changed in place, so the sums over a list are worked out once and remembered with it. */
const lastSamplesOf = new WeakMap<number[], LastSamples>();

export function lastSamples(list: number[]): LastSamples {
  let found = lastSamplesOf.get(list);
  if (!found) {
    let lastDay = 0;
    let lastCount = 0;
    let beforeCount: number | undefined;
    for (let index = 0; index < list.length; index += 2) {
      beforeCount = index === 0 ? undefined : lastCount;
      lastDay += list[index]!;
      lastCount += list[index + 1]!;
    }
    found = { lastDay, lastCount, beforeCount };
    lastSamplesOf.set(list, found);
  }
  return found;
}

/** The document as plain JSON data: Maps become objects keyed by id. */
export function historyJson(history: History) {
  // Object.fromEntries defines own properties, so an id such as "__proto__" stays an id.
  const object = <V>(map: ReadonlyMap<string, V>) => Object.fromEntries(map);
  return {
    format: history.format,
    version: history.version,
    ...(history.workspace === undefined ? {} : { workspace: history.workspace }),
    ...(history.workspaceIdDigest === undefined ? {} : { workspaceIdDigest: history.workspaceIdDigest }),
    startedAt: history.startedAt,
    recordedAt: history.recordedAt,
    issues: object(history.issues),
    projects: object(history.projects),
    left: { issues: object(history.left.issues), projects: object(history.left.projects) },
  };
}

/**
 * The history with no upvote samples, for a site that hides upvote counts: what it publishes must not tell them.
 * A rebuild that continues this copy (its state lost) starts each issue's samples again from its next count.
 */
export function withoutUpvotes(history: History): History {
  return { ...history, issues: new Map([...history.issues].map(([id, record]) => [id, { ...record, upvotes: [] }])) };
}

/** The serialised form, as written to the state folder and published: compact, since size is bounded. */
export function serializeHistory(history: History): string {
  return `${JSON.stringify(historyJson(history))}\n`;
}
