/** Test-side helpers that talk to the shared fake portal's admin endpoints. */
import type { Workspace, WorkspaceStats } from './fake-portal.ts';
import { syntheticWorkspace, type SyntheticOptions } from './synthetic.ts';

export async function defineWorkspace(apiUrl: string, id: string, workspace: Workspace): Promise<void> {
  const response = await fetch(new URL(`/__workspaces/${encodeURIComponent(id)}`, apiUrl), { method: 'PUT', body: JSON.stringify(workspace) });
  if (!response.ok) throw new Error(`could not define workspace ${id}: ${response.status}`);
}

export async function workspaceStats(apiUrl: string, id: string): Promise<WorkspaceStats> {
  return (await fetch(new URL(`/__stats/${encodeURIComponent(id)}`, apiUrl))).json() as Promise<WorkspaceStats>;
}

/** A synthetic workspace as the fake portal serves it. */
export function synthetic(options: SyntheticOptions, extra: Partial<Workspace> = {}): Workspace {
  const { issues, projects } = syntheticWorkspace(options);
  return { issues, projects: Object.fromEntries(projects.map((p) => [p.id, p])), paging: { mode: 'skip-take', maxTake: 100 }, ...extra };
}

/** Most 429s the server sent in any one rate-limit window. */
export const most429sPerWindow = (stats: WorkspaceStats) => Math.max(0, ...Object.values(stats.rateLimitedByWindow));

/** Most of `times` (ms) inside any window of `windowMs`: requests over a sliding window, as a rate limit counts them. */
export function mostInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; first < sorted.length; first++) {
    while (last < sorted.length && sorted[last]! < sorted[first]! + windowMs) last++;
    most = Math.max(most, last - first);
  }
  return most;
}
