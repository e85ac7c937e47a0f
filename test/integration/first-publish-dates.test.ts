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
import { readPage } from '../support/build-site.ts';
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
