/** What changed between the last published snapshot and a fresh one, and the report of a rebuild. Pure. */
import type { ColumnConfig } from '../../config/roadmap-config.ts';
import type { Issue, Project } from '../../snapshot/model.ts';
import { byId } from '../../shared/values.ts';
import type { Snapshot } from '../../snapshot/snapshot-file.ts';
import { hiddenIssueIds } from '../issue-counts.ts';
import { PART_NAMES, type Fingerprint, type FingerprintPart } from './fingerprint.ts';
import { logText } from '../../shared/text.ts';

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
    /** Portal-visible issues of hidden columns (canceled, by default): on no page. */
    hiddenBefore: number;
    hiddenAfter: number;
    /** `hidden`: the issue sits in a hidden column, so the site does not show it. */
    added: { id: string; title: string; status: string; hidden: boolean }[];
    removed: { id: string; title: string; hidden: boolean }[];
    statusMoves: { id: string; title: string; from: string; to: string }[];
    /** The biggest upvote gains, largest first (at most `TOP_GAINS`). */
    upvoteGains: { id: string; title: string; from: number; to: number; gain: number }[];
  };
  projects: {
    before: number;
    after: number;
    added: { id: string; name: string }[];
    removed: { id: string; name: string }[];
    progress: { id: string; name: string; from: number; to: number }[];
    state: { id: string; name: string; from: string | null; to: string | null }[];
  };
}

export const REPORT_FORMAT = 'portal-roadmap.report';
/** 2: `changed` covers every fingerprint part, `status`, `changedParts`, `note`, `fingerprint` and the hidden counts added. */
export const REPORT_VERSION = 2;

/** The report of one rebuild run: written to the state directory on every run, "no changes" included. */
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
  /** Why every part counts as changed when there was nothing to compare with, e.g. "first run". */
  note: string | null;
  fingerprint: Fingerprint;
}

/** The report of a run, from the data comparison and what the run decided. */
export function runReport(
  data: DataComparison,
  run: { status: ChangeReport['status']; forced: boolean; changedParts: FingerprintPart[]; note: string | null; fingerprint: Fingerprint },
): ChangeReport {
  return { format: REPORT_FORMAT, version: REPORT_VERSION, ...run, changed: run.changedParts.length > 0 || run.note !== null, ...data };
}

export const TOP_GAINS = 5;

export function compareSnapshots(previous: Snapshot | undefined, next: Snapshot, columns: readonly ColumnConfig[]): DataComparison {
  const hiddenBefore = hiddenIssueIds(previous?.issues ?? [], columns);
  const hiddenAfter = hiddenIssueIds(next.issues, columns);
  const oldIssues = new Map<string, Issue>((previous?.issues ?? []).map((i) => [i.id, i]));
  const newIssues = new Map<string, Issue>(next.issues.map((i) => [i.id, i]));
  const oldProjects = new Map<string, Project>((previous?.projects ?? []).map((p) => [p.id, p]));
  const newProjects = new Map<string, Project>(next.projects.map((p) => [p.id, p]));
  const kept = [...newIssues.values()].flatMap((issue) => {
    const before = oldIssues.get(issue.id);
    return before ? [{ before, after: issue }] : [];
  });
  const keptProjects = [...newProjects.values()].flatMap((project) => {
    const before = oldProjects.get(project.id);
    return before ? [{ before, after: project }] : [];
  });
  return {
    dataChanged: previous?.digest !== next.digest,
    previousDigest: previous?.digest ?? null,
    digest: next.digest,
    fetchedAt: next.fetchedAt,
    issues: {
      before: oldIssues.size - hiddenBefore.size,
      after: newIssues.size - hiddenAfter.size,
      hiddenBefore: hiddenBefore.size,
      hiddenAfter: hiddenAfter.size,
      added: [...newIssues.values()].filter((i) => !oldIssues.has(i.id)).map(({ id, title, status }) => ({ id, title, status, hidden: hiddenAfter.has(id) })),
      removed: [...oldIssues.values()].filter((i) => !newIssues.has(i.id)).map(({ id, title }) => ({ id, title, hidden: hiddenBefore.has(id) })),
      statusMoves: kept
        .filter(({ before, after }) => before.status !== after.status)
        .map(({ after, before }) => ({ id: after.id, title: after.title, from: before.status, to: after.status })),
      upvoteGains: kept
        .map(({ before, after }) => ({ id: after.id, title: after.title, from: before.upvotes, to: after.upvotes, gain: after.upvotes - before.upvotes }))
        .filter((g) => g.gain > 0)
        .sort((a, b) => b.gain - a.gain || byId(a, b))
        .slice(0, TOP_GAINS),
    },
    projects: {
      before: oldProjects.size,
      after: newProjects.size,
      added: [...newProjects.values()].filter((p) => !oldProjects.has(p.id)).map(({ id, name }) => ({ id, name })),
      removed: [...oldProjects.values()].filter((p) => !newProjects.has(p.id)).map(({ id, name }) => ({ id, name })),
      progress: keptProjects
        .filter(({ before, after }) => before.progress !== after.progress)
        .map(({ before, after }) => ({ id: after.id, name: after.name, from: before.progress, to: after.progress })),
      state: keptProjects
        .filter(({ before, after }) => before.state !== after.state)
        .map(({ before, after }) => ({ id: after.id, name: after.name, from: before.state, to: after.state })),
    },
  };
}

