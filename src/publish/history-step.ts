/**
 * The rebuild's history step. Before the build: read the state folder's
 * history (refused, and left as it is, when invalid), or when it has none,
 * continue the one the live site publishes (its `history.json` in `--out`, else
 * `{site}/history.json`), or else
 * start a new one, saying which; then record this run and write the result
 * where the staging build reads it (`ROADMAP_HISTORY`). After the publish:
 * `historyCommit(prepared.keep).commit()` puts it in the state folder, atomically.
 *
 * Only this workspace's history is continued (src/history/workspace.ts). The
 * bundled demo's is set aside with one line saying so: it is made up, so
 * nothing of a team's is lost, and trying the demo first is the README's own
 * path. The same workspace id read at another portal address is this
 * workspace's, continued with one warning naming both addresses. Another
 * workspace's stops the run, naming `--fresh-history`: it is a variable
 * pointing at the wrong portal, workspace or site more often than a move, and
 * neither continuing nor replacing it would be right. A history read from the
 * live site has its project states checked (src/history/carried-states.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fetchPublishedHistory, HISTORY_FILE, readHistoryFile, writeHistoryFile } from '../history/read.ts';
import { recordChanges, refileUnmoved } from '../history/record.ts';
import type { History } from '../history/schema.ts';
import { historyOwner, originRelation, otherWorkspace, portalAddress, recordedAtAnotherAddress, workspaceIdDigestOf } from '../history/workspace.ts';
import { withKnownProjectStates } from '../history/carried-states.ts';
import { diffShown, stateOf, type ShownChanges, type ShownState } from '../history/shown.ts';
import { PROJECT_STATE_LABELS } from '../i18n/labels.ts';
import { statusKey } from '../shared/status-key.ts';
import { quotedList } from '../shared/text.ts';
import { changes } from '../history/timeline.ts';
import type { Snapshot, SnapshotOrigin } from '../snapshot/snapshot-file.ts';
import { RoadmapError } from '../shared/errors.ts';
import { copyAtomically } from '../shared/files.ts';

export interface HistoryStepOptions {
  stateDir: string;
  /** A private directory of this run: the history for the staging build is written here. */
  workDir: string;
  /** The fresh snapshot through the privacy gate (src/shown/privacy.ts). */
  snapshot: Snapshot;
  /** What the site shows of it (`shownState`). */
  shown: ShownState;
  /** What the last published snapshot showed: what a new history's first run is compared with. */
  previousShown: ShownState | undefined;
  /** The last published snapshot through the privacy gate: an issue in the same status there was not moved, whatever column the config now puts it in. */
  previousSnapshot?: Snapshot | undefined;
  /** The live site's root URL (with the base path), to continue its `/history.json` when the state has no history. */
  siteRoot?: string | undefined;
  /**
   * The live site's folder on this machine (`--out`, and the prefix of a mounted roadmap): its `history.json` is
   * the one the site publishes, read before asking `siteRoot` for it (a server may not reach its own address).
   */
  liveSiteDir?: string | undefined;
  /** Start a new history: the state's file, if any, is kept beside the new one, renamed. */
  fresh?: boolean | undefined;
  /** The identity of the snapshot's workspace (`workspaceOf`), recorded in the history. */
  workspace: string;
  /** The demo's issue and project ids (`demoIds`): a history of an older version that names one is the demo's. */
  demoIds: ReadonlySet<string>;
  log: (line: string) => void;
  /** Reads the live site's history (tests pass their own). */
  fetchHistory?: ((siteRoot: string) => Promise<History | undefined>) | undefined;
}

export interface PreparedHistory {
  /** The history with this run recorded, as the staging build reads it. */
  file: string;
  history: History;
  /**
   * What this run changed, from the one comparison (src/history/shown.ts):
   * against the history's own last state, or, for a new history, against the
   * last published snapshot. The change report and step summary list these.
   */
  changes: ShownChanges;
  /**
   * What the live site showed as its own history last recorded it, when the history was continued from the live
   * site (a host's build keeps no state folder): the counts a report compares with, for want of a published snapshot.
   */
  liveSiteBefore: { issues: number; projects: number } | undefined;
  /** Where `historyCommit` puts it once the site is published: data, so that another process may publish it. */
  keep: HistoryKeep;
}

/** The files of a history's commit: the history the build read, the state folder's, and where a replaced one goes. */
export interface HistoryKeep {
  file: string;
  stateFile: string;
  /** Where the state folder's history is kept when this run starts a new one (--fresh-history, or the demo's set aside). */
  setAside: string | undefined;
}

