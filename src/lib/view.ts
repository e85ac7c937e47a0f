/** The roadmap as the pages show it, computed once from the collections. Pure. */
import { byTeamOrder, groupIntoColumns, type BoardColumn } from './columns.ts';
import type { ColumnConfig } from './config.ts';
import type { Issue, Project } from './model.ts';

export interface RoadmapView {
  columns: BoardColumn[];
  /** Projects in the team's order (`sortOrder`), then by name. */
  projects: Project[];
  projectById: ReadonlyMap<string, Project>;
  /** Issues of each project, in the team's order. */
  issuesByProject: ReadonlyMap<string, Issue[]>;
  /** Column of each issue, by issue id. */
  columnByIssue: ReadonlyMap<string, BoardColumn>;
}

export function buildRoadmapView(issues: readonly Issue[], projects: readonly Project[], columns: readonly ColumnConfig[]): RoadmapView {
  const board = groupIntoColumns(issues, columns);
  const sortedProjects = [...projects].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const issuesByProject = new Map<string, Issue[]>(sortedProjects.map((p) => [p.id, []]));
  for (const issue of [...issues].sort(byTeamOrder)) {
    if (issue.projectId) issuesByProject.get(issue.projectId)?.push(issue);
  }
  const columnByIssue = new Map<string, BoardColumn>();
  for (const column of board) for (const issue of column.issues) columnByIssue.set(issue.id, column);
  return {
    columns: board,
    projects: sortedProjects,
    projectById: new Map(sortedProjects.map((p) => [p.id, p])),
    issuesByProject,
    columnByIssue,
  };
}
