/**
 * What changed between the last published snapshot and a fresh one, and the
 * report of a rebuild. Pure.
 *
 * The lists of changes are the run's `ShownChanges` (src/history/shown.ts),
 * the same ones the history records, with names added. The report is printed
 * to CI logs, which a public repository shows to anyone: only what the site
 * shows now is named by its title; an issue or project that left the site
 * (hidden, deleted, moved to a hidden column) is named by its id alone, and
 * one that only ever sat in a hidden column is counted, never listed.
 */
import { z } from 'zod';
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { diffShown, shownState, type ShownChanges } from '../history/shown.ts';
import { shownColumns, type BoardColumn } from '../shown/columns.ts';
import { byId } from '../shared/values.ts';
import type { Snapshot } from '../snapshot/snapshot-file.ts';
import { hiddenIssueIds } from '../shown/issue-counts.ts';
import { PART_NAMES, type Fingerprint, type FingerprintPart } from '../fingerprint/fingerprint.ts';
import { logText } from '../shared/text.ts';

/** What changed in the data the site may publish (both snapshots already through the privacy gate). */
export interface DataComparison {
  /** False when the digests are equal. */
  dataChanged: boolean;
  previousDigest: string | null;
  digest: string;
  fetchedAt: string;
  issues: {
    /** Issues shown (in shown columns), as the site publishes them. */
    before: number;
    after: number;
    /**
     * Portal-visible issues of hidden columns (canceled, by default): on no page. `hiddenBefore` is null when the
     * counts before come from the live site's history, which records only what the site shows.
     */
    hiddenBefore: number | null;
    hiddenAfter: number;
    /** On the site now and not at the last publish (new, or back after leaving), with its column's name. */
    added: { id: string; title: string; column: string }[];
    /** Left the site since the last publish: the id alone. */
    removed: { id: string }[];
    /** Moves between shown columns, by the columns' names. */
    statusMoves: { id: string; title: string; from: string; to: string }[];
    /** The biggest upvote gains, largest first (at most `TOP_GAINS`). */
    upvoteGains: { id: string; title: string; from: number; to: number; gain: number }[];
    /**
     * On the site at the last publish and now, with words or facts its page shows changed (`EDITED_FIELDS`), by
     * their names; `was`: its title at the last publish, when the title changed.
     */
    edited: { id: string; title: string; fields: EditedField[]; was?: string }[];
  };
  projects: {
    before: number;
    after: number;
    added: { id: string; name: string }[];
    /** Left the site: the id alone. */
    removed: { id: string }[];
    /** Progress in steps of 10 %, as the history records it. */
    progress: { id: string; name: string; from: number; to: number }[];
    state: { id: string; name: string; from: string | null; to: string | null }[];
    /**
     * On the site at the last publish and now, with what its chip or page shows changed (`EDITED_PROJECT_FIELDS`),
     * by their names; `was`: its name at the last publish, when the name changed. Its progress and state are above.
     */
    edited: { id: string; name: string; fields: EditedProjectField[]; was?: string }[];
  };
}

export const REPORT_FORMAT = 'portal-roadmap.report';
/**
 * 2: `changed` covers every fingerprint part, `status`, `changedParts`, `note`, `fingerprint` and the hidden counts added.
 * 3: the lists are the history's changes: columns instead of statuses, ids alone for what left, progress in steps of 10 %.
 * 4: `changedConfigKeys`, the config keys that changed, by name.
 * 5: `issues.edited`, the issues whose words or facts changed.
 * 6: `projects.edited`, likewise of projects.
 * 7: `issues.hiddenBefore` may be null: not known when the counts before come from the live site's history.
 */
export const REPORT_VERSION = 7;

/** The report of one rebuild run: written to the state folder on every run, "no changes" included. */
export interface ChangeReport extends DataComparison {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  status: 'published' | 'no-changes';
  /** True when anything that shapes the site changed: the data or another part of the fingerprint. */
  changed: boolean;
  /** Published with --force. */
  forced: boolean;
  /** The fingerprint parts that differ from the last publish, in report order. */
  changedParts: FingerprintPart[];
  /** With `config` among them: the top-level config keys that changed, by name (never a value). */
  changedConfigKeys: string[];
  /** Why every part counts as changed when there was nothing to compare with, e.g. "first run". */
  note: string | null;
  fingerprint: Fingerprint;
}

/** The report of a run, from the data comparison and what the run decided. */
export function runReport(
  data: DataComparison,
  run: { status: ChangeReport['status']; forced: boolean; changedParts: FingerprintPart[]; changedConfigKeys?: string[]; note: string | null; fingerprint: Fingerprint },
): ChangeReport {
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    ...run,
    changedConfigKeys: run.changedConfigKeys ?? [],
    changed: run.changedParts.length > 0 || run.note !== null,
    ...data,
  };
}

