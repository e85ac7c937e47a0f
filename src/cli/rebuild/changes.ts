/** What changed between the last published snapshot and a fresh one. Pure. */
import type { Issue, Project } from '../../snapshot/model.ts';
import { byId } from '../../shared/values.ts';
import type { Snapshot } from '../../snapshot/snapshot-file.ts';
import { logText } from '../../shared/text.ts';

export interface ChangeReport {
  /** False when the digests are equal. */
  changed: boolean;
  previousDigest: string | null;
  digest: string;
  fetchedAt: string;
  issues: {
    before: number;
    after: number;
    added: { id: string; title: string; status: string }[];
    removed: { id: string; title: string }[];
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

export const TOP_GAINS = 5;

export function compareSnapshots(previous: Snapshot | undefined, next: Snapshot): ChangeReport {
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
    changed: previous?.digest !== next.digest,
    previousDigest: previous?.digest ?? null,
    digest: next.digest,
    fetchedAt: next.fetchedAt,
    issues: {
      before: oldIssues.size,
      after: newIssues.size,
      added: [...newIssues.values()].filter((i) => !oldIssues.has(i.id)).map(({ id, title, status }) => ({ id, title, status })),
      removed: [...oldIssues.values()].filter((i) => !newIssues.has(i.id)).map(({ id, title }) => ({ id, title })),
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

/** Titles, statuses and names in a report line are cut at this length. */
const REPORT_TEXT_LENGTH = 200;

/** The report as plain lines for a terminal or CI log. Every value from the portal is made safe for one log line (`logText`). */
export function reportLines(report: ChangeReport): string[] {
  const t = (value: string) => logText(value, REPORT_TEXT_LENGTH);
  const { issues, projects } = report;
  const lines = [`Issues: ${issues.before} → ${issues.after}; projects: ${projects.before} → ${projects.after}`];
  const some = <T>(items: T[], line: (item: T) => string) => {
    lines.push(...items.slice(0, LINES_PER_KIND).map(line));
    if (items.length > LINES_PER_KIND) lines.push(`    … and ${items.length - LINES_PER_KIND} more`);
  };
  some(issues.added, (i) => `  + issue "${t(i.title)}" (${t(i.status || 'no status')})`);
  some(issues.removed, (i) => `  - issue "${t(i.title)}"`);
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
  const out = [`### Roadmap ${report.changed ? 'updated' : 'unchanged'}`, '', `Issues ${issues.before} → ${issues.after}, projects ${projects.before} → ${projects.after}.`, ''];
  const list = (title: string, items: string[]) =>
    items.length
      ? [`**${title}**`, '', ...items.slice(0, LINES_PER_KIND).map((i) => `- ${i}`), ...(items.length > LINES_PER_KIND ? [`- … and ${items.length - LINES_PER_KIND} more`] : []), '']
      : [];
  out.push(
    ...list('New issues', issues.added.map((i) => `${esc(i.title)} (${esc(i.status || 'no status')})`)),
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
