/**
 * What an issue page says about the issue's place on the roadmap: its
 * neighbours in its column, and the one-line description link previews show.
 * Pure, so the pages and the tests compute the same thing.
 */
import type { Ui } from '../i18n/labels.ts';
import { separator } from '../i18n/joins.ts';

/** Longest og:description we write; previews cut longer ones anyway, mid-word. */
export const SHARE_DESCRIPTION_MAX = 200;

/**
 * Each column's positions by issue id, made once per column list: every issue page asks for its neighbours, and a
 * search of the column each time would make the pages of a site cost the square of a column's length.
 */
const positionsByColumn = new WeakMap<readonly { id: string }[], Map<string, number>>();

/** The issues before and after `id` in its column, in the board's order (the team's own order). */
export function columnNeighbours<T extends { id: string }>(issues: readonly T[], id: string): { previous: T | undefined; next: T | undefined } {
  let positions = positionsByColumn.get(issues);
  if (!positions) {
    positions = new Map();
    // The first place of an id listed twice, as a search from the start finds it.
    for (const [index, issue] of issues.entries()) if (!positions.has(issue.id)) positions.set(issue.id, index);
    positionsByColumn.set(issues, positions);
  }
  const index = positions.get(id);
  if (index === undefined) return { previous: undefined, next: undefined };
  return { previous: issues[index - 1], next: issues[index + 1] };
}

/**
 * "Planned · 49 upvotes · First summary line…": a link preview tells where the
 * issue stands before anyone clicks. The summary is shortened at a word
 * boundary so the whole stays within SHARE_DESCRIPTION_MAX characters.
 * `upvotes` null (the site hides upvote counts): "Planned · First summary line…". The facts are joined as the
 * language joins them (`separated`: Japanese "計画中・49票・…").
 */
export function issueShareDescription(issue: { status: string; upvotes: number | null; summary: string | undefined }, ui: Pick<Ui, 'count' | 'labels'>): string {
  const sep = separator(ui.labels);
  const head = [issue.status, issue.upvotes === null ? '' : ui.count('upvoteCount', issue.upvotes)].filter(Boolean).join(sep);
  const summary = issue.summary?.trim();
  if (!summary) return head;
  return `${head}${sep}${shorten(summary, SHARE_DESCRIPTION_MAX - head.length - sep.length)}`;
}

/** `text` cut to `max` characters (code points, so no emoji is split), at a space where one is near, with an ellipsis. */
function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, Math.max(1, max - 1)).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
