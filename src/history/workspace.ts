/**
 * Which workspace a history belongs to. A history records it (`workspace`: a
 * digest of the portal's root and the workspace id, or `demo` for the bundled
 * demo; and `workspaceIdDigest`, of the id alone), so that no run continues the
 * history of another workspace: the demo's made-up moves, or another team's,
 * would otherwise become this site's tombstones, feed items and chat news for
 * good. The same workspace id at another portal address is the same workspace.
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
  return digest(`${portalAddress(origin.apiUrl)}\n${origin.workspaceId}`);
}

/**
 * A digest of the workspace id alone, recorded beside `workspaceOf` (the history's `workspaceIdDigest`): the same
 * workspace read from another portal address (the API moved domain, a caching proxy, another port) is still the same
 * workspace, whose history goes on. Undefined for the demo.
 */
export function workspaceIdDigestOf(origin: SnapshotOrigin): string | undefined {
  return origin.kind === 'demo' ? undefined : digest(origin.workspaceId);
}

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** The portal's address as a workspace is told by, and as a log line names it: its origin and path, with no query, user or trailing slash. */
export function portalAddress(apiUrl: string): string {
  try {
    const url = new URL(apiUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return apiUrl;
  }
}

/**
 * How the workspace a snapshot was read from (`recorded`: the last published one's) stands to this run's: the `same`,
 * the same workspace id at another portal address (`moved`), or an `other` workspace.
 */
export function originRelation(recorded: SnapshotOrigin, current: SnapshotOrigin): 'same' | 'moved' | 'other' {
  if (workspaceOf(recorded) === workspaceOf(current)) return 'same';
  return recorded.kind === 'api' && current.kind === 'api' && recorded.workspaceId === current.workspaceId ? 'moved' : 'other';
}

/**
 * Whether a history that `historyOwner` finds of an `other` workspace is this one's, recorded at another portal address:
 * it records the digest of this workspace's id; or, of a version that recorded none, its workspace is that of
 * `published` (the last published snapshot's origin, of this workspace id at its old address).
 */
export function recordedAtAnotherAddress(history: History, current: SnapshotOrigin, published?: SnapshotOrigin): boolean {
  if (current.kind === 'demo' || history.workspace === undefined || history.workspace === DEMO_WORKSPACE) return false;
  if (history.workspaceIdDigest !== undefined) return history.workspaceIdDigest === workspaceIdDigestOf(current);
  return published !== undefined && originRelation(published, current) === 'moved' && workspaceOf(published) === history.workspace;
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
