/** The roadmap as the pages show it, computed once from the collections. Pure. */
import { byTeamOrder, shownColumns, type BoardColumn } from '../shown/columns.ts';
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import type { Labels } from '../i18n/labels.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { assertDistinctSlugs, teamSlugs } from './paths.ts';
import type { History } from '../history/schema.ts';
import { changelog, changelogOrder, type ChangelogEntry } from '../history/timeline.ts';
import { titleOrder } from '../i18n/format.ts';

export interface RoadmapView {
  /** Columns the site shows, in order; hidden ones are gone. */
  columns: BoardColumn[];
  /** Every issue that has a page, in column order. */
  issues: Issue[];
  /** Projects in the team's order (`sortOrder`), then by name. */
  projects: Project[];
  projectById: ReadonlyMap<string, Project>;
  /** Published issues of each project, in the team's order. */
  issuesByProject: ReadonlyMap<string, Issue[]>;
  /** Column of each published issue, by issue id. */
  columnByIssue: ReadonlyMap<string, BoardColumn>;
  /** Distinct team names, sorted. */
  teams: string[];
  /** Each team's slug (src/view/paths.ts, `teamSlugs`): a team the history saw first keeps its slug. */
  teamSlugs: ReadonlyMap<string, string>;
  shipped: { issues: Issue[]; projects: Project[] };
}

/**
 * What an issue's status reads as on every page, feed and card: the label of the column it is on ("In progress"),
 * or the portal's own status where no shown column lists it (`columnByIssue` has no entry).
 */
export function issueColumnLabel(view: { columnByIssue: ReadonlyMap<string, { label: string }> }, issue: Pick<Issue, 'id' | 'status'>): string {
  return view.columnByIssue.get(issue.id)?.label ?? issue.status;
}

type ViewConfig = Pick<RoadmapConfig, 'columns' | 'shipped' | 'locale'>;

/**
 * With a `history`, shipped issues and completed projects are ordered by the date they shipped, as the changelog is
 * (`noteDates`: its bound's release note days, `changelog`).
 */
export function buildRoadmapView(
  allIssues: readonly Issue[],
  projects: readonly Project[],
  config: ViewConfig,
  labels: Labels,
  history?: History,
  noteDates?: ReadonlyMap<string, string>,
): RoadmapView {
  // Two pages in one folder would lose one: stop, naming both ids, rather than publish the wrong page.
  // Tombstones (what the history says left the site) keep their pages too.
  assertDistinctSlugs('issue', [...allIssues.map((issue) => issue.id), ...(history?.left.issues.keys() ?? [])]);
  assertDistinctSlugs('project', [...projects.map((project) => project.id), ...(history?.left.projects.keys() ?? [])]);
  const columns = shownColumns(allIssues, config.columns, labels);
  const issues = columns.flatMap((column) => column.issues);
  const sortedProjects = [...projects].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const issuesByProject = new Map<string, Issue[]>(sortedProjects.map((p) => [p.id, []]));
  for (const issue of [...issues].sort(byTeamOrder)) {
    if (issue.projectId) issuesByProject.get(issue.projectId)?.push(issue);
  }
  const columnByIssue = new Map<string, BoardColumn>();
  for (const column of columns) for (const issue of column.issues) columnByIssue.set(issue.id, column);
  const collator = new Intl.Collator(config.locale);
  return {
    columns,
    issues,
    projects: sortedProjects,
    projectById: new Map(sortedProjects.map((p) => [p.id, p])),
    issuesByProject,
    columnByIssue,
    teams: [...new Set(issues.flatMap((i) => (i.team ? [i.team] : [])))].sort(collator.compare),
    teamSlugs: teamSlugs(
      issues.flatMap((i) => (i.team ? [i.team] : [])),
      firstSeenByTeam(issues, history),
    ),
    shipped: shippedItems(columns, sortedProjects, config.shipped, history, noteDates),
  };
}

/**
 * Issues of the shipped columns and completed projects, newest first: by the
 * date the history saw them ship when there is one (`updatedAt` is never a
 * ship date), else by their last update.
 */
export function shippedItems(
  columns: readonly BoardColumn[],
  projects: readonly Project[],
  shipped: ViewConfig['shipped'],
  history?: History,
  noteDates?: ReadonlyMap<string, string>,
) {
  const newest = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');
  const rank = history
    ? new Map(
        changelog(
          history,
          shipped,
          columns.flatMap((column) => column.issues),
          noteDates,
        ).map((entry, index) => [`${entry.kind}:${entry.id}`, index]),
      )
    : undefined;
  const byRank = (kind: string) => (a: { id: string }, b: { id: string }) =>
    (rank!.get(`${kind}:${a.id}`) ?? Number.MAX_SAFE_INTEGER) - (rank!.get(`${kind}:${b.id}`) ?? Number.MAX_SAFE_INTEGER);
  const states = new Set(shipped.projectStates.map((s) => s.toLowerCase()));
  return {
    issues: columns
      .filter((column) => shipped.columns.includes(column.id))
      .flatMap((column) => column.issues)
      .sort(rank ? byRank('issue') : (a, b) => newest(a.updatedAt ?? a.createdAt, b.updatedAt ?? b.createdAt))
      .slice(0, shipped.limit),
    projects: projects
      .filter((p) => p.progress >= 100 || (p.state !== null && states.has(p.state.toLowerCase())))
      .sort(rank ? byRank('project') : (a, b) => newest(a.createdAt, b.createdAt)),
  };
}

