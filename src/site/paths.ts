/**
 * URLs of the site's pages. Ids come from the API and may hold any character,
 * so a page slug is the id itself only when it is URL-safe; otherwise a readable
 * slug plus a short hash of the id, which keeps slugs unique.
 */
import { createHash } from 'node:crypto';

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export function pageSlug(id: string): string {
  if (SAFE_ID.test(id)) return id;
  const hash = createHash('sha256').update(id).digest('hex').slice(0, 10);
  const readable = slugify(id).slice(0, 60);
  return readable ? `${readable}-${hash}` : hash;
}

/** Lowercase ASCII letters and digits joined by single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Joins the configured base path and a site path: `withBase('/roadmap/', 'issues/x/')` is `/roadmap/issues/x/`. */
export function withBase(base: string, path: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return `${root}${path.replace(/^\/+/, '')}`;
}

/** Top-level output folders of the issue and project pages. */
export const ISSUES_DIR = 'issues';
export const PROJECTS_DIR = 'projects';

export const issuePath = (id: string): string => `${ISSUES_DIR}/${pageSlug(id)}/`;
export const projectPath = (id: string): string => `${PROJECTS_DIR}/${pageSlug(id)}/`;
/** An issue's own Atom feed, beside its page. */
export const issueFeedPath = (id: string): string => `${issuePath(id)}feed.xml`;
export const CHANGELOG_DIR = 'changelog';
/** The changelog's first page; later pages are `changelog/2/`, … */
export const changelogPath = (page = 1): string => `${CHANGELOG_DIR}/${page > 1 ? `${page}/` : ''}`;
export const changesPath = (): string => 'changes/';
/** A column's first page; later pages are `status/{id}/2/`, … */
export const columnPath = (columnId: string, page = 1): string => `status/${columnId}/${page > 1 ? `${page}/` : ''}`;

/** The vote/discussion link of an issue from the configured template, ids percent-encoded. */
export function voteUrl(template: string, issue: { id: string; identifier: string | null }): string {
  return template
    .replaceAll('{issueId}', encodeURIComponent(issue.id))
    .replaceAll('{identifier}', encodeURIComponent(issue.identifier ?? issue.id));
}

/** A configured asset (logo, social image): a path under public/ gets the base path; an https URL stays as it is. */
export function assetUrl(base: string, asset: string): string {
  return asset.startsWith('/') ? withBase(base, asset) : asset;
}