export async function prepareHistory(options: HistoryStepOptions): Promise<PreparedHistory> {
  const { stateDir, snapshot, log } = options;
  const stateFile = join(stateDir, HISTORY_FILE);
  const inState = existsSync(stateFile);
  const liveFile = options.liveSiteDir && join(options.liveSiteDir, HISTORY_FILE);
  let base: History | undefined;
  let setAside: string | undefined;
  const replacedName = `${stateFile}.replaced-${snapshot.fetchedAt.replace(/[^0-9A-Za-z]/g, '-')}`;
  // Where the history continued comes from, as the log and the errors name it.
  let where = stateFile;
  if (options.fresh) {
    if (inState) setAside = replacedName;
    log(`--fresh-history: starting a new history${setAside ? `; the old ${stateFile} is kept as ${basename(setAside)}` : ''}`);
  } else if (inState) {
    base = await readHistoryFile(stateFile);
  } else if (liveFile && existsSync(liveFile)) {
    where = liveFile;
    base = await readHistoryFile(liveFile, 'Run again with --fresh-history to start a new history (the live site keeps this one until the next publish).');
  } else if (options.siteRoot) {
    where = new URL(HISTORY_FILE, options.siteRoot).toString();
    base = await (options.fetchHistory ?? fetchPublishedHistory)(options.siteRoot);
    // A warning, not news: on a host whose build keeps no state, a mistyped ROADMAP_SITE path lands here at every
    // build (the wrong address answers 404 too), and each build would start a new history without a word.
    if (!base) {
      log(
        `warning: no history in ${stateDir}, and nothing is published at ${options.siteRoot} yet; if the roadmap was published before, ` +
          `ROADMAP_SITE is not its address (check its path). ${where} answered 404: starting a new history`,
      );
    }
  } else {
    log(`No history in ${stateDir}: starting a new history`);
  }
  const owner = base && historyOwner(base, options.workspace, options.demoIds);
  const published = options.previousSnapshot?.origin;
  if (owner === 'other' && recordedAtAnotherAddress(base!, snapshot.origin, published)) {
    log(portalMovedWarning(where, snapshot, published));
  } else if (owner === 'other') {
    throw new RoadmapError(
      `The history ${where} is ${otherWorkspace(owner)}, not that of ${describeWorkspace(snapshot)}; nothing was changed. ` +
        'Check PORTAL_API_URL, PORTAL_WORKSPACE_ID and ROADMAP_SITE (or --out and --state); if they are right, run again with --fresh-history to start a new history (a file in the state folder is kept beside it).',
    );
  }
  if (owner === 'demo') {
    if (inState) setAside = replacedName;
    log(`The history ${where} is ${otherWorkspace(owner)}, not this workspace's: starting a new history${setAside ? ` (the old file is kept as ${basename(setAside)})` : ''}`);
    base = undefined;
  } else if (base && where !== stateFile) {
    log(`No history in ${stateDir}: continuing the one the live site publishes, ${where} (recorded up to ${base.recordedAt})`);
    base = withCheckedStates(base, where, options, log);
  }
  // A history recorded after this run would take every later run for old news ("nothing new") and record nothing.
  if (base && Date.parse(base.recordedAt) > Date.parse(snapshot.fetchedAt)) {
    throw new RoadmapError(
      `The history ${inState ? stateFile : 'the live site publishes'} was recorded up to ${base.recordedAt}, after this run (${snapshot.fetchedAt}): ` +
        'a clock was ahead when it was written, or it was edited. Nothing was changed. Run again with --fresh-history to start a new one ' +
        '(the old file is kept beside it), or put back a copy recorded before now.',
    );
  }
  if (base && options.previousSnapshot) {
    const statusBefore = new Map(options.previousSnapshot.issues.map((issue) => [issue.id, issue.status]));
    const statusNow = new Map(snapshot.issues.map((issue) => [issue.id, issue.status]));
    const { history: refiled, refiled: ids } = refileUnmoved(base, options.shown, (id) => statusBefore.has(id) && statusBefore.get(id) === statusNow.get(id));
    if (ids.length) log(`History: ${ids.length} issue${ids.length === 1 ? '' : 's'} in another column only because the config's columns changed, re-filed without a move`);
    base = refiled;
  }
  // What left the site is in `left`, not among the records: one record an issue or project shown.
  const liveSiteBefore = base && where !== stateFile ? { issues: base.issues.size, projects: base.projects.size } : undefined;
  const recorded = recordChanges(base, options.shown, snapshot.fetchedAt);
  // Recorded from now on, also in a history of an older version, which had no workspace, and at a portal's new address.
  const idDigest = workspaceIdDigestOf(snapshot.origin);
  const { workspaceIdDigest: _recorded, ...rest } = recorded.history;
  const history: History = { ...rest, workspace: options.workspace, ...(idDigest ? { workspaceIdDigest: idDigest } : {}) };
  // A new history has no previous state of its own: it starts with everything "already there".
  const runChanges = base ? recorded.changes : diffShown(options.previousShown, options.shown);
  log(describeRun(history, snapshot.fetchedAt));
  const file = join(options.workDir, HISTORY_FILE);
  await writeHistoryFile(file, history);
  // Read back as the build will read it: a history the build would refuse stops the run here, with nothing changed.
  await readHistoryFile(file, 'This run stopped before building; the live site, the state and its history are unchanged.');

  return { file, history, changes: runChanges, liveSiteBefore, keep: { file, stateFile, setAside } };
}

