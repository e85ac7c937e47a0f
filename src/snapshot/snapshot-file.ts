/**
 * The snapshot: the normalised roadmap as one versioned JSON document. A build
 * can run from it with no network access, and a scheduled rebuild compares
 * digests to skip work when nothing changed.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { ApiIssue, ApiProject } from '../portal/api-schemas.ts';
import { contentDigest } from './digest.ts';
import { SnapshotError } from '../shared/errors.ts';
import { IssueSchema, ProjectSchema, type Issue, type Project } from './model.ts';
import { normaliseIssues, normaliseProjects, type Warn } from './normalise.ts';
import { formatIssues } from '../shared/friendly-errors.ts';

export const SNAPSHOT_FORMAT = 'portal-roadmap.snapshot';
/** 2: `source` renamed `origin`, tracker fields always kept (privacy is applied when pages are made). */
export const SNAPSHOT_VERSION = 2;

/** Where the snapshot's data came from: the portal (with its workspace) or the demo. Never published. */
export const SnapshotOriginSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('api'), apiUrl: z.string(), workspaceId: z.string() }),
  z.strictObject({ kind: z.literal('demo') }),
]);

export const SnapshotSchema = z.strictObject({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION),
  /** When the data was read from the portal (ISO date-time). */
  fetchedAt: z.iso.datetime({ offset: true }),
  origin: SnapshotOriginSchema,
  /** `sha256:` digest of `{ issues, projects }`; equal data, equal digest. */
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  /** Published issues only, sorted by id. */
  issues: z.array(IssueSchema),
  /** Projects, sorted by id. */
  projects: z.array(ProjectSchema),
  /** Project ids that issues named but that answered 404; their issues are shown without a project. */
  missingProjectIds: z.array(z.string()),
});

export type Snapshot = z.output<typeof SnapshotSchema>;
export type SnapshotOrigin = z.output<typeof SnapshotOriginSchema>;

interface RawPortalData {
  issues: readonly ApiIssue[];
  projects: readonly ApiProject[];
  missingProjectIds: readonly string[];
}

/** Normalises API data into a snapshot; `warn` is told what was left out (see `normaliseIssues`). */
export function createSnapshot(raw: RawPortalData, origin: SnapshotOrigin, fetchedAt: Date, warn: Warn = () => {}): Snapshot {
  const projects = normaliseProjects(raw.projects, warn);
  const issues = normaliseIssues(raw.issues, new Set(projects.map((p) => p.id)), warn);
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    fetchedAt: fetchedAt.toISOString(),
    origin,
    digest: dataDigest(issues, projects),
    issues,
    projects,
    missingProjectIds: [...raw.missingProjectIds].sort(),
  };
}

export function dataDigest(issues: readonly Issue[], projects: readonly Project[]): string {
  return contentDigest({ issues, projects });
}

/** Validates a parsed snapshot document and checks that its digest matches its data. */
export function parseSnapshot(json: unknown, file: string): Snapshot {
  const result = SnapshotSchema.safeParse(upgradeVersion1(json));
  if (!result.success) {
    throw new SnapshotError(
      `${file} is not a portal-roadmap snapshot (format ${SNAPSHOT_FORMAT}, version ${SNAPSHOT_VERSION}):\n` +
        `${formatIssues(result.error.issues)}\nWrite a fresh one with \`npm run fetch -- --out ${file}\`.`,
      { cause: result.error },
    );
  }
  const snapshot = result.data;
  const actual = dataDigest(snapshot.issues, snapshot.projects);
  if (actual !== snapshot.digest) {
    throw new SnapshotError(
      `${file} was altered after it was written: its digest is ${snapshot.digest} but its data hashes to ${actual}. ` +
        `Write a fresh one with \`npm run fetch -- --out ${file}\`.`,
    );
  }
  return snapshot;
}

/** `onJson`: told the file's JSON as soon as it is parsed, before its data is checked. */
export async function readSnapshotFile(file: string, onJson?: (json: unknown) => void): Promise<Snapshot> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw unreadable(file, cause);
  }
  return parseSnapshotText(text, file, onJson);
}

/** The same, synchronously: for settings, which are resolved before anything async runs (astro.config.mjs). */
export function readSnapshotFileSync(file: string): Snapshot {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    throw unreadable(file, cause);
  }
  return parseSnapshotText(text, file);
}

function unreadable(file: string, cause: unknown): SnapshotError {
  const reason = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be read';
  return new SnapshotError(`The snapshot file ${file} ${reason}. Check ROADMAP_SNAPSHOT, or write one with \`npm run fetch -- --out ${file}\`.`, { cause });
}

function parseSnapshotText(text: string, file: string, onJson?: (json: unknown) => void): Snapshot {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new SnapshotError(`The snapshot file ${file} is not valid JSON (cut short?). Write a fresh one with \`npm run fetch -- --out ${file}\`.`, { cause });
  }
  onJson?.(json);
  return parseSnapshot(json, file);
}

/**
 * A version 1 snapshot (a state folder from before the upgrade) read as
 * version 2: its data and digest are the same, only `source` is now `origin`.
 */
function upgradeVersion1(json: unknown): unknown {
  if (!json || typeof json !== 'object') return json;
  const { version, source, ...rest } = json as Record<string, unknown>;
  return version === 1 && source !== undefined ? { ...rest, version: SNAPSHOT_VERSION, origin: source } : json;
}

/**
 * Writes a snapshot atomically: a reader sees the old file or the new one,
 * never half of one. It is checked against the schema the reader uses first,
 * so `npm run fetch` can never write a file that a build then refuses.
 */
export async function writeSnapshotFile(file: string, snapshot: Snapshot): Promise<void> {
  const check = SnapshotSchema.safeParse(snapshot);
  if (!check.success) {
    throw new SnapshotError(`The snapshot for ${file} would not be readable, so it was not written:\n${formatIssues(check.error.issues)}`, { cause: check.error });
  }
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(snapshot, null, 2)}\n`, 'utf8');
  await rename(temporary, file);
}
