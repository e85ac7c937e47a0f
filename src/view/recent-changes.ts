/**
 * The lines of the recent-changes page (/changes/): each change of the last
 * `RECENT_DAYS` as the item it is about, a link to the step on its page, and
 * what happened as a message of the page's language with its values apart,
 * so the page isolates them (<bdi>) and an English column name cannot
 * scramble an Arabic line. Pure: the page renders what this returns.
 */
import type { History } from '../history/schema.ts';
import { recentChanges, type Change } from '../history/timeline.ts';
import { formatPercent } from '../i18n/format.ts';
import type { StringKey, Ui } from '../i18n/labels.ts';
import { issuePath, projectPath } from './paths.ts';
import type { Issue, Project } from '../snapshot/model.ts';

export interface RecentChangeLine {
  at: string;
  /** The issue's title or the project's name: data. */
  name: string;
  /** Site path of the item's page, with the anchor of the step on an issue's timeline. */
  path: string;
  /** The message saying what happened, and the values to put in it. */
  message: StringKey;
  values: Record<string, string>;
}

export interface RecentChangesPage {
  lines: RecentChangeLine[];
  /** Issues that left the site in these days: counted, never named. */
  leftIssues: number;
}

interface Site {
  history: History;
  issueById: ReadonlyMap<string, Pick<Issue, 'id' | 'title'>>;
  projectById: ReadonlyMap<string, Pick<Project, 'id' | 'name'>>;
  columnLabel: (id: string) => string;
  ui: Pick<Ui, 'labels' | 'locale' | 'projectState'>;
}

/** The recent changes as of `asOf` (the snapshot's date); a change of an item no longer on the site is left out. */
export function recentChangesPage(site: Site, asOf: string): RecentChangesPage {
  const { changes, leftIssues } = recentChanges(site.history, asOf);
  return { lines: changes.flatMap((change) => line(change, site) ?? []), leftIssues };
}

function line(change: Change, { issueById, projectById, columnLabel, ui }: Site): RecentChangeLine | undefined {
  const column = (id: string | null) => (id === null ? '' : columnLabel(id));
  if (change.subject === 'issue') {
    const issue = issueById.get(change.id);
    if (!issue) return undefined;
    const path = `${issuePath(issue.id)}#${change.anchor}`;
    if (change.kind === 'moved') return { at: change.at, name: issue.title, path, message: 'changeMoved', values: { from: column(change.from), column: column(change.column) } };
    return { at: change.at, name: issue.title, path, message: change.kind === 'back' ? 'changeBack' : 'changeSeen', values: { column: column(change.column) } };
  }
  const project = projectById.get(change.id);
  if (!project) return undefined;
  const base = { at: change.at, name: project.name, path: projectPath(project.id) };
  const state = (value: string | null) => (value === null ? ui.labels.noState : ui.projectState(value));
  if (change.kind === 'state') return { ...base, message: 'changeProjectState', values: { from: state(change.from), to: state(change.state) } };
  if (change.kind === 'progress')
    return { ...base, message: 'changeProjectProgress', values: { from: formatPercent(change.from, ui.locale), to: formatPercent(change.progress, ui.locale) } };
  return { ...base, message: 'changeProjectSeen', values: {} };
}