export const TOP_GAINS = 5;

/** What an issue page shows that an edit in the portal changes, besides its column and upvotes (reported on their own). */
export const EDITED_FIELDS = ['title', 'summary', 'description', 'priority', 'team', 'project'] as const;
export type EditedField = (typeof EDITED_FIELDS)[number];

const fieldValue = (issue: Snapshot['issues'][number], field: EditedField): unknown => (field === 'project' ? issue.projectId : issue[field]);

/** The items of `now` that `before` has too (by id) with some of `fields` changed, each with its previous self and those fields, by id. */
function changedFields<T extends { id: string }, F extends string>(before: readonly T[], now: readonly T[], fields: readonly F[], value: (item: T, field: F) => unknown) {
  const old = new Map(before.map((item) => [item.id, item]));
  return now
    .flatMap((item) => {
      const previous = old.get(item.id);
      const changed = previous ? fields.filter((field) => JSON.stringify(value(previous, field)) !== JSON.stringify(value(item, field))) : [];
      return previous && changed.length > 0 ? [{ item, previous, fields: changed }] : [];
    })
    .sort((a, b) => byId(a.item, b.item));
}

/** Issues shown now that were shown at the last publish too, with the fields whose values changed. */
function editedIssues(columnsBefore: readonly BoardColumn[], columnsNow: readonly BoardColumn[]): DataComparison['issues']['edited'] {
  const issues = (columns: readonly BoardColumn[]) => columns.flatMap((column) => column.issues);
  return changedFields(issues(columnsBefore), issues(columnsNow), EDITED_FIELDS, fieldValue).map(({ item, previous, fields }) => ({
    id: item.id,
    title: item.title,
    fields,
    ...(fields.includes('title') ? { was: previous.title } : {}),
  }));
}

/** What a project's chip and page show that an edit in the portal changes, besides its progress and state (reported on their own). */
export const EDITED_PROJECT_FIELDS = ['name', 'description', 'icon', 'color'] as const;
export type EditedProjectField = (typeof EDITED_PROJECT_FIELDS)[number];

/** Projects on the site now that were on it at the last publish too, with the fields whose values changed. */
function editedProjects(before: readonly Snapshot['projects'][number][], now: readonly Snapshot['projects'][number][]): DataComparison['projects']['edited'] {
  return changedFields(before, now, EDITED_PROJECT_FIELDS, (project, field) => project[field]).map(({ item, previous, fields }) => ({
    id: item.id,
    name: item.name,
    fields,
    ...(fields.includes('name') ? { was: previous.name } : {}),
  }));
}

/** What the live site showed: issues in shown columns, issues in hidden ones, projects. */
export interface ShownCounts {
  issues: number;
  /** Null when not known (the live site's history records only what the site shows). */
  hiddenIssues: number | null;
  projects: number;
}

const count = z.number().int().nonnegative();
const ReportCountsSchema = z.object({
  format: z.literal(REPORT_FORMAT),
  digest: z.string(),
  issues: z.object({ after: count, hiddenAfter: count }),
  projects: z.object({ after: count }),
});

/** What `snapshot` shows with `columns` (nothing, for no snapshot). */
function shownCounts(snapshot: Snapshot | undefined, columns: readonly ColumnConfig[]): ShownCounts & { hiddenIssues: number } {
  const hiddenIssues = hiddenIssueIds(snapshot?.issues ?? [], columns).size;
  return { issues: (snapshot?.issues.length ?? 0) - hiddenIssues, hiddenIssues, projects: snapshot?.projects.length ?? 0 };
}

/**
 * The counts the live site shows, from the report of the last run (`report.json`, parsed) if that run published or
 * kept the snapshot of `digest`: the columns it was shown with may have changed since, so counting that snapshot
 * again with this run's config would report moves between "shown" and "hidden" that no visitor saw. Undefined for
 * a report of other data, or none.
 */
export function shownCountsOf(report: unknown, digest: string | undefined): ShownCounts | undefined {
  const parsed = ReportCountsSchema.safeParse(report);
  if (!parsed.success || digest === undefined || parsed.data.digest !== digest) return undefined;
  return { issues: parsed.data.issues.after, hiddenIssues: parsed.data.issues.hiddenAfter, projects: parsed.data.projects.after };
}

