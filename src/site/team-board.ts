/**
 * A team's board: the site's columns with the team's issues alone, in the same order. Every shown column stays,
 * an empty one saying so, so a team's board reads like the main one.
 */
import type { BoardColumn } from '../publish/columns.ts';
import type { RoadmapView } from './roadmap-view.ts';

export function teamColumns(view: Pick<RoadmapView, 'columns'>, team: string): BoardColumn[] {
  return view.columns.map((column) => ({ ...column, issues: column.issues.filter((issue) => issue.team === team) }));
}

/** The view with the team's issues alone and no projects: what the team's feed tells. */
export function teamView<V extends RoadmapView>(view: V, team: string): V {
  const issues = view.issues.filter((issue) => issue.team === team);
  return { ...view, columns: teamColumns(view, team), issues, projectById: new Map() };
}
