/**
 * A first publish (issue 52): the paged fixture builds with no history, so the history begins with every issue
 * already in its column. What shipped is dated "on or before" the earlier of the issue's `updatedAt` (read here
 * from the fixture portal's own data, SCENARIOS) and the build day, never after its last change: in latest.json,
 * on the Shipped page, and on the issue's own timeline.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { pageSlug } from '../../src/view/paths.ts';
import { listFiles, PROJECT_ROOT, readPage } from '../support/build-site.ts';
import { CONFIGURED_RELEASE_NOTES, SNAPSHOT_BUILD_DAY } from '../support/fixtures.ts';
import { SCENARIOS } from '../support/scenarios.ts';

const { outDir } = inject('fixtures').paged;
const portalIssues = SCENARIOS['ws-paged'].issues as { id: string; updatedAt: string }[];
const updatedAt = new Map(portalIssues.map((issue) => [issue.id, issue.updatedAt]));
const exported = JSON.parse(readFileSync(join(outDir, 'roadmap.json'), 'utf8')) as { updatedAt: string };
/** The build day: when the build fetched the portal, the date the history began at. */
const buildDay = exported.updatedAt;
const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);
/** What a shipped issue's bound should say: its last change, unless the build day is earlier. */
const expectedBound = (id: string) => new Date(Date.parse(earlier(updatedAt.get(id)!, buildDay))).toISOString();

describe("a first publish dates what shipped by each issue's last change", () => {
  it('latest.json: every shipped issue "on or before" its updatedAt, marked approximate', () => {
    const latest = JSON.parse(readFileSync(join(outDir, 'latest.json'), 'utf8')) as { items: { kind: string; id: string; shippedAt: string; approximate: boolean }[] };
    const issues = latest.items.filter((item) => item.kind === 'issue');
    expect(issues.length).toBeGreaterThan(0);
    for (const item of issues) {
      expect(item.approximate, item.id).toBe(true);
      expect(Date.parse(item.shippedAt), item.id).toBeLessThanOrEqual(Date.parse(updatedAt.get(item.id)!));
      expect(item.shippedAt, item.id).toBe(expectedBound(item.id));
    }
  });

  it('the Shipped page and each issue page date no shipped issue after its updatedAt', () => {
    const idBySlug = new Map(portalIssues.map((issue) => [pageSlug(issue.id), issue.id]));
    const rows = [...readPage(outDir, 'shipped/index.html').querySelectorAll('.shipped-list li')].filter((row) =>
      /^\/issues\//.test(row.querySelector('a')?.getAttribute('href') ?? ''),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const slug = /\/issues\/([^/]+)\/$/.exec(row.querySelector('a')!.getAttribute('href')!)![1]!;
      const id = idBySlug.get(slug)!;
      expect(row.querySelector('.shipped-date time')!.getAttribute('datetime'), id).toBe(expectedBound(id));
      const current = readPage(outDir, `issues/${slug}/index.html`).querySelector('.timeline [aria-current="step"] time');
      expect(current!.getAttribute('datetime'), id).toBe(expectedBound(id));
    }
  });
});

/**
 * The snapshot fixture: a first publish with `updatedAt` hidden (privacy.hideFields) and the release notes of
 * test/fixtures/release-notes, its clock on SNAPSHOT_BUILD_DAY. A shipped issue a published note names is dated "on or
 * before" the earliest such note's day; one no note names, the build day. Read from the note files, not the module.
 */
describe('a first publish dates what shipped by the release notes that name it', () => {
  const snapshot = inject('fixtures').snapshot;
  const notesDir = join(PROJECT_ROOT, CONFIGURED_RELEASE_NOTES);
  const wholeIssues = SCENARIOS['ws-whole'].issues as { id: string; identifier: string }[];
  const idOf = (name: string) => wholeIssues.find((issue) => issue.id === name || issue.identifier.toUpperCase() === name.toUpperCase())?.id;
  /** Per issue id, the earliest day of a note the build publishes (dated on or before its day) that names it. */
  const noteDay = new Map<string, string>();
  for (const file of listFiles(notesDir).filter((name) => name.endsWith('.md') && !name.split('/').pop()!.startsWith('_'))) {
    const text = readFileSync(join(notesDir, file), 'utf8');
    const date = /^date: (\S+)$/m.exec(text)![1]!;
    if (date > SNAPSHOT_BUILD_DAY) continue;
    for (const name of (/^issues: \[(.*)\]$/m.exec(text)?.[1] ?? '').split(',').map((part) => part.trim())) {
      const id = idOf(name);
      const known = id && noteDay.get(id);
      if (id && (!known || date < known)) noteDay.set(id, date);
    }
  }

  it('on the issue page, in its feed and in roadmap.json', () => {
    expect(snapshot.code, snapshot.output).toBe(0);
    const exported = JSON.parse(readFileSync(join(snapshot.outDir, 'roadmap.json'), 'utf8')) as {
      updatedAt: string;
      issues: { id: string; column: string; updatedAt: string | null; moves: { at: string; atLeast?: true }[] }[];
    };
    const shipped = exported.issues.filter((issue) => issue.column === 'done');
    // updatedAt hidden: only a note can date an issue before the build.
    expect(shipped.every((issue) => issue.updatedAt === null)).toBe(true);
    const named = shipped.filter((issue) => noteDay.has(issue.id));
    // FN-133 (two-factor.md, 2026-10-02) and FN-112, FN-113, FN-114 (invoices-in-one-tap.md, 2026-11-20).
    expect(named.length).toBe(4);
    expect(shipped.length).toBeGreaterThan(named.length);
    for (const issue of shipped) {
      const expected = noteDay.has(issue.id) ? `${noteDay.get(issue.id)}T00:00:00.000Z` : exported.updatedAt;
      expect(issue.moves, issue.id).toEqual([{ column: 'done', at: expected, atLeast: true }]);
      const page = readPage(snapshot.outDir, `issues/${pageSlug(issue.id)}/index.html`);
      expect(page.querySelector('.timeline [aria-current="step"] time')?.getAttribute('datetime'), issue.id).toBe(expected);
      const feed = readFileSync(join(snapshot.outDir, `issues/${pageSlug(issue.id)}/feed.xml`), 'utf8');
      expect(/<entry>[\s\S]*?<updated>([^<]+)<\/updated>/.exec(feed)?.[1], issue.id).toBe(expected);
    }
  });
});
