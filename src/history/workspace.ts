/**
 * Which workspace a history belongs to. A history records it (`workspace`: a
 * digest of the portal's root and the workspace id, or `demo` for the bundled
 * demo), so that no run continues the history of another workspace: the
 * demo's made-up moves, or another team's, would otherwise become this site's
 * tombstones, feed items and chat news for good.
 */
import { createHash } from 'node:crypto';
import type { SnapshotOrigin } from '../snapshot/snapshot-file.ts';
import type { History } from './schema.ts';

/** The bundled demo's identity: its history is made up, and no real workspace's. */
export const DEMO_WORKSPACE = 'demo';

/**
 * The identity of the workspace a snapshot was read from. The portal's root is
 * compared as a URL (the host's case, a trailing slash and a default port do
 * not make another workspace).
 */
export function workspaceOf(origin: SnapshotOrigin): string {
  if (origin.kind === 'demo') return DEMO_WORKSPACE;
  return `sha256:${createHash('sha256')
    .update(`${portalRoot(origin.apiUrl)}\n${origin.workspaceId}`)
    .digest('hex')}`;
}

function portalRoot(apiUrl: string): string {
  try {
    const url = new URL(apiUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return apiUrl;
  }
}

/**
 * Whose a history is, seen from a run of `workspace`: `this` workspace's, the
 * bundled `demo`'s, or an `other` workspace's. A history of an older version
 * records no workspace: it is the demo's when it names any issue or project of
 * the demo (`demoIds`: ids no real workspace has), else a real workspace's,
 * taken for this one's, so an upgrade keeps a team's history. Without
 * `demoIds` (a build, whose bundle cannot read the demo's data) such a history
 * is taken for this workspace's: only a file named by ROADMAP_HISTORY reaches a
 * build, and the rebuild always hands it one that records its workspace.
 */
export function historyOwner(history: History, workspace: string, demoIds?: ReadonlySet<string>): 'this' | 'demo' | 'other' {
  const recorded = history.workspace ?? (demoIds && namesAny(history, demoIds) ? DEMO_WORKSPACE : undefined);
  if (recorded === undefined) return demoIds && workspace === DEMO_WORKSPACE ? 'other' : 'this';
  if (recorded === workspace) return 'this';
  return recorded === DEMO_WORKSPACE ? 'demo' : 'other';
}

function namesAny(history: History, ids: ReadonlySet<string>): boolean {
  const maps = [history.issues, history.projects, history.left.issues, history.left.projects];
  return maps.some((map) => [...map.keys()].some((id) => ids.has(id)));
}

/** How a history of another workspace is named in a line of the log or an error. */
export const otherWorkspace = (owner: 'demo' | 'other') => (owner === 'demo' ? "the bundled demo's made-up one" : "another workspace's");
