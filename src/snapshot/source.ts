/**
 * Where a build's data comes from, decided once from the environment:
 * 1. `ROADMAP_SNAPSHOT`: a snapshot file, no network access;
 * 2. `PORTAL_API_URL` + `PORTAL_WORKSPACE_ID`: the live portal;
 * 3. nothing set: the bundled demo workspace.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { z } from 'zod';
import { ApiIssueListSchema, ApiProjectSchema } from '../portal/api-schemas.ts';
import { fetchIssueList, fetchProjects, sessionOf, type PortalClientOptions } from '../portal/client.ts';
import type { PortalSession } from '../portal/session.ts';
import type { RoadmapEnv } from '../config/env.ts';
import { parseWithFriendlyErrors } from '../config/friendly-errors.ts';
import { isPublished, type NormaliseOptions } from './normalise.ts';
import { createSnapshot, readSnapshotFile, type Snapshot } from './snapshot-file.ts';

export type DataSource =
  | { kind: 'snapshot'; file: string }
  | { kind: 'api'; client: Omit<PortalClientOptions, 'dispatcher' | 'onProjectFetched' | 'session'>; extraProjectIds: string[] }
  | { kind: 'demo'; file: string };

/** The demo workspace, relative to the project root: API-shaped data run through the same normalisation as live data. */
export const DEMO_DATA_PATH = 'src/data/demo/portal.json';

export function resolveSource(env: RoadmapEnv, root: string): DataSource {
  if (env.ROADMAP_SNAPSHOT) return { kind: 'snapshot', file: resolve(env.ROADMAP_SNAPSHOT) };
  if (env.PORTAL_API_URL && env.PORTAL_WORKSPACE_ID) {
    return {
      kind: 'api',
      client: {
        apiUrl: env.PORTAL_API_URL,
        workspaceId: env.PORTAL_WORKSPACE_ID,
        ...(env.PORTAL_TIMEOUT_MS ? { timeoutMs: env.PORTAL_TIMEOUT_MS } : {}),
        ...(env.PORTAL_DEADLINE_MS ? { retry: { deadlineMs: env.PORTAL_DEADLINE_MS } } : {}),
        ...(env.PORTAL_CONCURRENCY ? { concurrency: env.PORTAL_CONCURRENCY } : {}),
      },
      extraProjectIds: env.PORTAL_PROJECT_IDS ?? [],
    };
  }
  return { kind: 'demo', file: resolve(root, DEMO_DATA_PATH) };
}

export function describeSource(source: DataSource): string {
  switch (source.kind) {
    case 'snapshot':
      return `snapshot ${source.file}`;
    case 'api':
      return `portal ${source.client.apiUrl} (workspace ${source.client.workspaceId})`;
    case 'demo':
      return 'the bundled demo workspace';
  }
}

/** The one warning about projects that answered 404 (loader, fetch and rebuild all print it). */
export function missingProjectsWarning(ids: readonly string[]): string {
  return `${ids.length} project(s) answered 404 and are left out; their issues are shown without a project: ${ids.join(', ')}`;
}

export interface LoadHooks {
  /** Called once with the project ids that answered 404. */
  onMissingProjects?: (ids: string[]) => void;
  onProjectFetched?: (done: number, total: number) => void;
  dispatcher?: PortalClientOptions['dispatcher'];
  now?: () => Date;
  /** The run's portal session (pacing, retries, deadline), e.g. to read its stats afterwards. */
  session?: PortalSession;
  /** How API data is normalised (tracker fields or not). Not applied to snapshot files, which are already normalised. */
  normalise?: NormaliseOptions;
}

/** Reads the snapshot of a source: from its file, the live portal, or the demo data. */
export async function loadSnapshot(source: DataSource, hooks: LoadHooks = {}): Promise<Snapshot> {
  switch (source.kind) {
    case 'snapshot':
      return readSnapshotFile(source.file);
    case 'demo':
      return loadDemoSnapshot(source.file, hooks.normalise);
    case 'api': {
      const options = { ...source.client, dispatcher: hooks.dispatcher, onProjectFetched: hooks.onProjectFetched };
      // One session for the whole run, so pacing and the deadline cover every request.
      const client = { ...options, session: hooks.session ?? sessionOf(options) };
      const { issues } = await fetchIssueList(client);
      // Projects are read for published issues only, so a hidden issue cannot pull its project onto the site.
      const ids = new Set(issues.filter(isPublished).flatMap((issue) => (issue.projectId ? [issue.projectId] : [])));
      for (const id of source.extraProjectIds) ids.add(id);
      const { projects, missing } = await fetchProjects(client, [...ids].sort());
      if (missing.length) hooks.onMissingProjects?.(missing);
      const origin = { kind: 'api' as const, apiUrl: source.client.apiUrl, workspaceId: source.client.workspaceId };
      return createSnapshot({ issues, projects, missingProjectIds: missing }, origin, (hooks.now ?? (() => new Date()))(), hooks.normalise);
    }
  }
}

const DemoDataSchema = z.strictObject({
  /** Fixed so demo builds are reproducible. */
  fetchedAt: z.iso.datetime({ offset: true }),
  issues: ApiIssueListSchema,
  projects: z.array(ApiProjectSchema),
});

export async function loadDemoSnapshot(file: string, options: NormaliseOptions = {}): Promise<Snapshot> {
  const data = parseWithFriendlyErrors(DemoDataSchema, JSON.parse(await readFile(file, 'utf8')), file, 'Fix the demo data file.');
  const projectIds = new Set(data.projects.map((p) => p.id));
  const missing = [...new Set(data.issues.flatMap((i) => (i.projectId && !projectIds.has(i.projectId) ? [i.projectId] : [])))];
  return createSnapshot({ issues: data.issues, projects: data.projects, missingProjectIds: missing }, { kind: 'demo' }, new Date(data.fetchedAt), options);
}
