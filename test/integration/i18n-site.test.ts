/**
 * The demo built in Arabic: every page is right to left and in Arabic, with
 * no English UI string left (compared against en.json), counts in Arabic's
 * six plural forms, project states translated, dates from Intl, and the
 * English demo data isolated from the page's direction. A counted override
 * that lacks forms is reported as a build warning. One build.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite, listFiles, PROJECT_ROOT, readPage, type BuildResult } from '../support/build-site.ts';
import { englishLeftIn, englishPatterns } from '../support/ui-text.ts';

const demo = JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/data/demo/portal.json'), 'utf8')) as {
  issues: { title: string; status: string; isVisible: boolean; isDeleted: boolean }[];
  projects: { name: string; state: string | null }[];
};

describe('the demo in Arabic', () => {
  let build: BuildResult;
  let pages: string[];
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-ar-'));
    // The upvote override leaves out four of Arabic's six forms: the build must say so.
    writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify({ locale: 'ar', labels: { upvoteCount: { one: 'صوت واحد', other: '{count} صوت' } } }));
    build = await buildSite({ ROADMAP_CONFIG: join(dir, 'roadmap.config.json') });
    pages = listFiles(build.outDir).filter((file) => file.endsWith('.html'));
  });

  it('builds, warning once about the override that lacks plural forms', () => {
    expect(build.code, build.output).toBe(0);
    const warnings = build.output.split('\n').filter((line) => line.includes('[roadmap-warnings]'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('labels.upvoteCount: العربية counts use the forms zero, one, two, few, many, other; zero, two, few, many are missing and fall back to "other"');
  });

  it('sets lang="ar" and dir="rtl" on every page, embeds and the 404 page included', () => {
    expect(pages.length).toBe(60);
    for (const page of pages) {
      const html = readFileSync(join(build.outDir, page), 'utf8').match(/<html[^>]*>/)?.[0] ?? '';
      expect([html.match(/ lang="([^"]*)"/)?.[1], html.match(/ dir="([^"]*)"/)?.[1]], page).toEqual(['ar', 'rtl']);
    }
  });

  it('leaves no English UI string on any page', () => {
    const patterns = englishPatterns('ar');
    const leaks = pages.flatMap((page) => englishLeftIn(readFileSync(join(build.outDir, page), 'utf8'), patterns).map((leak) => `${page}: ${leak}`));
    expect(leaks).toEqual([]);
  });

  it('counts in Arabic plural forms, and translates the title, columns, states and dates', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.querySelector('h1')?.textContent).toBe('خارطة طريق المنتج');
    const columns = [...board.querySelectorAll('.column-title')].map((heading) => [
      heading.firstChild?.textContent?.trim(),
      heading.querySelector('[data-count]')?.textContent,
      heading.querySelector('[data-count-label]')?.textContent,
    ]);
    const perStatus = (statuses: string[]) => demo.issues.filter((issue) => issue.isVisible && !issue.isDeleted && statuses.includes(issue.status)).length;
    // 3–10 take the plural (عناصر), 11–99 the accusative singular (عنصرًا).
    expect(columns).toEqual([
      ['قيد الدراسة', '10', '10 عناصر'],
      ['مخطَّط له', '7', '7 عناصر'],
      ['قيد التنفيذ', '9', '9 عناصر'],
      ['تم الإطلاق', '14', '14 عنصرًا'],
    ]);
    expect(columns.map((column) => Number(column[1]))).toEqual([perStatus(['Backlog']), perStatus(['Todo']), perStatus(['In Progress', 'In Review']), perStatus(['Done'])]);
    // The override's "other" form serves every count but 1.
    const upvotes = [...board.querySelectorAll('.card .upvotes .visually-hidden')].map((span) => span.textContent);
    expect(upvotes.length).toBe(40);
    for (const text of upvotes) expect(text).toMatch(/^(صوت واحد|\d+ صوت)$/);
    const states = [...board.querySelectorAll('.project-card .state')].map((state) => state.lastChild?.textContent);
    expect(states.sort()).toEqual(demo.projects.map((project) => ({ backlog: 'قائمة الانتظار', planned: 'مخطَّط له', started: 'قيد التنفيذ', completed: 'مكتمل' })[project.state!]).sort());
    expect(board.querySelector('.site-footer time')?.textContent).toBe('20 نوفمبر 2026');
  });

  it('isolates every English data string from the right-to-left page', () => {
    const board = readPage(build.outDir, 'index.html');
    const titles = [...board.querySelectorAll('.card-title a')];
    expect(titles.length).toBe(40);
    for (const title of titles) expect(title.firstElementChild?.tagName, title.textContent ?? '').toBe('BDI');
    for (const chip of board.querySelectorAll('.project-chip')) expect(chip.firstElementChild?.tagName).toBe('BDI');
    for (const team of board.querySelectorAll('.card .team')) expect(team.querySelector('bdi')?.textContent).toMatch(/^(Mobile|Platform|Web)$/);
    for (const option of board.querySelectorAll('#filter-team option:not([value=""]), #filter-project option:not([value=""])')) expect(option.getAttribute('dir')).toBe('auto');
    const issue = readPage(build.outDir, pages.find((page) => page.startsWith('issues/'))!);
    expect(issue.querySelector('h1 > bdi')?.textContent).toBe(issue.querySelector('h1')?.textContent);
    expect(issue.querySelector('.breadcrumbs [aria-current] > bdi')).not.toBeNull();
  });
});