/**
 * The fresh snapshot against the last published one (both through the
 * privacy gate). `changes` are the run's changes when the history step has
 * worked them out (src/publish/history-step.ts); otherwise they are
 * compared here, with the same function. `shownBefore`: the live site's
 * counts, when the last run's report has them (`shownCountsOf`).
 */
export function compareSnapshots(
  previous: Snapshot | undefined,
  next: Snapshot,
  columns: readonly ColumnConfig[],
  changes?: ShownChanges,
  shownBefore?: ShownCounts,
): DataComparison {
  const before = shownBefore ?? shownCounts(previous, columns);
  const after = shownCounts(next, columns);
  const run = changes ?? diffShown(previous && shownState(previous.issues, previous.projects, columns), shownState(next.issues, next.projects, columns));
  const issues = new Map(next.issues.map((issue) => [issue.id, issue]));
  const projects = new Map(next.projects.map((project) => [project.id, project]));
  const columnsBefore = shownColumns(previous?.issues ?? [], columns);
  const columnsNow = shownColumns(next.issues, columns);
  // Column names as the board shows them; a column that no longer exists is named by its id.
  const columnNames = new Map([...columnsBefore, ...columnsNow].map((column) => [column.id, column.label]));
  const column = (id: string) => columnNames.get(id) ?? id;
  // Everything named below is on the site now, so its title is public.
  const title = (id: string) => issues.get(id)?.title ?? id;
  const name = (id: string) => projects.get(id)?.name ?? id;
  return {
    dataChanged: previous?.digest !== next.digest,
    previousDigest: previous?.digest ?? null,
    digest: next.digest,
    fetchedAt: next.fetchedAt,
    issues: {
      before: before.issues,
      after: after.issues,
      hiddenBefore: before.hiddenIssues,
      hiddenAfter: after.hiddenIssues,
      added: run.issues.added.map((issue) => ({ id: issue.id, title: title(issue.id), column: column(issue.column) })),
      removed: run.issues.removed.map((id) => ({ id })),
      statusMoves: run.issues.moved.map((move) => ({ id: move.id, title: title(move.id), from: column(move.from), to: column(move.to) })),
      upvoteGains: run.issues.upvotes
        .map((votes) => ({ id: votes.id, title: title(votes.id), from: votes.from, to: votes.to, gain: votes.to - votes.from }))
        .filter((gain) => gain.gain > 0)
        .sort((a, b) => b.gain - a.gain || byId(a, b))
        .slice(0, TOP_GAINS),
      edited: previous ? editedIssues(columnsBefore, columnsNow) : [],
    },
    projects: {
      before: before.projects,
      after: after.projects,
      added: run.projects.added.map((id) => ({ id, name: name(id) })),
      removed: run.projects.removed.map((id) => ({ id })),
      progress: run.projects.progress.map((step) => ({ ...step, name: name(step.id) })),
      state: run.projects.state.map((state) => ({ ...state, name: name(state.id) })),
      edited: previous ? editedProjects(previous.projects, next.projects) : [],
    },
  };
}

/** Lines shown per kind of change; the JSON report has them all. */
export const LINES_PER_KIND = 10;

/** `the config and the public/ assets`, `first run`, `the portal data (first run with fingerprints)`, or `nothing`. */
export function whatChanged(report: Pick<ChangeReport, 'changedParts' | 'note'> & { changedConfigKeys?: readonly string[] }): string {
  const keys = report.changedConfigKeys ?? [];
  const names = report.changedParts.map((part) => (part === 'config' && keys.length > 0 ? `${PART_NAMES[part]} (${keys.join(', ')})` : PART_NAMES[part]));
  if (names.length === 0) return report.note ?? 'nothing';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return report.note ? `${list} (${report.note})` : list;
}

/** `title (was …), description`: the fields an edit changed, the old title (or name) written by `was`. */
function editedFields(edit: { fields: readonly string[]; was?: string | undefined }, was: (title: string) => string): string {
  return edit.fields.map((field) => ((field === 'title' || field === 'name') && edit.was !== undefined ? `${field} (was ${was(edit.was)})` : field)).join(', ');
}

/** `2 → 3`, or `3` alone when the count before is not known. */
function hiddenCounts({ hiddenBefore, hiddenAfter }: DataComparison['issues']): string {
  return hiddenBefore === null ? `${hiddenAfter}` : `${hiddenBefore} → ${hiddenAfter}`;
}

/** Titles, statuses and names in a report line are cut at this length. */
const REPORT_TEXT_LENGTH = 200;

