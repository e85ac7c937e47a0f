/**
 * What changed between the last published snapshot and a fresh one. Pure.
 * The report is printed to CI logs, which a public repository shows to
 * anyone: an issue that left the site (hidden, deleted, moved to a hidden
 * column) is named by its id only, never by its title.
 */
import type { ColumnConfig } from '../../config/roadmap-config.ts';
import { shownColumns } from '../../site/columns.ts';
import type { Issue, Project } from '../../snapshot/model.ts';
import { byId } from '../../shared/values.ts';
import type { Snapshot } from '../../snapshot/snapshot-file.ts';

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
    /** Issues that left the site: ids only. */
    removed: { id: string }[];
    statusMoves: { id: string; title: string; from: string; to: string }[];
    /** The biggest upvote gains, largest first (at most `TOP_GAINS`). */
    upvoteGains: { id: string; title: string; from: number; to: number; gain: number }[];
  };
  projects: {
    before: number;
    after: number;
    added: { id: string; name: string }[];
    /** Projects that left the site: ids only. */
    removed: { id: string }[];
    progress: { id: string; name: string; from: number; to: number }[];
    state: { id: string; name: string; from: string | null; to: string | null }[];
  };
}

export const TOP_GAINS = 5;

/** With `columns`, only issues the site shows count: one moved to a hidden column has left it. */
export function compareSnapshots(previous: Snapshot | undefined, next: Snapshot, columns?: readonly ColumnConfig[]): ChangeReport {
  const shown = (issues: readonly Issue[]) => (columns ? shownColumns(issues, columns).flatMap((column) => column.issues) : issues);
  const oldIssues = new Map<string, Issue>(shown(previous?.issues ?? []).map((i) => [i.id, i]));
  const newIssues = new Map<string, Issue>(shown(next.issues).map((i) => [i.id, i]));
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
      removed: [...oldIssues.values()].filter((i) => !newIssues.has(i.id)).map(({ id }) => ({ id })),
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
      removed: [...oldProjects.values()].filter((p) => !newProjects.has(p.id)).map(({ id }) => ({ id })),
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

/** The report as plain lines for a terminal or CI log. */
export function reportLines(report: ChangeReport): string[] {
  const { issues, projects } = report;
  const lines = [`Issues: ${issues.before} → ${issues.after}; projects: ${projects.before} → ${projects.after}`];
  const some = <T>(items: T[], line: (item: T) => string) => {
    lines.push(...items.slice(0, LINES_PER_KIND).map(line));
    if (items.length > LINES_PER_KIND) lines.push(`    … and ${items.length - LINES_PER_KIND} more`);
  };
  some(issues.added, (i) => `  + issue "${i.title}" (${i.status || 'no status'})`);
  some(issues.removed, (i) => `  - issue ${i.id} left the site`);
  some(issues.statusMoves, (m) => `  ~ "${m.title}": ${m.from || 'no status'} → ${m.to || 'no status'}`);
  some(projects.added, (p) => `  + project "${p.name}"`);
  some(projects.removed, (p) => `  - project ${p.id} left the site`);
  some(projects.progress, (p) => `  ~ project "${p.name}": ${p.from}% → ${p.to}%`);
  some(projects.state, (p) => `  ~ project "${p.name}": ${p.from ?? 'no state'} → ${p.to ?? 'no state'}`);
  some(issues.upvoteGains, (g) => `  ▲ "${g.title}": +${g.gain} (${g.from} → ${g.to})`);
  return lines;
}

/** The report as Markdown, for a CI job summary. Titles are escaped: they come from the portal. */
export function reportMarkdown(report: ChangeReport): string {
  const esc = (text: string) => text.replace(/[\\`*_{}[\]()<>#+|!~-]/g, '\\$&');
  const { issues, projects } = report;
  const out = [`### Roadmap ${report.changed ? 'updated' : 'unchanged'}`, '', `Issues ${issues.before} → ${issues.after}, projects ${projects.before} → ${projects.after}.`, ''];
  const list = (title: string, items: string[]) =>
    items.length
      ? [`**${title}**`, '', ...items.slice(0, LINES_PER_KIND).map((i) => `- ${i}`), ...(items.length > LINES_PER_KIND ? [`- … and ${items.length - LINES_PER_KIND} more`] : []), '']
      : [];
  out.push(
    ...list('New issues', issues.added.map((i) => `${esc(i.title)} (${esc(i.status || 'no status')})`)),
    ...list('Issues that left the site', issues.removed.map((i) => esc(i.id))),
    ...list('Status changes', issues.statusMoves.map((m) => `${esc(m.title)}: ${esc(m.from || 'no status')} → ${esc(m.to || 'no status')}`)),
    ...list('Projects', [
      ...projects.added.map((p) => `new: ${esc(p.name)}`),
      ...projects.removed.map((p) => `left the site: ${esc(p.id)}`),
      ...projects.progress.map((p) => `${esc(p.name)}: ${p.from}% → ${p.to}%`),
      ...projects.state.map((p) => `${esc(p.name)}: ${esc(p.from ?? 'no state')} → ${esc(p.to ?? 'no state')}`),
    ]),
    ...list('Biggest upvote gains', issues.upvoteGains.map((g) => `${esc(g.title)}: +${g.gain}`)),
  );
  return `${out.join('\n')}\n`;
}