/**
 * Puts a prepared history (`PreparedHistory.keep`) in the state folder, and back: `commit` writes it, atomically (the
 * file a --fresh-history run replaces is renamed, not lost); `restore` puts the state folder's history back as it was
 * before `commit`.
 */
export function historyCommit({ file, stateFile, setAside }: HistoryKeep): { commit(): Promise<void>; restore(): Promise<void> } {
  let before: { text: string | undefined } | undefined;
  return {
    async commit() {
      before = { text: existsSync(stateFile) ? await readFile(stateFile, 'utf8') : undefined };
      if (setAside) await rename(stateFile, setAside);
      // The file the build read, byte for byte: the history object need not outlive the history step (the rebuild
      // holds nothing of the data while the build runs).
      await copyAtomically(file, stateFile);
    },
    async restore() {
      if (!before) return;
      if (setAside && existsSync(setAside)) await rename(setAside, stateFile);
      else if (before.text !== undefined) await writeFile(stateFile, before.text);
      else await rm(stateFile, { force: true });
    },
  };
}

/**
 * The one line a history recorded at another portal address gets: both addresses, where the last published snapshot
 * names the old one (a history keeps only a digest of it).
 */
function portalMovedWarning(where: string, snapshot: Snapshot, published: SnapshotOrigin | undefined): string {
  const now = snapshot.origin.kind === 'api' ? snapshot.origin : undefined;
  const before = published?.kind === 'api' && originRelation(published, snapshot.origin) === 'moved' ? portalAddress(published.apiUrl) : undefined;
  return (
    `warning: the portal's address changed: the history ${where} was recorded at ${before ?? 'another address (the history keeps only a digest of it)'}, ` +
    `this run reads ${now ? portalAddress(now.apiUrl) : 'another one'}; it is workspace ${JSON.stringify(now?.workspaceId)} at both, so its history goes on here`
  );
}

/**
 * A history continued from the live site, its project states checked (src/history/carried-states.ts): known when a
 * project of this run's snapshot or of the last published one has it, or when the site translates it.
 */
function withCheckedStates(history: History, where: string, options: HistoryStepOptions, log: (line: string) => void): History {
  const portalStates = new Set([...options.snapshot.projects, ...(options.previousSnapshot?.projects ?? [])].flatMap((project) => stateOf(project.state) ?? []));
  const known = (state: string) => portalStates.has(state) || PROJECT_STATE_LABELS[statusKey(state)] !== undefined;
  const { history: checked, dropped } = withKnownProjectStates(history, known);
  if (dropped.length) {
    log(
      `warning: the history ${where} gives ${dropped.length} project${dropped.length === 1 ? '' : 's'} a state that no project of this portal has: ` +
        `left out, not shown (${quotedList(dropped, 5)})`,
    );
  }
  return checked;
}

/** The workspace a snapshot was read from, as an error names it (its id; the portal's address is the user's own). */
function describeWorkspace(snapshot: Snapshot): string {
  return snapshot.origin.kind === 'demo' ? 'the bundled demo' : `workspace ${JSON.stringify(snapshot.origin.workspaceId)} of ${snapshot.origin.apiUrl}`;
}

/** One line of what this run added to the history, by kind: ids and counts only (CI logs are public). */
function describeRun(history: History, at: string): string {
  const counts = new Map<string, number>();
  for (const change of changes(history)) {
    if (change.at !== at) continue;
    const key = `${change.subject === 'project' ? 'project ' : ''}${change.kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const left = [...history.left.issues.values()].filter((date) => date === at).length;
  if (left) counts.set('left the site', left);
  const first = [...history.issues.values()].filter((record) => record.events[0]!.kind === 'seen' && record.events[0]!.atLeast && record.events[0]!.at === at).length;
  if (first) counts.set('already there (dates "since at least")', first);
  const parts = [...counts].map(([kind, count]) => `${count} ${kind}`);
  return `History: ${parts.length ? parts.join(', ') : 'nothing new'} (${history.issues.size} issues, ${history.left.issues.size} that left, ${history.projects.size} projects)`;
}
