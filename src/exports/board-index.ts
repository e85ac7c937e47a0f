/**
 * The board index (`/board-index.json`): every published issue, in a compact
 * form, for the board's filter island. The board renders only the first
 * `cardsPerColumn` cards of each column; with a filter or a sort on, the island
 * fetches this file (never at page load) and renders the matching cards from
 * it, so filters and sorts act on every issue.
 *
 * Only what filtering, sorting and drawing a card need, and nothing a page does
 * not already show. Issues are rows of plain values rather than objects, and
 * teams and projects are numbered, so the file stays small at 10,000 issues
 * (the bench measures it as `filter_index_gzip_kb`). Pure.
 */
import type { BoardColumn } from '../shown/columns.ts';
import { pageSlug, voteUrl } from '../view/paths.ts';
import type { Issue, Project } from '../snapshot/model.ts';

/** Served at the site root, beside `roadmap.json`. */
export const BOARD_INDEX_FILE = 'board-index.json';

/**
 * One issue: page slug, title, first summary line (or ""), team and project
 * as positions in `teams` and `projects` (-1 for none), upvotes (null when
 * the config's `showUpvotes` is off: the file is public), importance,
 * `updatedAt` in whole seconds since 1970 (0 when unknown), and, only when
 * `voteUrl` is configured, the issue's vote link (its id is in the slug just
 * before, so compressed it costs a few bytes). Its position in the column is
 * its place in the team's order.
 */
export type IndexedIssue = [
  slug: string,
  title: string,
  summary: string,
  team: number,
  project: number,
  upvotes: number | null,
  importance: number,
  updated: number,
  vote?: string,
];

export interface BoardIndex {
  /** Format version of this file; the island reads version 1 only. */
  v: 1;
  teams: string[];
  /** Project id (the filter's value), page slug (its URL and colour class), name. */
  projects: [id: string, slug: string, name: string][];
  /** Shown columns in board order, each with its issues in the team's order. */
  columns: { id: string; issues: IndexedIssue[] }[];
}

export function buildBoardIndex(view: {
  columns: readonly BoardColumn[];
  projects: readonly Project[];
  teams: readonly string[];
  config: { voteUrl?: string | undefined; showUpvotes: boolean };
}): BoardIndex {
  const voteTemplate = view.config.voteUrl;
  const teamIndex = new Map(view.teams.map((team, index) => [team, index]));
  const projectIndex = new Map(view.projects.map((project, index) => [project.id, index]));
  const row = (issue: Issue): IndexedIssue => {
    const shown: IndexedIssue = [
      pageSlug(issue.id),
      issue.title,
      issue.summary[0] ?? '',
      issue.team === null ? -1 : (teamIndex.get(issue.team) ?? -1),
      issue.projectId === null ? -1 : (projectIndex.get(issue.projectId) ?? -1),
      view.config.showUpvotes ? issue.upvotes : null,
      issue.importanceScore,
      updatedSeconds(issue.updatedAt),
    ];
    if (voteTemplate) shown.push(voteUrl(voteTemplate, issue));
    return shown;
  };
  return {
    v: 1,
    teams: [...view.teams],
    projects: view.projects.map((project) => [project.id, pageSlug(project.id), project.name]),
    columns: view.columns.map((column) => ({ id: column.id, issues: column.issues.map(row) })),
  };
}

/** `updatedAt` as the island sorts it, also written on server-rendered cards (`data-updated`). */
export function updatedSeconds(iso: string | null): number {
  return iso ? Math.floor(Date.parse(iso) / 1000) : 0;
}