/** The report as plain lines for a terminal or CI log: the counts always, the changes when there are any. Every value from the portal is made safe for one log line (`logText`). */
export function reportLines(report: ChangeReport): string[] {
  const t = (value: string) => logText(value, REPORT_TEXT_LENGTH);
  const { issues, projects } = report;
  const lines = [`Issues: ${issues.before} → ${issues.after} shown, ${hiddenCounts(issues)} in hidden columns; projects: ${projects.before} → ${projects.after}`];
  if (report.changed) lines.push(`Changed: ${whatChanged(report)}`);
  const some = <T>(items: T[], line: (item: T) => string) => {
    lines.push(...items.slice(0, LINES_PER_KIND).map(line));
    if (items.length > LINES_PER_KIND) lines.push(`    … and ${items.length - LINES_PER_KIND} more`);
  };
  some(issues.added, (i) => `  + issue "${t(i.title)}" (${t(i.column)})`);
  some(issues.removed, (i) => `  - issue ${t(i.id)} left the site`);
  some(issues.statusMoves, (m) => `  ~ "${t(m.title)}": ${t(m.from)} → ${t(m.to)}`);
  some(issues.edited, (e) => `  ✎ "${t(e.title)}": ${editedFields(e, (was) => `"${t(was)}"`)}`);
  some(projects.added, (p) => `  + project "${t(p.name)}"`);
  some(projects.removed, (p) => `  - project ${t(p.id)} left the site`);
  some(projects.progress, (p) => `  ~ project "${t(p.name)}": ${p.from}% → ${p.to}%`);
  some(projects.state, (p) => `  ~ project "${t(p.name)}": ${t(p.from ?? 'no state')} → ${t(p.to ?? 'no state')}`);
  some(projects.edited, (e) => `  ✎ project "${t(e.name)}": ${editedFields(e, (was) => `"${t(was)}"`)}`);
  some(issues.upvoteGains, (g) => `  ▲ "${t(g.title)}": +${g.gain} (${g.from} → ${g.to})`);
  return lines;
}

/**
 * A value from the portal as Markdown text on one line of a job summary: made
 * safe for a log line first (a newline would end the list item, and a line
 * could start with anything), then every character Markdown or HTML would
 * read as markup backslash-escaped.
 */
export function markdownText(text: string): string {
  return logText(text, REPORT_TEXT_LENGTH).replace(/[\\`*_{}[\]()<>#+|!~&-]/g, '\\$&');
}

/** The report as Markdown, for a CI job summary. Every value from the portal goes through `markdownText`. */
export function reportMarkdown(report: ChangeReport): string {
  const esc = markdownText;
  const { issues, projects } = report;
  const out = [
    `### Roadmap ${report.status === 'published' ? 'updated' : 'unchanged'}`,
    '',
    `Issues shown ${issues.before} → ${issues.after} (in hidden columns ${hiddenCounts(issues)}), projects ${projects.before} → ${projects.after}.`,
    '',
    ...(report.status === 'published' ? [`Changed: ${esc(whatChanged(report))}${report.forced && !report.changed ? ' (published with --force)' : ''}.`, ''] : []),
  ];
  const list = (title: string, items: string[]) =>
    items.length
      ? [
          `**${title}**`,
          '',
          ...items.slice(0, LINES_PER_KIND).map((i) => `- ${i}`),
          ...(items.length > LINES_PER_KIND ? [`- … and ${items.length - LINES_PER_KIND} more`] : []),
          '',
        ]
      : [];
  out.push(
    ...list(
      'New issues',
      issues.added.map((i) => `${esc(i.title)} (${esc(i.column)})`),
    ),
    ...list(
      'Issues that left the site',
      issues.removed.map((i) => esc(i.id)),
    ),
    ...list(
      'Status changes',
      issues.statusMoves.map((m) => `${esc(m.title)}: ${esc(m.from)} → ${esc(m.to)}`),
    ),
    ...list(
      'Edited issues',
      issues.edited.map((e) => `${esc(e.title)}: ${editedFields(e, esc)}`),
    ),
    ...list('Projects', [
      ...projects.added.map((p) => `new: ${esc(p.name)}`),
      ...projects.removed.map((p) => `left the site: ${esc(p.id)}`),
      ...projects.progress.map((p) => `${esc(p.name)}: ${p.from}% → ${p.to}%`),
      ...projects.state.map((p) => `${esc(p.name)}: ${esc(p.from ?? 'no state')} → ${esc(p.to ?? 'no state')}`),
      ...projects.edited.map((e) => `edited: ${esc(e.name)}: ${editedFields(e, esc)}`),
    ]),
    ...list(
      'Biggest upvote gains',
      issues.upvoteGains.map((g) => `${esc(g.title)}: +${g.gain}`),
    ),
  );
  return `${out.join('\n')}\n`;
}
