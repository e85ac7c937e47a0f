/**
 * The demo an hour after its snapshot, with one change of each kind an issue page shows, for the fixtures that
 * check keeping unchanged pages (test/support/fixtures.ts `demoChanged`): a build that keeps the demo's unchanged
 * issue pages must write what a build that renders them all writes, byte for byte.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { DEMO_DATA_FILE, DEMO_HISTORY_FILE } from '../../src/config/source.ts';
import { createSnapshot, writeSnapshotFile } from '../../src/snapshot/snapshot-file.ts';

/** Later on the demo's day: the footer's date and every page's day stay the same, so unchanged pages can be kept. */
export const CHANGED_DEMO_FETCHED_AT = '2026-11-20T10:00:00.000Z';

interface RawIssue {
  id: string;
  identifier?: string;
  title: string;
  status: string;
  upvotes?: number;
  description?: string;
  isVisible?: boolean;
  projectId?: string | null;
}

/** What changed, by the issue or project it changed: the checks name them. */
export const DEMO_CHANGES = {
  /** More upvotes: its place in its column, and so its neighbours' links. */
  upvoted: 'FN-101',
  /** A new title: the links to it on its neighbours' pages, its card in Done (whose count stays) and its changelog entry. */
  retitled: 'FN-133',
  /** Moved from Todo to In Progress: its status, its history, both columns' neighbours. */
  moved: 'FN-103',
  /** A new description: its page, but not its card, so Backlog's page stays as it was (as does the Web team's board, which no change touches). */
  redescribed: 'FN-105',
  /** Gone from the portal: its page becomes a tombstone. */
  removed: 'FN-106',
  /** A project further along: its page and its embed, but none of its issues' pages, cards or entries, whose chips show only its name. */
  progressedProject: 'Route planning',
  /** A new issue at the end of Todo. */
  added: 'FN-999',
} as const;

export async function writeChangedDemo(snapshotFile: string, historyFile: string): Promise<void> {
  const data = JSON.parse(readFileSync(DEMO_DATA_FILE, 'utf8')) as { issues: RawIssue[]; projects: { id: string; name: string; progress: number }[] };
  const byIdentifier = (identifier: string) => {
    const issue = data.issues.find((i) => i.identifier === identifier);
    if (!issue) throw new Error(`The demo has no issue ${identifier}: update DEMO_CHANGES`);
    return issue;
  };
  const upvoted = byIdentifier(DEMO_CHANGES.upvoted);
  upvoted.upvotes = (upvoted.upvotes ?? 0) + 400;
  byIdentifier(DEMO_CHANGES.retitled).title = 'Renamed in the portal';
  byIdentifier(DEMO_CHANGES.moved).status = 'In Progress';
  byIdentifier(DEMO_CHANGES.redescribed).description = 'A **new** description, written after the last build.';
  const removed = byIdentifier(DEMO_CHANGES.removed);
  const issues = data.issues.filter((i) => i !== removed);
  issues.push({ ...byIdentifier('FN-101'), id: '00000000-0000-4000-8000-000000000999', identifier: DEMO_CHANGES.added, title: 'A newcomer', status: 'Todo', upvotes: 0 });
  const projects = data.projects.map((p) => (p.name === DEMO_CHANGES.progressedProject ? { ...p, progress: p.progress + 0.15 } : p));
  const snapshot = createSnapshot({ issues: issues as never, projects: projects as never, missingProjectIds: [] }, { kind: 'demo' }, new Date(CHANGED_DEMO_FETCHED_AT));
  await writeSnapshotFile(snapshotFile, snapshot);
  // The demo's own history, which the demo build shows too: this build records its changes an hour after its last run.
  copyFileSync(DEMO_HISTORY_FILE, historyFile);
}
