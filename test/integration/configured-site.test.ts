/**
 * A site built with most options set (CONFIGURED_CONFIG): its own site URL
 * and a base path, German labels and dates, a vote link, a forced dark theme
 * with accent, logo and custom CSS, few cards per column with paginated
 * column pages, and the Shipped page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { pageSlug } from '../../src/site/paths.ts';
import { listFiles, readPage } from '../support/build-site.ts';
import { CONFIGURED_BASE, CONFIGURED_CSS, CONFIGURED_SITE } from '../support/fixtures.ts';
import { SCENARIOS, siteIssueIds } from '../support/scenarios.ts';

describe('a configured site', () => {
  const build = inject('fixtures').configured;

  it('builds', () => expect(build.code, build.output).toBe(0));

  it('serves every page from its site URL under the base path', () => {
    const issue = siteIssueIds()[0]!;
    const page = readPage(build.outDir, `issues/${pageSlug(issue)}/index.html`);
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${CONFIGURED_SITE}${CONFIGURED_BASE}issues/${pageSlug(issue)}/`);
    expect(readFileSync(join(build.outDir, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${CONFIGURED_SITE}${CONFIGURED_BASE}sitemap-index.xml\n`);
    const board = readPage(build.outDir, 'index.html');
    const localLinks = [...board.querySelectorAll('a[href^="/"], link[href^="/"], script[src^="/"], img[src^="/"]')].map((e) => e.getAttribute('href') ?? e.getAttribute('src'));
    expect(localLinks.length).toBeGreaterThan(10);
    expect(localLinks.filter((href) => !href!.startsWith(CONFIGURED_BASE))).toEqual([]);
  });

  it('speaks German, with overrides, German dates and the lang attribute', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.documentElement.lang).toBe('de-DE');
    expect(board.querySelector('#board-heading')?.textContent).toBe('Alle Einträge');
    expect(board.querySelector('#column-in-progress')?.textContent).toContain('In Arbeit');
    expect(board.querySelector('.site-footer')?.textContent).toMatch(/Zuletzt aktualisiert: \d{1,2}\. \w+ \d{4}/);
    expect(board.querySelector('label[for="filter-sort"]')?.textContent).toBe('Sortieren nach');
  });

  it('shows the first 3 cards per column and links to paginated column pages', () => {
    const board = readPage(build.outDir, 'index.html');
    for (const column of board.querySelectorAll('[data-column]')) {
      expect(column.querySelectorAll('[data-card]').length).toBeLessThanOrEqual(3);
    }
    const more = board.querySelector('[data-column="done"] .more a');
    expect(more?.getAttribute('href')).toBe(`${CONFIGURED_BASE}status/done/`);
    expect(more?.textContent).toMatch(/^Alle \d+ anzeigen/);
    const page2 = readPage(build.outDir, 'status/done/2/index.html');
    expect(page2.querySelectorAll('[data-card]').length).toBeGreaterThan(0);
    expect(page2.querySelector('.pagination')?.textContent).toMatch(/Seite 2 von \d/);
    expect(page2.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(`${CONFIGURED_BASE}status/done/`);
  });

  it('puts every published issue on exactly one column page', () => {
    const onColumnPages = listFiles(build.outDir)
      .filter((f) => f.startsWith('status/') && f.endsWith('.html'))
      .flatMap((f) => [...readPage(build.outDir, f).querySelectorAll('[data-card] .card-title a')].map((a) => a.getAttribute('href')));
    expect(onColumnPages.sort()).toEqual(siteIssueIds().map((id) => `${CONFIGURED_BASE}issues/${pageSlug(id)}/`).sort());
  });

  it('links each issue to its vote page, with the id encoded', () => {
    const issue = SCENARIOS['ws-paged'].issues[0] as { id: string };
    const page = readPage(build.outDir, `issues/${pageSlug(issue.id)}/index.html`);
    expect(page.querySelector('a.button')?.getAttribute('href')).toBe(`https://portal.example.com/r/${encodeURIComponent(issue.id)}?ref=roadmap`);
    expect(page.querySelector('a.button')?.textContent).toBe('Abstimmen oder diskutieren');
  });

  it('forces the dark theme, with the accent, logo and custom CSS', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.documentElement.dataset.theme).toBe('dark');
    expect(board.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
    expect(board.querySelector('.site-title img.logo')?.getAttribute('src')).toBe(`${CONFIGURED_BASE}favicon.svg`);
    const theme = readFileSync(join(build.outDir, 'site.css'), 'utf8');
    expect(theme).toContain(':root{--accent-ui:#0e7490}');
    expect(theme).toContain(CONFIGURED_CSS);
  });

  it('lists shipped issues newest first, and completed projects', () => {
    const shipped = readPage(build.outDir, 'shipped/index.html');
    const dates = [...shipped.querySelectorAll('#shipped-issues ~ ul time')].map((t) => t.getAttribute('datetime')!);
    expect(dates.length).toBeGreaterThan(3);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(shipped.querySelector('section:first-of-type')?.textContent).toContain('Invoicing 2.0');
  });

  it('publishes no page for a canceled issue (a hidden column)', () => {
    const canceled = (SCENARIOS['ws-paged'].issues as { id: string; status: string }[]).filter((i) => i.status === 'Canceled');
    expect(canceled.length).toBeGreaterThan(0);
    for (const issue of canceled) expect(existsSync(join(build.outDir, 'issues', pageSlug(issue.id)))).toBe(false);
  });
});
