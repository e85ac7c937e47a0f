/**
 * From API records to the site's model: drops what must never be published,
 * fills defaults, scales progress, and cuts dangling project links.
 */
import type { ApiIssue, ApiProject } from '../portal/api-schemas.ts';
import type { Issue, Project } from './model.ts';
import { byId, hexColour, httpUrl } from '../shared/values.ts';

/**
 * Whether an issue may be published: `isVisible: false` or `isDeleted: true`
 * hides it (docs/portal-api.md, Issue resource (v1) §2). A missing flag is read as the portal's
 * default, visible and not deleted, since the endpoint lists published issues.
 */
export function isPortalVisible(issue: Pick<ApiIssue, 'isVisible' | 'isDeleted'>): boolean {
  return issue.isVisible !== false && issue.isDeleted !== true;
}

/** Portal-visible issues only, normalised, sorted by id so equal data gives an equal snapshot. */
export function normaliseIssues(issues: readonly ApiIssue[], knownProjectIds: ReadonlySet<string>): Issue[] {
  return issues
    .filter(isPortalVisible)
    .map((issue) => normaliseIssue(issue, knownProjectIds))
    .sort(byId);
}

export function normaliseIssue(issue: ApiIssue, knownProjectIds: ReadonlySet<string>): Issue {
  const identifier = issue.identifier == null || issue.identifier === '' ? null : String(issue.identifier);
  return {
    id: issue.id,
    identifier,
    title: text(issue.title) ?? identifier ?? 'Untitled',
    description: body(issue.description),
    summary: (issue.summary ?? []).map((line) => line.trim()).filter(Boolean),
    status: issue.status?.trim() ?? '',
    priority: issue.priority == null || issue.priority === '' ? null : String(issue.priority),
    team: teamName(issue.team),
    projectId: issue.projectId && knownProjectIds.has(issue.projectId) ? issue.projectId : null,
    sortOrder: finiteOr(issue.sortOrder, Number.MAX_SAFE_INTEGER),
    upvotes: Math.max(0, finiteOr(issue.upvotes, 0)),
    importanceScore: finiteOr(issue.importanceScore, 0),
    createdAt: isoDate(issue.createdAt),
    updatedAt: isoDate(issue.updatedAt),
    url: httpUrl(issue.url),
    // Kept in the snapshot always; only src/content/privacy.ts decides whether a page shows them.
    tracker: { ticketId: idText(issue.trackerTicketId), workspaceId: text(issue.workspaceId), version: issue.version ?? null },
  };
}

/**
 * Projects, normalised. `progress` has no documented scale (docs/portal-api.md, Project resource (v1) §2),
 * so the scale is decided per workspace: when every project's progress lies in
 * 0–1 the values are fractions, otherwise percentages. See `scaleProgress`.
 */
export function normaliseProjects(projects: readonly ApiProject[]): Project[] {
  const scale = progressScale(projects.map((p) => p.progress));
  return projects.map((project) => normaliseProject(project, scale)).sort(byId);
}

export function normaliseProject(project: ApiProject, scale: ProgressScale): Project {
  return {
    id: project.id,
    name: text(project.name) ?? 'Untitled project',
    description: body(project.description),
    color: hexColour(project.color),
    icon: text(project.icon),
    progress: scaleProgress(project.progress, scale),
    state: text(project.state),
    sortOrder: finiteOr(project.sortOrder, Number.MAX_SAFE_INTEGER),
    upvotes: Math.max(0, finiteOr(project.upvotes, 0)),
    importanceScore: finiteOr(project.importanceScore, 0),
    createdAt: isoDate(project.createdAt),
    tracker: { projectId: idText(project.trackerProjectId), teamIds: (project.trackerTeamIds ?? []).flatMap((id) => idText(id) ?? []) },
  };
}

export type ProgressScale = 'fraction' | 'percent';

/** `fraction` when every finite value lies in [0, 1], else `percent`. */
export function progressScale(values: readonly (number | null | undefined)[]): ProgressScale {
  return values.every((v) => v == null || !Number.isFinite(v) || (v >= 0 && v <= 1)) ? 'fraction' : 'percent';
}

/**
 * A progress value as a percentage in [0, 100], rounded to one decimal:
 * fractions are multiplied by 100; anything outside the range is clamped;
 * a missing or non-finite value is 0.
 */
export function scaleProgress(value: number | null | undefined, scale: ProgressScale): number {
  if (value == null || !Number.isFinite(value)) return 0;
  const percent = scale === 'fraction' ? value * 100 : value;
  return Math.round(Math.min(100, Math.max(0, percent)) * 10) / 10;
}

/** The team's shape is not shown (docs/portal-api.md, Issue resource (v1)): a string, or an object with a string `name` or `key`. */
function teamName(team: unknown): string | null {
  if (typeof team === 'string') return text(team);
  if (team && typeof team === 'object') {
    const { name, key } = team as { name?: unknown; key?: unknown };
    if (typeof name === 'string') return text(name);
    if (typeof key === 'string') return text(key);
  }
  return null;
}

/** A tracker id of unshown type (docs/portal-api.md, Issue resource (v1); Project resource (v1)): text or number, as text. */
function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? text(value) : null;
}

function isoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Markdown kept byte for byte (leading spaces matter), or null when blank. */
function body(value: string | null | undefined): string | null {
  return value?.trim() ? value : null;
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return value != null && Number.isFinite(value) ? value : fallback;
}
