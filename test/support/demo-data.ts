/**
 * The bundled demo as its pages should show it, worked out here from its own files (src/data/demo/: portal.json,
 * history.json, releases/), never with the site's modules: a test that reads the build for its expected values
 * passes whatever the build got wrong. The rules are the documented ones, written out: the default columns
 * (docs/configuration.md), the team's order on a board, and the changelog's dates and notes (docs/site.md, docs/release-notes.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './build-site.ts';

const DEMO_DIR = join(PROJECT_ROOT, 'src/data/demo');

export interface DemoIssue {
  id: string;
  identifier: string;
  title: string;
  status: string;
  team: string;
  upvotes: number;
  sortOrder: number;
  isVisible?: boolean;
  isDeleted?: boolean;
}
interface DemoProject {
  id: string;
  name: string;
  state: string;
}
const portal = JSON.parse(readFileSync(join(DEMO_DIR, 'portal.json'), 'utf8')) as { issues: DemoIssue[]; projects: DemoProject[] };

/** The default columns, in board order, for the statuses the demo uses; Canceled is in the hidden column. */
export const DEMO_COLUMNS = ['backlog', 'planned', 'in-progress', 'done'] as const;
export const DEMO_COLUMN_OF: Readonly<Record<string, (typeof DEMO_COLUMNS)[number]>> = {
  Backlog: 'backlog',
  Todo: 'planned',
  'In Progress': 'in-progress',
  'In Review': 'in-progress',
  Done: 'done',
};

/** The issues the demo publishes, in the team's order (sortOrder, then most upvotes, then id): a board's order. */
export const DEMO_PUBLISHED: readonly DemoIssue[] = portal.issues
  .filter((issue) => issue.isVisible !== false && issue.isDeleted !== true && issue.status !== 'Canceled')
  .sort((a, b) => a.sortOrder - b.sortOrder || b.upvotes - a.upvotes || (a.id < b.id ? -1 : 1));

/** The published issues of `column`, of one team if given, in board order. */
export const demoInColumn = (column: string, team?: string): DemoIssue[] =>
  DEMO_PUBLISHED.filter((issue) => DEMO_COLUMN_OF[issue.status] === column && (!team || issue.team === team));

/** What the demo's changelog lists: a shipped issue or completed project at the date it got there, or a release note at its date. */
export interface DemoChangelogItem {
  kind: 'issue' | 'project' | 'note';
  id: string;
  at: string;
  /** The history saw it there already: the date is only a bound, and it comes last. */
  atLeast: boolean;
}

interface HistoryEvent {
  at: string;
  kind: string;
  column?: string;
  state?: string;
  progress?: number;
}
const history = JSON.parse(readFileSync(join(DEMO_DIR, 'history.json'), 'utf8')) as {
  issues: Record<string, { events: HistoryEvent[] }>;
  projects: Record<string, { events: HistoryEvent[] }>;
};

/** The first event of the last unbroken run of events for which `done` holds, if the last one does. */
function lastRunStart(events: readonly HistoryEvent[], done: (index: number) => boolean): HistoryEvent | undefined {
  let index = events.length - 1;
  if (index < 0 || !done(index)) return undefined;
  while (index > 0 && done(index - 1)) index--;
  return events[index];
}

/** The demo's English release notes (one file each at the top of releases/): slug, date and the items they name. */
function demoNotes(): { slug: string; date: string; issues: string[]; projects: string[] }[] {
  const dir = join(DEMO_DIR, 'releases');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const list = (key: string) =>
        (new RegExp(`^${key}: \\[(.*)\\]$`, 'm').exec(text)?.[1] ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
      return { slug: file.replace(/\.md$/, ''), date: /^date: (\S+)$/m.exec(text)![1]!, issues: list('issues'), projects: list('projects') };
    });
}

/**
 * The demo's changelog, newest first: each shipped issue at the move into Done (the date the history saw it first
 * when it was there already), the completed project at the day it was completed, and each release note at its date,
 * before what shipped on its day; what a note names is shown in it rather than apart; dates that are only a bound come last.
 */
export function demoChangelog(): DemoChangelogItem[] {
  const notes = demoNotes();
  const idOf = new Map(portal.issues.map((issue) => [issue.identifier, issue.id]));
  const named = new Set(notes.flatMap((note) => [...note.issues.map((identifier) => `issue:${idOf.get(identifier)}`), ...note.projects.map((id) => `project:${id}`)]));
  const items: (DemoChangelogItem & { order: string })[] = [];
  for (const issue of demoInColumn('done')) {
    const events = history.issues[issue.id]?.events ?? [];
    const shipped = lastRunStart(events, (index) => events[index]!.column === 'done');
    if (shipped && !named.has(`issue:${issue.id}`)) items.push({ kind: 'issue', id: issue.id, at: shipped.at, atLeast: shipped.kind !== 'moved', order: shipped.at });
  }
  for (const project of portal.projects) {
    const events = history.projects[project.id]?.events ?? [];
    // Completed: in the state "completed" (the default `shipped.projectStates`), or at 100 %, as of each event.
    let state = '';
    let progress = 0;
    const completed = events.map((event) => {
      state = event.state ?? state;
      progress = event.progress ?? progress;
      return state === 'completed' || progress >= 100;
    });
    const done = lastRunStart(events, (index) => completed[index]!);
    if (done && !named.has(`project:${project.id}`))
      items.push({ kind: 'project', id: project.id, at: done.at, atLeast: done.kind === 'seen' || done.kind === 'back', order: done.at });
  }
  for (const note of notes) items.push({ kind: 'note', id: note.slug, at: `${note.date}T00:00:00.000Z`, atLeast: false, order: `${note.date}T23:59:59.999Z` });
  return items.sort((a, b) => Number(a.atLeast) - Number(b.atLeast) || (a.order < b.order ? 1 : a.order > b.order ? -1 : 0)).map(({ order: _order, ...item }) => item);
}