/** Lines shown per kind of change; the JSON report has them all. */
export const LINES_PER_KIND = 10;

/** `the config and the public/ assets`, `first run`, `the portal data (first run with fingerprints)`, or `nothing`. */
export function whatChanged(report: Pick<ChangeReport, 'changedParts' | 'note'>): string {
  const names = report.changedParts.map((part) => PART_NAMES[part]);
  if (names.length === 0) return report.note ?? 'nothing';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return report.note ? `${list} (${report.note})` : list;
}

/** Titles, statuses and names in a report line are cut at this length. */
const REPORT_TEXT_LENGTH = 200;

/** The report as plain lines for a terminal or CI log: the counts always, the changes when there are any. Every value from the portal is made safe for one log line (`logText`). */
export function reportLines(report: ChangeReport): string[] {
  const t = (value: string) => logText(value, REPORT_TEXT_LENGTH);
  const { issues, projects } = report;
  const lines = [
    `Issues: ${issues.before} → ${issues.after} shown, ${issues.hiddenBefore} → ${issues.hiddenAfter} in hidden columns; projects: ${projects.before} → ${projects.after}`,
  ];
  if (report.changed) lines.push(`Changed: ${whatChanged(report)}`);
  const some = <T>(items: T[], line: (item: T) => string) => {
    lines.push(...items.slice(0, LINES_PER_KIND).map(line));
    if (items.length > LINES_PER_KIND) lines.push(`    … and ${items.length - LINES_PER_KIND} more`);
  };
  const where = (issue: { hidden: boolean }) => (issue.hidden ? ', in a hidden column' : '');
  some(issues.added, (i) => `  + issue "${t(i.title)}" (${t(i.status || 'no status')}${where(i)})`);
  some(issues.removed, (i) => `  - issue "${t(i.title)}"${i.hidden ? ' (was in a hidden column)' : ''}`);
  some(issues.statusMoves, (m) => `  ~ "${t(m.title)}": ${t(m.from || 'no status')} → ${t(m.to || 'no status')}`);
  some(projects.added, (p) => `  + project "${t(p.name)}"`);
  some(projects.removed, (p) => `  - project "${t(p.name)}"`);
  some(projects.progress, (p) => `  ~ project "${t(p.name)}": ${p.from}% → ${p.to}%`);
  some(projects.state, (p) => `  ~ project "${t(p.name)}": ${t(p.from ?? 'no state')} → ${t(p.to ?? 'no state')}`);
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
    `Issues shown ${issues.before} → ${issues.after} (in hidden columns ${issues.hiddenBefore} → ${issues.hiddenAfter}), projects ${projects.before} → ${projects.after}.`,
    '',
    ...(report.status === 'published' ? [`Changed: ${esc(whatChanged(report))}${report.forced && !report.changed ? ' (published with --force)' : ''}.`, ''] : []),
  ];
  const list = (title: string, items: string[]) =>
    items.length
      ? [`**${title}**`, '', ...items.slice(0, LINES_PER_KIND).map((i) => `- ${i}`), ...(items.length > LINES_PER_KIND ? [`- … and ${items.length - LINES_PER_KIND} more`] : []), '']
      : [];
  out.push(
    ...list('New issues', issues.added.map((i) => `${esc(i.title)} (${esc(i.status || 'no status')}${i.hidden ? ', in a hidden column' : ''})`)),
    ...list('Removed issues', issues.removed.map((i) => esc(i.title))),
    ...list('Status changes', issues.statusMoves.map((m) => `${esc(m.title)}: ${esc(m.from || 'no status')} → ${esc(m.to || 'no status')}`)),
    ...list('Projects', [
      ...projects.added.map((p) => `new: ${esc(p.name)}`),
      ...projects.removed.map((p) => `removed: ${esc(p.name)}`),
      ...projects.progress.map((p) => `${esc(p.name)}: ${p.from}% → ${p.to}%`),
      ...projects.state.map((p) => `${esc(p.name)}: ${esc(p.from ?? 'no state')} → ${esc(p.to ?? 'no state')}`),
    ]),
    ...list('Biggest upvote gains', issues.upvoteGains.map((g) => `${esc(g.title)}: +${g.gain}`)),
  );
  return `${out.join('\n')}\n`;
}
