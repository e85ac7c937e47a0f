/**
 * `/roadmap.json`: the public export of exactly what the site shows, versioned,
 * every field named here on purpose. Hidden, deleted and canceled issues are
 * not in the view, so not here; tracker-internal fields are never copied.
 */
import type { History } from '../history/schema.ts';
import { moveDates } from '../history/timeline.ts';
import type { RoadmapInfo } from '../snapshot/model.ts';
import { issuePath, projectPath } from '../view/paths.ts';
import type { RoadmapView } from '../view/roadmap-view.ts';

export const EXPORT_FORMAT = 'portal-roadmap.export';
/** 2: each issue has `moves`, the dates of its steps between columns. */
export const EXPORT_VERSION = 2;

interface ExportContext {
  /** Absolute URL of the site root, with the base path: `https://example.com/roadmap/`. */
  siteRoot: string;
  title: string;
  info: RoadmapInfo;
  /** Sanitised description HTML of an issue or project. */
  descriptionHtml: (collection: 'issues' | 'projects', id: string) => string;
  history: History;
  /** Per shipped issue, its earliest release note's day: it bounds a step's date the history did not see (`moveDates`). */
  noteDates: ReadonlyMap<string, string>;
  /** False when the site hides upvote counts: no `upvotes` fields then. */
  showUpvotes: boolean;
}

export function buildExport(view: RoadmapView, context: ExportContext) {
  const url = (path: string) => new URL(path, context.siteRoot).toString();
  // No `upvotes` field at all when the site hides the counts (the config's `showUpvotes`).
  const upvotes = (entry: { upvotes: number }) => (context.showUpvotes ? { upvotes: entry.upvotes } : {});
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    title: context.title,
    updatedAt: context.info.fetchedAt,
    columns: view.columns.map((column) => ({ id: column.id, label: column.label, issueIds: column.issues.map((issue) => issue.id) })),
    // A field `privacy.hideFields` hides is empty here as everywhere (src/shown/privacy.ts), as when the portal sends none.
    issues: view.issues.map((issue) => ({
      id: issue.id,
      identifier: issue.identifier,
      title: issue.title,
      url: url(issuePath(issue.id)),
      status: issue.status,
      column: view.columnByIssue.get(issue.id)?.id ?? null,
      team: issue.team,
      projectId: issue.projectId,
      priority: issue.priority,
      ...upvotes(issue),
      importanceScore: issue.importanceScore,
      summary: issue.summary,
      descriptionHtml: context.descriptionHtml('issues', issue.id),
      createdAt: issue.createdAt,
      updatedAt: issue.updatedAt,
      /** Each column the issue entered and when; `atLeast`: it was already there when the history began. */
      moves: moveDates(context.history, issue.id, issue.updatedAt, context.noteDates.get(issue.id)),
    })),
    projects: view.projects.map((project) => ({
      id: project.id,
      name: project.name,
      url: url(projectPath(project.id)),
      state: project.state,
      progress: project.progress,
      ...upvotes(project),
      importanceScore: project.importanceScore,
      color: project.color,
      descriptionHtml: context.descriptionHtml('projects', project.id),
      createdAt: project.createdAt,
    })),
  };
}
