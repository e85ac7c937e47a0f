/**
 * A site built with most options set: German labels and dates, a vote link,
 * a forced dark theme with accent, logo and custom CSS, few cards per column
 * with paginated column pages, and the Shipped page.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { pageSlug } from '../../src/site/paths.ts';
import { buildSite, listFiles, readPage, type BuildResult } from '../support/build-site.ts';
import { SCENARIOS, siteIssueIds } from '../support/scenarios.ts';

const apiUrl = inject('portalApiUrl');
const dir = mkdtempSync(join(tmpdir(), 'configured-'));

describe('a configured site', () => {
  let build: BuildResult;
  beforeAll(async () => {
    writeFileSync(
      join(dir, 'roadmap.config.json'),
      JSON.stringify({
        title: 'Fieldnote Roadmap',
        locale: 'de-DE',
        voteUrl: 'https://portal.example.com/r/{issueId}?ref=roadmap',
        theme: { accent: '#0E7490', logo: '/favicon.svg', customCss: 'test/fixtures/custom-theme.css', colorScheme: 'dark' },
        board: { cardsPerColumn: 3, pageSize: 5 },
        labels: { boardHeading: 'Alle Einträge' },
      }),
    );
    build = await buildSite({ PORTAL_API_URL: apiUrl, PORTAL_WORKSPACE_ID: 'ws-paged', ROADMAP_CONFIG: join(dir, 'roadmap.config.json') });
  });

  it('builds', () => expect(build.code, build.output).toBe(0));

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
    expect(more?.getAttribute('href')).toBe('/status/done/');
    expect(more?.textContent).toMatch(/^Alle \d+ anzeigen/);
    const page2 = readPage(build.outDir, 'status/done/2/index.html');
    expect(page2.querySelectorAll('[data-card]').length).toBeGreaterThan(0);
    expect(page2.querySelector('.pagination')?.textContent).toMatch(/Seite 2 von \d/);
    expect(page2.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/status/done/');
  });

  it('puts every published issue on exactly one column page', () => {
    const onColumnPages = listFiles(build.outDir)
      .filter((f) => f.startsWith('status/') && f.endsWith('.html'))
      .flatMap((f) => [...readPage(build.outDir, f).querySelectorAll('[data-card] .card-title a')].map((a) => a.getAttribute('href')));
    expect(onColumnPages.sort()).toEqual(siteIssueIds().map((id) => `/issues/${pageSlug(id)}/`).sort());
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
    expect(board.querySelector('.site-title img.logo')?.getAttribute('src')).toBe('/favicon.svg');
    const theme = readFileSync(join(build.outDir, 'site.css'), 'utf8');
    expect(theme).toContain(':root{--accent-ui:#0e7490}');
    expect(theme).toContain('.site-title { letter-spacing: 0.02em; }');
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

describe('config mistakes fail the build, naming the option', () => {
  it('a vote URL without a placeholder, a custom CSS file that is missing', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ voteUrl: 'https://portal.example.com/r/' }));
    const vote = await buildSite({ ROADMAP_CONFIG: file });
    expect(vote.code).not.toBe(0);
    expect(vote.output).toContain('voteUrl: include {issueId} or {identifier}');
    writeFileSync(file, JSON.stringify({ theme: { customCss: 'nope.css' } }));
    const css = await buildSite({ ROADMAP_CONFIG: file });
    expect(css.output).toContain('theme.customCss:');
    expect(css.output).toContain('does not exist');
  });
});