/**
 * The changelog with what shipped before the history began (dates "on or before") in title order,
 * numbers by value, as a reader of `locale` expects; the dated entries stay newest first.
 */
export function inTitleOrderBeforeHistory(entries: ChangelogEntry[], view: RoadmapView, locale: string): ChangelogEntry[] {
  const titles = new Map<string, string>([
    ...view.issues.map((issue) => [`issue:${issue.id}`, issue.title] as const),
    ...view.projects.map((project) => [`project:${project.id}`, project.name] as const),
  ]);
  const title = (entry: ChangelogEntry) => titles.get(`${entry.kind}:${entry.id}`) ?? entry.id;
  const order = titleOrder(locale);
  return [...entries.filter((entry) => !entry.atLeast), ...entries.filter((entry) => entry.atLeast).sort((a, b) => order(title(a), title(b)))];
}

/** What `withShipDates` could not use, by key of the `shipDates` file, each with why. */
export interface UnusedShipDate {
  key: string;
  why: 'no such issue' | 'not shipped' | 'dated by the history' | 'after the history saw it shipped';
}

/**
 * The changelog with the dates of the team's `shipDates` file (by issue id, or identifier): an issue the history
 * saw arrive already shipped ("shipped before {date}") takes its seeded date, when that is no later than the date
 * the history saw it shipped by, and is then ordered among the dated entries. The history's own dates win.
 */
export function withShipDates(
  entries: readonly ChangelogEntry[],
  issues: readonly Issue[],
  shipDates: Readonly<Record<string, string>>,
): { entries: ChangelogEntry[]; unused: UnusedShipDate[] } {
  const keys = Object.keys(shipDates);
  if (!keys.length) return { entries: [...entries], unused: [] };
  const byId = new Map(issues.map((issue) => [issue.id, issue]));
  const byIdentifier = new Map(issues.flatMap((issue) => (issue.identifier ? [[issue.identifier, issue] as const] : [])));
  const entryOf = new Map(entries.flatMap((entry) => (entry.kind === 'issue' ? [[entry.id, entry] as const] : [])));
  const seeded = new Map<string, string>();
  const unused: UnusedShipDate[] = [];
  for (const key of keys) {
    const issue = byId.get(key) ?? byIdentifier.get(key);
    const entry = issue && entryOf.get(issue.id);
    const at = shipDates[key]!;
    if (!issue) unused.push({ key, why: 'no such issue' });
    else if (!entry) unused.push({ key, why: 'not shipped' });
    else if (!entry.atLeast) unused.push({ key, why: 'dated by the history' });
    else if (at > entry.at) unused.push({ key, why: 'after the history saw it shipped' });
    else seeded.set(issue.id, at);
  }
  const result = entries.map((entry) => {
    const at = entry.kind === 'issue' ? seeded.get(entry.id) : undefined;
    return at ? { ...entry, at, atLeast: false } : entry;
  });
  return { entries: result.sort(changelogOrder), unused };
}

/** One warning naming the `shipDates` entries that were not used, and why; undefined when all were. */
export function unusedShipDatesWarning(unused: readonly UnusedShipDate[]): string | undefined {
  if (!unused.length) return undefined;
  const shown = unused.slice(0, 20).map(({ key, why }) => `${JSON.stringify(key)} (${why})`);
  return `${unused.length} entr${unused.length === 1 ? 'y' : 'ies'} of shipDates left unused: ${shown.join(', ')}${unused.length > 20 ? ` and ${unused.length - 20} more` : ''}. A date is used for a shipped issue on the site whose date the history does not know, and no later than the history's.`;
}

/** When the history first saw an issue of each team, by team: what orders the teams' claims on a slug. */
function firstSeenByTeam(issues: readonly Issue[], history: History | undefined): Map<string, string> {
  const firstSeen = new Map<string, string>();
  for (const issue of issues) {
    const at = history?.issues.get(issue.id)?.events[0]?.at;
    if (!issue.team || !at) continue;
    const known = firstSeen.get(issue.team);
    if (known === undefined || at < known) firstSeen.set(issue.team, at);
  }
  return firstSeen;
}
