/**
 * From API records to the site's model: drops what must never be published,
 * fills defaults, scales progress, and cuts dangling project links. Every
 * text loses the characters XML 1.0 forbids here, on the way in, so no output
 * (the feed above all) can be made invalid by them. Ids too: a lone surrogate
 * cannot even be written as UTF-8, so two ids that differ only in one would
 * become one id in the build's content store; here they become one id in the
 * open, and `warn` names both.
 */
import { isPortalVisible, type ApiIssue, type ApiProject } from '../portal/api-schemas.ts';
import type { Issue, Project } from './model.ts';
import { byId, hexColour, httpUrl } from '../shared/values.ts';
import { cleanText, hasMarkPileUp, MAX_MARKS_IN_A_ROW, quoted, quotedList, withoutXmlForbidden } from '../shared/text.ts';

/** Told about data that was left out or could not be read, one message each. */
export type Warn = (message: string) => void;

export { isPortalVisible };

/**
 * Portal-visible issues only, normalised, sorted by id so equal data gives an
 * equal snapshot. Of two issues with one id the first is kept, and `warn`
 * names the id; an id any copy of which is hidden or deleted is left out.
 * Dates that could not be read are named too.
 */
export function normaliseIssues(issues: readonly ApiIssue[], knownProjectIds: ReadonlySet<string>, warn: Warn = () => {}): Issue[] {
  const hidden = new Set(issues.filter((issue) => !isPortalVisible(issue)).map((issue) => cleanId(issue.id)));
  const unreadable: string[] = [];
  const oddCounts: string[] = [];
  const normalised = firstOfEachId(
    issues.filter((issue) => !hidden.has(cleanId(issue.id))),
    'issue',
    warn,
  ).map((issue) => {
    const result = normaliseIssue(issue, knownProjectIds);
    for (const field of ['createdAt', 'updatedAt'] as const) {
      if (issue[field] && !result[field]) unreadable.push(`issue ${quoted(issue.id)} ${field} ${quoted(issue[field])}`);
    }
    if (issue.upvotes != null && issue.upvotes !== result.upvotes) oddCounts.push(`issue ${quoted(issue.id)} ${issue.upvotes} → ${result.upvotes}`);
    return result;
  });
  if (unreadable.length) warn(unreadableDatesWarning(unreadable));
  if (oddCounts.length) warn(upvoteCountsWarning(oddCounts));
  const piledUp = issues.filter(
    (issue) => !hidden.has(cleanId(issue.id)) && hasMarkPileUp(JSON.stringify([issue.title, issue.summary, issue.description, issue.status, issue.team])),
  );
  if (piledUp.length) warn(markPileUpWarning('issue', piledUp));
  return normalised.sort(byId);
}

export function normaliseIssue(issue: ApiIssue, knownProjectIds: ReadonlySet<string>): Issue {
  const identifier = issue.identifier == null ? null : text(String(issue.identifier));
  return {
    id: cleanId(issue.id),
    identifier,
    title: text(issue.title) ?? identifier ?? 'Untitled',
    description: body(issue.description),
    summary: (issue.summary ?? []).flatMap((line) => text(line) ?? []),
    status: text(issue.status) ?? '',
    priority: issue.priority == null ? null : text(String(issue.priority)),
    team: teamName(issue.team),
    projectId: issue.projectId && knownProjectIds.has(cleanId(issue.projectId)) ? cleanId(issue.projectId) : null,
    sortOrder: finiteOr(issue.sortOrder, Number.MAX_SAFE_INTEGER),
    upvotes: upvoteCount(issue.upvotes),
    importanceScore: finiteOr(issue.importanceScore, 0),
    createdAt: isoDate(issue.createdAt),
    updatedAt: isoDate(issue.updatedAt),
    url: httpUrl(issue.url == null ? null : withoutXmlForbidden(issue.url)),
    // Kept in the snapshot always; only src/shown/privacy.ts decides whether a page shows them.
    tracker: { ticketId: idText(issue.trackerTicketId), workspaceId: text(issue.workspaceId), version: finiteOr(issue.version, null) },
  };
}

/**
 * Projects, normalised. `progress` has no documented scale (docs/portal-api.md, Project resource (v1) §2),
 * so the scale is decided per workspace: when every project's progress lies in
 * 0–1 the values are fractions, otherwise percentages. See `scaleProgress`.
 */
export function normaliseProjects(projects: readonly ApiProject[], warn: Warn = () => {}): Project[] {
  const unique = firstOfEachId(projects, 'project', warn);
  const scale = progressScale(unique.map((p) => p.progress));
  const unreadable = unique.flatMap((p) => (p.createdAt && !isoDate(p.createdAt) ? [`project ${quoted(p.id)} createdAt ${quoted(p.createdAt)}`] : []));
  if (unreadable.length) warn(unreadableDatesWarning(unreadable));
  const piledUp = unique.filter((project) => hasMarkPileUp(JSON.stringify([project.name, project.description, project.state])));
  if (piledUp.length) warn(markPileUpWarning('project', piledUp));
  return unique.map((project) => normaliseProject(project, scale)).sort(byId);
}

/** An id without the characters XML forbids (see the module comment). */
export function cleanId(id: string): string {
  return withoutXmlForbidden(id);
}

