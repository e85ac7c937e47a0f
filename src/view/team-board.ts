/**
 * A team's board: the site's columns with the team's issues alone, in the same order. Every shown column stays,
 * an empty one saying so, so a team's board reads like the main one. And what a team's or a project's own feed
 * tells: the view with its issues alone.
 */
import type { BoardColumn } from '../shown/columns.ts';
import type { RoadmapView } from './roadmap-view.ts';

/** The teams with a board (and a feed), each with its slug: every team with an issue on the site, none with `board.teamBoards` off. */
export function boardTeams(view: Pick<RoadmapView, 'teamSlugs'>, teamBoards: boolean): [team: string, slug: string][] {
  return teamBoards ? [...view.teamSlugs] : [];
}

export function teamColumns(view: Pick<RoadmapView, 'columns'>, team: string): BoardColumn[] {
  return view.columns.map((column) => ({ ...column, issues: column.issues.filter((issue) => issue.team === team) }));
}

/** The view with the team's issues alone and no projects: what the team's feed tells. */
export function teamView<V extends RoadmapView>(view: V, team: string): V {
  const issues = view.issues.filter((issue) => issue.team === team);
  return { ...view, columns: teamColumns(view, team), issues, projectById: new Map() };
}

/** The view with the project's issues alone and the project itself: what the project's feed tells. */
export function projectView<V extends RoadmapView>(view: V, projectId: string): V {
  // Grouped once with the view: a pass over every issue for each project's feed would cost the product of the two.
  const issues = [...(view.issuesByProject.get(projectId) ?? [])];
  const project = view.projectById.get(projectId);
  return { ...view, issues, projectById: new Map(project ? [[projectId, project]] : []) };
}
