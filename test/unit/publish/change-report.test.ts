import { describe, expect, it } from 'vitest';
import { compareSnapshots, reportLines, reportMarkdown, runReport, type DataComparison } from '../../../src/publish/change-report.ts';
import type { FingerprintPart } from '../../../src/fingerprint/fingerprint.ts';
import { projectProgress } from '../../../src/publish/fetch-progress.ts';
import { shownColumns } from '../../../src/shown/columns.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { dataDigest, type Snapshot } from '../../../src/snapshot/snapshot-file.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const [first, second, third, ...rest] = demo.issues;
const [project, ...otherProjects] = demo.projects;
const { columns } = parseRoadmapConfig({});
/** The demo's canceled issues: the default config hides their column. */
const canceled = demo.issues.filter((i) => i.status === 'Canceled');
/** The board's name of the column an issue of `status` sits in. */
const columnOf = (status: string) => shownColumns([{ ...first!, status }], columns).find((column) => column.issues.length)!.label;
const published = (data: DataComparison, changedParts: FingerprintPart[] = ['data'], note: string | null = null) =>
  runReport(data, { status: 'published', forced: false, changedParts, note, fingerprint: {} as never });

/** A status of another column than the first issue's. */
const MOVED_TO = 'Todo';

describe('compareSnapshots', () => {
  it('moves the first issue to another column (a precondition)', () => expect(columnOf(MOVED_TO)).not.toBe(columnOf(first!.status)));

  const issues = [{ ...first!, status: MOVED_TO }, { ...second!, upvotes: second!.upvotes + 50 }, ...rest, { ...third!, id: 'brand-new', title: 'Brand new' }];
  const projects = [{ ...project!, progress: 99, state: 'completed' }, ...otherProjects];
  const next: Snapshot = { ...demo, issues, projects, digest: dataDigest(issues, projects) };
  const report = published(compareSnapshots(demo, next, columns));

  it('lists added and removed issues (what left by id alone), moves between columns and upvote gains', () => {
    expect(report.dataChanged).toBe(true);
    expect(report.issues.added).toEqual([{ id: 'brand-new', title: 'Brand new', column: columnOf(third!.status) }]);
    expect(report.issues.removed).toEqual([{ id: third!.id }]);
    expect(report.issues.statusMoves).toEqual([{ id: first!.id, title: first!.title, from: columnOf(first!.status), to: columnOf(MOVED_TO) }]);
    expect(report.issues.upvoteGains[0]).toMatchObject({ id: second!.id, gain: 50 });
  });

  it('lists project progress in steps of 10 % and state changes', () => {
    expect(report.projects.progress).toEqual([{ id: project!.id, name: project!.name, from: Math.floor(project!.progress / 10) * 10, to: 90 }]);
    expect(report.projects.state[0]).toMatchObject({ from: project!.state, to: 'completed' });
  });

  it('reads as lines and as Markdown with titles escaped', () => {
    expect(reportLines(report).join('\n')).toContain(`~ "${first!.title}": ${columnOf(first!.status)} → ${columnOf(MOVED_TO)}`);
    const evil = { ...next, issues: [{ ...first!, id: 'x', title: '<script>*[link](javascript:x)*' }] };
    const markdown = reportMarkdown(published(compareSnapshots(demo, { ...evil, digest: dataDigest(evil.issues, evil.projects) }, columns)));
    expect(markdown).toContain('\\<script\\>\\*\\[link\\]\\(javascript:x\\)\\*');
  });

  it('names the issues whose words or facts changed, with what changed, and only those', () => {
    const edits = [
      { ...first!, title: 'A new title', description: `${first!.description ?? ''} More.` },
      { ...second!, team: 'Another team', upvotes: second!.upvotes + 3 },
      // Its column and its upvotes are reported on their own: not an edit.
      { ...third!, status: MOVED_TO, upvotes: third!.upvotes + 1 },
      ...rest,
    ];
    const edited = compareSnapshots(demo, { ...demo, issues: edits, digest: dataDigest(edits, demo.projects) }, columns).issues.edited;
    expect(edited).toEqual(
      [
        { id: first!.id, title: 'A new title', fields: ['title', 'description'], was: first!.title },
        { id: second!.id, title: second!.title, fields: ['team'] },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const lines = reportLines(published({ ...compareSnapshots(demo, next, columns), issues: { ...report.issues, edited } })).join('\n');
    expect(lines).toContain(`✎ "A new title": title (was "${first!.title}"), description`);
    expect(lines).toContain(`✎ "${second!.title}": team`);
  });

  it('names the projects whose name, description, icon or colour changed, with what changed, and only those', () => {
    const [a, b, c, ...others] = demo.projects;
    const projects = [
      { ...a!, name: 'Renamed', color: '#123456' },
      { ...b!, description: `${b!.description ?? ''} More.` },
      // Its progress and state are reported on their own: not an edit.
      { ...c!, progress: 100, state: 'completed' },
      ...others,
    ];
    const comparison = compareSnapshots(demo, { ...demo, projects, digest: dataDigest(demo.issues, projects) }, columns);
    expect(comparison.projects.edited).toEqual(
      [
        { id: a!.id, name: 'Renamed', fields: ['name', 'color'], was: a!.name },
        { id: b!.id, name: b!.name, fields: ['description'] },
      ].sort((x, y) => (x.id < y.id ? -1 : 1)),
    );
    expect(reportLines(published(comparison))).toEqual(expect.arrayContaining([`  ✎ project "Renamed": name (was "${a!.name}"), color`, `  ✎ project "${b!.name}": description`]));
    expect(reportMarkdown(published(comparison))).toContain(`- edited: Renamed: name (was ${a!.name}), color\n`);
    expect(compareSnapshots(undefined, demo, columns).projects.edited).toEqual([]);
  });

  it('lists no edits for a first publish, nor for an issue that was in a hidden column', () => {
    expect(compareSnapshots(undefined, demo, columns).issues.edited).toEqual([]);
    const back = canceled[0]!;
    const edits = demo.issues.map((i) => (i.id === back.id ? { ...i, status: 'Todo', title: 'Back, renamed' } : i));
    const comparison = compareSnapshots(demo, { ...demo, issues: edits, digest: dataDigest(edits, demo.projects) }, columns);
    expect(comparison.issues.edited).toEqual([]);
    expect(comparison.issues.added.map((i) => i.id)).toEqual([back.id]);
  });

  it('says unchanged for equal data', () => {
    expect(compareSnapshots(demo, { ...demo, fetchedAt: new Date().toISOString() }, columns).dataChanged).toBe(false);
  });

  it('treats a first publish as all the shown issues added', () => {
    const first = published(compareSnapshots(undefined, demo, columns), ['data', 'config'], 'first run');
    expect(first.issues.added).toHaveLength(demo.issues.length - canceled.length);
    expect(reportLines(first).join('\n')).toContain(`… and ${demo.issues.length - canceled.length - 10} more`);
  });

  it('counts the issues the site shows, and counts those of hidden columns without naming them', () => {
    // The demo: 42 portal-visible issues, 2 of them canceled (README, "Quick start").
    expect(canceled).toHaveLength(2);
    const firstRun = published(compareSnapshots(undefined, demo, columns), [], 'first run');
    expect(firstRun.issues).toMatchObject({ before: 0, after: 40, hiddenBefore: 0, hiddenAfter: 2 });
    expect(firstRun.issues.added.map((i) => i.id)).not.toEqual(expect.arrayContaining([canceled[0]!.id]));
    const lines = reportLines(firstRun);
    expect(lines[0]).toBe('Issues: 0 → 40 shown, 0 → 2 in hidden columns; projects: 0 → 6');
    expect(lines[1]).toBe('Changed: first run');
    expect(reportLines(published(compareSnapshots(demo, demo, columns), ['config', 'publicAssets', 'customCss'])).at(1)).toBe(
      'Changed: the config, the public/ assets and the custom CSS',
    );
    expect(reportLines(published(compareSnapshots(demo, demo, columns), ['data'], 'first run with fingerprints')).at(1)).toBe(
      'Changed: the portal data (first run with fingerprints)',
    );
    const few = { ...demo, issues: [first!, ...canceled], digest: dataDigest([first!, ...canceled], demo.projects) };
    const fewLines = reportLines(published(compareSnapshots(undefined, few, columns)));
    expect(fewLines.filter((line) => line.startsWith('  + issue'))).toEqual([`  + issue "${first!.title}" (${columnOf(first!.status)})`]);
    expect(fewLines[0]).toBe('Issues: 0 → 1 shown, 0 → 2 in hidden columns; projects: 0 → 6');
    for (const issue of canceled) expect(fewLines.join('\n')).not.toContain(issue.title);
    expect(reportMarkdown(firstRun)).toContain('Issues shown 0 → 40 (in hidden columns 0 → 2), projects 0 → 6.');
  });

  it('reads an unchanged run as its counts alone', () => {
    const same = runReport(compareSnapshots(demo, demo, columns), { status: 'no-changes', forced: false, changedParts: [], note: null, fingerprint: {} as never });
    expect(same.changed).toBe(false);
    expect(reportLines(same)).toEqual(['Issues: 40 → 40 shown, 2 → 2 in hidden columns; projects: 6 → 6']);
    expect(reportMarkdown(same)).toMatch(/^### Roadmap unchanged\n/);
  });
});

describe('an issue that leaves the site', () => {
  const canceled = { ...first!, status: 'Canceled', title: 'UNPUBLISHED-WORDS in a title' };
  const before = { ...demo, issues: demo.issues.map((i) => (i.id === first!.id ? { ...first!, title: 'UNPUBLISHED-WORDS in a title' } : i)) };
  const issues = demo.issues.map((i) => (i.id === first!.id ? canceled : i));
  const report = published(compareSnapshots(before, { ...demo, issues, digest: dataDigest(issues, demo.projects) }, columns));

  it('by moving to a hidden column is removed, named by its id only, in the lines and the Markdown', () => {
    expect(report.issues.removed).toEqual([{ id: first!.id }]);
    expect(report.issues.statusMoves).toEqual([]);
    const text = [...reportLines(report), reportMarkdown(report), JSON.stringify(report)].join('\n');
    expect(text).not.toContain('UNPUBLISHED-WORDS');
    expect(reportLines(report)).toContain(`  - issue ${first!.id} left the site`);
  });

  it('counts the issues the site shows', () => {
    expect(report.issues).toMatchObject({ before: 40, after: 39 });
  });
});

describe('projectProgress', () => {
  it('redraws one bar on a terminal', () => {
    const out: string[] = [];
    const report = projectProgress({ isTTY: true, columns: 60, write: (t) => out.push(t) });
    for (let i = 1; i <= 4; i++) report(i, 4);
    expect(out).toHaveLength(4);
    expect(out.every((t) => t.startsWith('\r  Projects ['))).toBe(true);
    expect(out.at(-1)).toMatch(/\] 4\/4\n$/);
  });

  it('prints a few plain lines in a log', () => {
    const out: string[] = [];
    const report = projectProgress({ isTTY: false, write: (t) => out.push(t) });
    for (let i = 1; i <= 100; i++) report(i, 100);
    expect(out).toEqual(['Fetched 25/100 projects\n', 'Fetched 50/100 projects\n', 'Fetched 75/100 projects\n', 'Fetched 100/100 projects\n']);
  });
});

describe('the change report with hostile titles', () => {
  const evil = 'Innocent\n::error title=Build::pwned \u001b[31mred\u001b[0m ##[warning]x';
  const issues = [{ ...first!, id: 'evil', title: evil, status: 'Done\n::group::x' }, ...rest];
  const projects = [{ ...project!, name: `P\n::error::y`, progress: 99 }, ...otherProjects];
  const next: Snapshot = { ...demo, issues, projects, digest: dataDigest(issues, projects) };
  const report = published(compareSnapshots(demo, next, columns));

  it('prints each change on one line that no log reads as a command', () => {
    const lines = reportLines(report).join('\n').split('\n');
    expect(lines).toHaveLength(reportLines(report).length);
    // The newline became a space, so `::error` is no longer at the start of a line: a runner reads it as text.
    expect(lines).toContain(`  + issue "Innocent ::error title=Build::pwned red # #[warning]x" (Done ::group::x)`);
    for (const line of lines) {
      expect(line).not.toMatch(/^\s*::|##\[|\u001b/);
    }
  });

  it('escapes the job summary, newlines included', () => {
    const markdown = reportMarkdown(report);
    expect(markdown).toContain('- Innocent ::error title=Build::pwned red \\# \\#\\[warning\\]x (Done ::group::x)\n');
    expect(markdown).not.toMatch(/\n\s*::|\u001b/);
    expect(markdown).toContain('- P ::error::y: ');
    // Renamed to it: an edit whose new name stays on one line too, and escaped.
    expect(reportLines(report)).toContain(`  ✎ project "P ::error::y": name (was "${project!.name}")`);
    expect(markdown).toContain(`- edited: P ::error::y: name (was ${project!.name})\n`);
  });

  it('keeps an edited title, now or before, to one line in the log and escaped in the job summary', () => {
    const before = demo.issues.map((i) => (i.id === second!.id ? { ...i, title: evil } : i));
    const after = demo.issues.map((i) => (i.id === second!.id ? { ...i, title: `${evil} (new)` } : i));
    const edited = published(
      compareSnapshots({ ...demo, issues: before, digest: dataDigest(before, demo.projects) }, { ...demo, issues: after, digest: dataDigest(after, demo.projects) }, columns),
    );
    const lines = reportLines(edited);
    expect(lines.join('\n').split('\n')).toHaveLength(lines.length);
    expect(lines).toContain('  ✎ "Innocent ::error title=Build::pwned red # #[warning]x (new)": title (was "Innocent ::error title=Build::pwned red # #[warning]x")');
    for (const line of lines) expect(line).not.toMatch(/^\s*::|##\[|\u001b/);
    const markdown = reportMarkdown(edited);
    expect(markdown).toContain(
      '- Innocent ::error title=Build::pwned red \\# \\#\\[warning\\]x \\(new\\): title (was Innocent ::error title=Build::pwned red \\# \\#\\[warning\\]x)\n',
    );
    expect(markdown).not.toMatch(/\n\s*::|\u001b/);
  });
});