/**
 * The first record of each id (as `cleanId` leaves it), in the order given;
 * `warn` names every id that came more than once, and every id left empty.
 */
function firstOfEachId<T extends { id: string }>(records: readonly T[], kind: 'issue' | 'project', warn: Warn): T[] {
  const first = new Map<string, string>();
  const repeated: string[] = [];
  const empty: string[] = [];
  const kept = records.filter((record) => {
    const id = cleanId(record.id);
    if (!id) return void empty.push(record.id);
    const earlier = first.get(id);
    if (earlier === undefined) return first.set(id, record.id);
    repeated.push(earlier === record.id ? quoted(id) : `${quoted(earlier)} and ${quoted(record.id)} (both ${quoted(id)})`);
    return false;
  });
  if (repeated.length) warn(`${repeated.length} ${kind} id(s) came more than once; the first of each is kept: ${[...new Set(repeated)].join(', ')}`);
  if (empty.length) warn(`${empty.length} ${kind}(s) have an id made only of characters XML forbids and are left out: ${quotedList(empty)}`);
  return kept;
}

function markPileUpWarning(kind: string, records: readonly { id: unknown }[]): string {
  return `${records.length} ${kind}(s) have more than ${MAX_MARKS_IN_A_ROW} combining marks in a row, which no line can break, in their text; each run is cut to ${MAX_MARKS_IN_A_ROW}: ${quotedList(records.map((record) => String(record.id)))}`;
}

function unreadableDatesWarning(items: readonly string[]): string {
  const shown = items.slice(0, 20).join('; ');
  return `${items.length} date(s) are not ISO 8601 date-times within years 0000–9999 and are left out: ${shown}${items.length > 20 ? `; and ${items.length - 20} more` : ''}`;
}

export function normaliseProject(project: ApiProject, scale: ProgressScale): Project {
  return {
    id: cleanId(project.id),
    name: text(project.name) ?? 'Untitled project',
    description: body(project.description),
    color: hexColour(project.color),
    icon: text(project.icon),
    progress: scaleProgress(project.progress, scale),
    state: text(project.state),
    sortOrder: finiteOr(project.sortOrder, Number.MAX_SAFE_INTEGER),
    upvotes: upvoteCount(project.upvotes),
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

/**
 * An ISO 8601 / RFC 3339 date-time (`2026-03-12T09:30:00Z`, with an offset, or
 * a bare date) within years 0000–9999 once in UTC, as the canonical ISO
 * string; anything else is null. `Date.parse` is not used: it reads `"1"` as
 * 2001 and its other guesses depend on the engine. A date-time without an
 * offset is read as UTC, so a build gives the same dates on every machine.
 */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

export function isoDate(value: string | null | undefined): string | null {
  const match = value ? ISO_DATE_TIME.exec(value.trim()) : null;
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone = 'Z'] = match;
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
  // A day, hour or minute out of range rolls over in Date; compare to refuse it (2026-02-30, 25:00).
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  )
    return null;
  const offset = /^[Zz]$/.test(zone) ? 0 : offsetMinutes(zone);
  if (offset === null) return null;
  const time = date.getTime() - offset * 60_000;
  const iso = new Date(time).toISOString();
  // After the offset, a date at the edge of year 9999 (or 0000) may fall outside the four-digit years ISO strings have.
  return /^\d{4}-/.test(iso) ? iso : null;
}

/** `+05:30`, `-0800` or `+01` as minutes east of UTC, or null when out of range. */
function offsetMinutes(zone: string): number | null {
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  return hours > 23 || minutes > 59 ? null : sign * (hours * 60 + minutes);
}

/** Text without the characters XML forbids and without surrounding space, or null when nothing is left. */
function text(value: string | null | undefined): string | null {
  const cleaned = value == null ? '' : cleanText(value).trim();
  return cleaned ? cleaned : null;
}

/** Markdown kept as written (leading spaces matter) but for the characters XML forbids, or null when blank. */
function body(value: string | null | undefined): string | null {
  const cleaned = value == null ? '' : cleanText(value);
  return cleaned.trim() ? cleaned : null;
}

/**
 * Most upvotes an issue or project is taken to have. The spec shows upvotes as a number and no bound
 * (docs/portal-api.md, Issue resource (v1)); the history keeps counts as integers it adds and subtracts,
 * which must stay exact, so a count is a whole number from 0 to a billion, far past any real portal's.
 */
export const MAX_UPVOTES = 1_000_000_000;

/** A count of upvotes as pages and the history keep it: a whole number from 0 to MAX_UPVOTES (0 when not a number). */
export function upvoteCount(value: number | null | undefined): number {
  return Math.min(MAX_UPVOTES, Math.max(0, Math.round(finiteOr(value ?? null, 0))));
}

function upvoteCountsWarning(changed: readonly string[]): string {
  return `upvote count(s) that are not whole numbers from 0 to ${MAX_UPVOTES} are shown rounded into that range: ${changed.join('; ')}`;
}

function finiteOr<F extends number | null>(value: number | null | undefined, fallback: F): number | F {
  return value != null && Number.isFinite(value) ? value : fallback;
}
