/**
 * URLs of the site's pages. Ids come from the API and may hold any character,
 * so one rule makes every id a page slug that is a safe path segment on any
 * file system, case-insensitive ones included, and never the slug of another id:
 * - an id of lowercase letters, digits, `_` and `-` (starting with a letter or
 *   digit, at most 100 characters) is its own slug;
 * - any other id (and one Windows reserves, such as `con`) becomes a readable
 *   lowercase part (`id` when nothing is readable), `~`, and a hash of the
 *   exact id (its UTF-16 code units, so ids that differ only in a lone
 *   surrogate differ too).
 * The first kind never holds `~` and the second always does, and both are
 * lowercase, so two ids share a slug only if their hashes collide, which
 * `assertDistinctSlugs` turns into an error naming both.
 */
import { createHash } from 'node:crypto';
import { RoadmapError } from '../shared/errors.ts';
import { quoted, slugify } from '../shared/text.ts';
import { compareCodeUnits } from '../shared/values.ts';

const LOWERCASE_SAFE_ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;
/** Longest readable part of a hashed slug; with the hash, slugs stay far below file-name limits (255 bytes). */
const READABLE_LENGTH = 48;
/** Hex digits of the hash: 64 bits. */
const HASH_LENGTH = 16;

/** Names Windows reserves for devices: no folder can have them there. */
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

export function pageSlug(id: string): string {
  if (LOWERCASE_SAFE_ID.test(id) && !WINDOWS_DEVICE.test(id)) return id;
  return hashedSlug(id);
}

/** A readable part (`id` when nothing is) and the hash of the exact text: never the slug of another text. */
function hashedSlug(text: string): string {
  const hash = createHash('sha256').update(Buffer.from(text, 'utf16le')).digest('hex').slice(0, HASH_LENGTH);
  return `${readableSlug(text) || 'id'}~${hash}`;
}

const readableSlug = (text: string) => slugify(text).slice(0, READABLE_LENGTH).replace(/-+$/, '');

/** Folder of the team boards. */
export const TEAMS_DIR = 'teams';

/**
 * The slug of each team's board (`teams/{slug}/`): the readable slug of its name (`Mobile apps` → `mobile-apps`)
 * where that is free, else the hashed one (a name with no Latin letters, or one whose readable slug another team
 * has: `Web` and `web`). First come keeps it: slugs are handed out in the order of `firstSeen` (when the history
 * first saw an issue of the team; a team it has not seen comes last), then in code-unit order of the names, so a
 * new team "WEB" never takes the URL, feed and embed of a team "web" that was there before it, and every language
 * of a site agrees. The map lists the teams in code-unit order.
 */
export function teamSlugs(teams: readonly string[], firstSeen: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const slugs = new Map<string, string>();
  const taken = new Set<string>();
  const order = (team: string) => firstSeen.get(team) ?? '\uffff';
  const names = [...new Set(teams)].sort();
  for (const team of [...names].sort((a, b) => compareCodeUnits(order(a), order(b)))) {
    const readable = readableSlug(team);
    const slug = readable && !WINDOWS_DEVICE.test(readable) && !taken.has(readable) ? readable : hashedSlug(team);
    taken.add(slug);
    slugs.set(team, slug);
  }
  return new Map(names.map((team) => [team, slugs.get(team)!]));
}

export const teamPath = (slug: string) => `${TEAMS_DIR}/${slug}/`;

/** Two ids whose pages would be one. */
export class SlugCollisionError extends RoadmapError {
  override name = 'SlugCollisionError';
}

/** Throws, naming both ids, when two of `ids` have the same page slug (compared ignoring case, as macOS and Windows do). */
export function assertDistinctSlugs(kind: 'issue' | 'project', ids: Iterable<string>, slugOf: (id: string) => string = pageSlug): void {
  const owner = new Map<string, string>();
  for (const id of ids) {
    const slug = slugOf(id).toLowerCase();
    const other = owner.get(slug);
    if (other !== undefined && other !== id) {
      throw new SlugCollisionError(
        `The ${kind} ids ${quoted(other)} and ${quoted(id)} would both have the page ${slug}/. ` +
          'This needs a hash collision; report it, with both ids, so the slug rule in src/view/paths.ts can be widened.',
      );
    }
    owner.set(slug, id);
  }
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
/** A release note's page: its address is its file name (src/release-notes/frontmatter.ts). */
export const RELEASES_DIR = 'releases';
export const releasePath = (slug: string): string => `${RELEASES_DIR}/${slug}/`;
/** A column's first page; later pages are `status/{id}/2/`, … (column ids are made safe in src/shown/columns.ts). */
export const columnPath = (columnId: string, page = 1): string => `status/${columnId}/${page > 1 ? `${page}/` : ''}`;

/** The vote/discussion link of an issue from the configured template, ids percent-encoded. */
export function voteUrl(template: string, issue: { id: string; identifier: string | null }): string {
  return template.replaceAll('{issueId}', encodeURIComponent(issue.id)).replaceAll('{identifier}', encodeURIComponent(issue.identifier ?? issue.id));
}

/**
 * A brand image's link (src/config/brand.ts): a path under public/ or below
 * the roadmap's root (`brand/…`) gets the base path; an https URL stays as it is.
 */
export function assetUrl(base: string, asset: string): string {
  return asset.startsWith('https://') ? asset : withBase(base, asset);
}

/**
 * Attributes of a link that leaves the site to act (vote, suggest an idea):
 * the same tab on the site, a new tab from an embed, so the page that embeds
 * the roadmap stays where it was. No referrer or opener reaches the other site
 * from an embed, whose parent page may not want to be known.
 */
export function actionLinkAttributes(embedded: boolean): { rel: string; target?: '_blank' } {
  return embedded ? { rel: 'nofollow noopener noreferrer', target: '_blank' } : { rel: 'nofollow noopener' };
}

/** The `<meta name>` that marks a tombstone page in a frame (whose `<html>`, the frame's, has no `data-tombstone`), for a tool that reads the output (a site's own sitemap) to tell it. */
export const TOMBSTONE_META = 'portal-roadmap:tombstone';
