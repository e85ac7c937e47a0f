/**
 * The two options teams ask for, on the shared `snapshot` fixture (SNAPSHOT_CONFIG): `showUpvotes: false` leaves
 * no upvote count in any output, and `board.showDeclined` puts the declined issues in a column of their own. The
 * demo fixture, with the defaults, is the control: there, the same checks find counts and no declined column.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { pageSlug } from '../../src/site/paths.ts';
import { listFiles, readPage } from '../support/build-site.ts';
import { DECLINED_HEADING } from '../support/fixtures.ts';
import { declinedIssueIds } from '../support/scenarios.ts';

const fixtures = inject('fixtures');
const hidden = fixtures.snapshot.outDir;
const control = fixtures.demo.outDir;

const read = (outDir: string, file: string) => readFileSync(join(outDir, file), 'utf8');
const filesOf = (outDir: string, pattern: RegExp) => listFiles(outDir).filter((file) => pattern.test(file));
/** What tells an upvote count on a page: the count's words (English UI), the ▲ mark, the data attribute, JSON-LD's vote counter. */
const UPVOTE_TELLS = /upvote|▲|data-upvotes|InteractionCounter/i;

describe('showUpvotes: false', () => {
  it('leaves no upvote count, word or mark in any page, embed, feed or text file', () => {
    const files = filesOf(hidden, /\.(html|xml|txt)$/);
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => UPVOTE_TELLS.test(read(hidden, file)))).toEqual([]);
    // The control: the default site tells them on its board.
    expect(read(control, 'index.html')).toMatch(UPVOTE_TELLS);
  });

  it('offers no sort by upvotes on the board', () => {
    const sorts = [...readPage(hidden, 'index.html').querySelectorAll('#filter-sort option')].map((option) => option.getAttribute('value'));
    expect(sorts).toEqual(['', 'importance', 'updated']);
    expect([...readPage(control, 'index.html').querySelectorAll('#filter-sort option')].map((option) => option.getAttribute('value'))).toContain('upvotes');
  });

  it('publishes no upvotes in roadmap.json, board-index.json or history.json', () => {
    expect(read(hidden, 'roadmap.json')).not.toContain('"upvotes"');
    const index = JSON.parse(read(hidden, 'board-index.json')) as { columns: { issues: unknown[][] }[] };
    const rows = index.columns.flatMap((column) => column.issues);
    expect(rows.length).toBeGreaterThan(0);
    // The sixth place of a row is the count: null on every one.
    expect(rows.filter((row) => row[5] !== null)).toEqual([]);
    const history = JSON.parse(read(hidden, 'history.json')) as { issues: Record<string, { upvotes: number[] }> };
    expect(Object.values(history.issues).filter((record) => record.upvotes.length > 0)).toEqual([]);
    // The control publishes all three.
    expect(read(control, 'roadmap.json')).toContain('"upvotes"');
    const controlHistory = JSON.parse(read(control, 'history.json')) as { issues: Record<string, { upvotes: number[] }> };
    expect(Object.values(controlHistory.issues).some((record) => record.upvotes.length > 0)).toBe(true);
  });
});

describe('board.showDeclined', () => {
  const declined = declinedIssueIds();

  it('shows the declined issues in a column of their own, with the heading of the config, after the shipped one', () => {
    expect(declined).toHaveLength(2);
    const board = readPage(hidden, 'index.html');
    const columns = [...board.querySelectorAll('section.column')].map((column) => column.getAttribute('data-column'));
    expect(columns.indexOf('canceled')).toBe(columns.indexOf('done') + 1);
    expect(board.querySelector('#column-canceled')?.textContent).toContain(DECLINED_HEADING);
    const column = board.querySelector('section.column[data-column="canceled"]')!;
    const cards = [...column.querySelectorAll('[data-card] .card-title a')].map((link) => link.getAttribute('href'));
    expect(cards.sort()).toEqual(declined.map((id) => `/issues/${pageSlug(id)}/`).sort());
    for (const id of declined) expect(existsSync(join(hidden, 'issues', pageSlug(id), 'index.html')), id).toBe(true);
    expect(existsSync(join(hidden, 'status/canceled/index.html'))).toBe(true);
  });

  it('is off by default: the demo leaves its declined issues off the site', () => {
    expect(readPage(control, 'index.html').querySelector('section.column[data-column="canceled"]')).toBeNull();
    expect(existsSync(join(control, 'status/canceled'))).toBe(false);
  });
});
