/**
 * Where a build reads its data, decided once from the environment:
 * 1. `ROADMAP_SNAPSHOT`: a snapshot file, no network access;
 * 2. `PORTAL_API_URL` + `PORTAL_WORKSPACE_ID`: the live portal;
 * 3. nothing set: the bundled demo workspace.
 */
import { resolve } from 'node:path';
import { packageFile } from '../shared/package-files.ts';
import type { DataSource } from '../snapshot/source.ts';
import type { RoadmapEnv } from './env.ts';

/** The demo workspace, shipped in the package: API-shaped data run through the same normalisation as live data. */
export const DEMO_DATA_FILE = packageFile('src/data/demo/portal.json');
/** The demo workspace's history (a few months of made-up moves), so the demo shows timelines and a changelog. */
export const DEMO_HISTORY_FILE = packageFile('src/data/demo/history.json');
/**
 * The demo's release notes (made up, naming the demo's issues, in English and German): a build of the demo shows
 * these and not the project's folder, and a build of any other source never reads them.
 */
export const DEMO_RELEASE_NOTES_DIR = packageFile('src/data/demo/releases');

export function resolveSource(env: RoadmapEnv, root: string): DataSource {
  if (env.ROADMAP_SNAPSHOT) return { kind: 'snapshot', file: resolve(root, env.ROADMAP_SNAPSHOT) };
  if (env.PORTAL_API_URL && env.PORTAL_WORKSPACE_ID) {
    return {
      kind: 'api',
      portal: {
        apiUrl: env.PORTAL_API_URL,
        workspaceId: env.PORTAL_WORKSPACE_ID,
        ...(env.PORTAL_TIMEOUT_MS ? { timeoutMs: env.PORTAL_TIMEOUT_MS } : {}),
        ...(env.PORTAL_DEADLINE_MS ? { retry: { deadlineMs: env.PORTAL_DEADLINE_MS } } : {}),
        ...(env.PORTAL_CONCURRENCY ? { concurrency: env.PORTAL_CONCURRENCY } : {}),
        ...(env.PORTAL_MAX_RESPONSE_BYTES ? { maxResponseBytes: env.PORTAL_MAX_RESPONSE_BYTES } : {}),
        ...(env.PORTAL_MAX_FETCH_BYTES ? { maxFetchBytes: env.PORTAL_MAX_FETCH_BYTES } : {}),
      },
      extraProjectIds: env.PORTAL_PROJECT_IDS ?? [],
    };
  }
  return { kind: 'demo', file: DEMO_DATA_FILE };
}
