import { describe, expect, it } from 'vitest';
import { compareSnapshots, reportLines, reportMarkdown } from '../../src/cli/rebuild/changes.ts';
import { projectProgress } from '../../src/cli/rebuild/progress.ts';
import { loadDemoSnapshot } from '../../src/snapshot/load.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { dataDigest, type Snapshot } from '../../src/snapshot/snapshot-file.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const [first, second, third, ...rest] = demo.issues;
const [project, ...otherProjects] = demo.projects;

describe('compareSnapshots', () => {
  const issues = [
    { ...first!, status: 'Released' },
    { ...second!, upvotes: second!.upvotes + 50 },
    ...rest,
    { ...third!, id: 'brand-new', title: 'Brand new' },
  ];
  const projects = [{ ...project!, progress: 99, state: 'completed' }, ...otherProjects];
  const next: Snapshot = { ...demo, issues, projects, digest: dataDigest(issues, projects) };
  const report = compareSnapshots(demo, next);

  it('lists added and removed issues, status moves and upvote gains', () => {
    expect(report.changed).toBe(true);
    expect(report.issues.added.map((i) => i.id)).toEqual(['brand-new']);
    expect(report.issues.removed.map((i) => i.id)).toEqual([third!.id]);
    expect(report.issues.statusMoves).toEqual([{ id: first!.id, title: first!.title, from: first!.status, to: 'Released' }]);
    expect(report.issues.upvoteGains[0]).toMatchObject({ id: second!.id, gain: 50 });
  });

  it('lists project progress and state changes', () => {
    expect(report.projects.progress).toEqual([{ id: project!.id, name: project!.name, from: project!.progress, to: 99 }]);
    expect(report.projects.state[0]).toMatchObject({ from: project!.state, to: 'completed' });
  });

  it('reads as lines and as Markdown with titles escaped', () => {
    expect(reportLines(report).join('\n')).toContain(`~ "${first!.title}": ${first!.status} → Released`);
    const evil = { ...next, issues: [{ ...first!, id: 'x', title: '<script>*[link](javascript:x)*' }] };
    const markdown = reportMarkdown(compareSnapshots(demo, { ...evil, digest: dataDigest(evil.issues, evil.projects) }));
    expect(markdown).toContain('\\<script\\>\\*\\[link\\]\\(javascript:x\\)\\*');
  });

  it('says unchanged for equal data', () => {
    expect(compareSnapshots(demo, { ...demo, fetchedAt: new Date().toISOString() }).changed).toBe(false);
  });

  it('treats a first publish as all added', () => {
    const first = compareSnapshots(undefined, demo);
    expect(first.issues.added).toHaveLength(demo.issues.length);
    expect(reportLines(first).join('\n')).toContain(`… and ${demo.issues.length - 10} more`);
  });
});

describe('an issue that leaves the site', () => {
  const { columns } = parseRoadmapConfig({});
  const canceled = { ...first!, status: 'Canceled', title: 'UNPUBLISHED-WORDS in a title' };
  const before = { ...demo, issues: demo.issues.map((i) => (i.id === first!.id ? { ...first!, title: 'UNPUBLISHED-WORDS in a title' } : i)) };
  const issues = demo.issues.map((i) => (i.id === first!.id ? canceled : i));
  const report = compareSnapshots(before, { ...demo, issues, digest: dataDigest(issues, demo.projects) }, columns);

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
