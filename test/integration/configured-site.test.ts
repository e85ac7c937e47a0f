/**
 * A site built with most options set: German labels and dates, a vote link,
 * a forced dark theme with accent, logo and custom CSS, few cards per column
 * with paginated column pages, and the Shipped page; served from a GitHub
 * Pages project URL, whose path is the base path.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, inject, it } from 'vitest';
import { pageSlug } from '../../src/view/paths.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { buildSite, listFiles, readPage } from '../support/build-site.ts';
import { CONFIGURED_BASE, CONFIGURED_CSS, CONFIGURED_NAV, CONFIGURED_LOGO, CONFIGURED_SITE } from '../support/fixtures.ts';
import { SCENARIOS, siteIssueIds } from '../support/scenarios.ts';

const BASE = CONFIGURED_BASE;
const xml = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document;

describe('a configured site', () => {
  const build = inject('fixtures').configured;

  it('builds', () => expect(build.code, build.output).toBe(0));

  it('serves every page from its site URL under the base path', () => {
    const issue = siteIssueIds()[0]!;
    const page = readPage(build.outDir, `issues/${pageSlug(issue)}/index.html`);
    expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${CONFIGURED_SITE}/issues/${pageSlug(issue)}/`);
    expect(readFileSync(join(build.outDir, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${CONFIGURED_SITE}/sitemap-index.xml\n`);
    const board = readPage(build.outDir, 'index.html');
    const localLinks = [...board.querySelectorAll('a[href^="/"], link[href^="/"], script[src^="/"], img[src^="/"]')].map((e) => e.getAttribute('href') ?? e.getAttribute('src'));
    expect(localLinks.length).toBeGreaterThan(10);
    expect(localLinks.filter((href) => !href!.startsWith(CONFIGURED_BASE))).toEqual([]);
  });

  it("shows the config's header links after the roadmap's own, on every page, in its language, and no link home when not mounted", () => {
    const issue = siteIssueIds()[0]!;
    for (const file of ['index.html', `issues/${pageSlug(issue)}/index.html`]) {
      const page = readPage(build.outDir, file);
      const inline = [...page.querySelectorAll('.site-nav a')].map((a) => [a.getAttribute('href'), a.textContent?.trim()]);
      expect(inline.slice(2), file).toEqual([
        [CONFIGURED_NAV[0]!.href, 'Handbuch'],
        // As a browser reads it: the "<" and ">" the config wrote are percent-encoded, so the page stays valid HTML.
        ['https://fieldnote.example/blog?x=1&y=%3C2%3E', CONFIGURED_NAV[1]!.label],
      ]);
      // On a phone the same links are in the header's menu, after the roadmap's own pages but its home (the name links it).
      expect(
        [...page.querySelectorAll('.site-links-menu a')].map((a) => a.getAttribute('href')),
        file,
      ).toEqual(inline.slice(1).map(([href]) => href));
      expect(page.querySelector('.site-nav b'), file).toBeNull();
    }
  });

  it('speaks German, with overrides, German dates and the lang attribute', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.documentElement.lang).toBe('de-DE');
    expect(board.querySelector('#board-heading')?.textContent).toBe('Alle Einträge');
    expect(board.querySelector('#column-in-progress')?.textContent).toContain('In Arbeit');
    expect(board.querySelector('.site-footer')?.textContent).toMatch(/Zuletzt aktualisiert: \d{1,2}\.\u00a0\w+ \d{4}/);
    expect(board.querySelector('label[for="filter-sort"]')?.textContent).toBe('Sortieren nach');
  });

  it('shows the first 3 cards per column and links to paginated column pages', () => {
    const board = readPage(build.outDir, 'index.html');
    for (const column of board.querySelectorAll('[data-column]')) {
      expect(column.querySelectorAll('[data-card]').length).toBeLessThanOrEqual(3);
    }
    const more = board.querySelector('[data-column="done"] .more a');
    expect(more?.getAttribute('href')).toBe(`${BASE}status/done/`);
    expect(more?.textContent).toMatch(/^Alle \d+ anzeigen/);
    const page2 = readPage(build.outDir, 'status/done/2/index.html');
    expect(page2.querySelectorAll('[data-card]').length).toBeGreaterThan(0);
    expect(page2.querySelector('.pagination')?.textContent).toMatch(/Seite 2 von \d/);
    expect(page2.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(`${BASE}status/done/`);
  });

  it('puts every published issue on exactly one column page', () => {
    const onColumnPages = listFiles(build.outDir)
      .filter((f) => f.startsWith('status/') && f.endsWith('.html'))
      .flatMap((f) => [...readPage(build.outDir, f).querySelectorAll('[data-card] .card-title a')].map((a) => a.getAttribute('href')));
    expect(onColumnPages.sort()).toEqual(
      siteIssueIds()
        .map((id) => `${BASE}issues/${pageSlug(id)}/`)
        .sort(),
    );
  });

  it('links each issue to its vote page, with the id encoded', () => {
    const issue = SCENARIOS['ws-paged'].issues[0] as { id: string; upvotes: number };
    const page = readPage(build.outDir, `issues/${pageSlug(issue.id)}/index.html`);
    expect(page.querySelector('a.button')?.getAttribute('href')).toBe(`https://portal.example.com/r/${encodeURIComponent(issue.id)}?ref=roadmap`);
    // One control: the action and the count it adds to (▲ and the number for the eye, the count in words for a screen
    // reader, after the number in German brackets: "{text} ({aside})").
    expect(page.querySelector('a.button')?.textContent).toBe(`▲Abstimmen oder diskutieren${issue.upvotes} (${issue.upvotes} Stimmen)`);
  });

  it('forces the dark theme, with the accent, logo and custom CSS', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.documentElement.dataset.theme).toBe('dark');
    expect(board.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
    // The logo file beside the config, served from brand/ under a digest of its contents, byte for byte.
    const digest = createHash('sha256').update(CONFIGURED_LOGO).digest('hex').slice(0, 8);
    expect(board.querySelector('.site-title img.logo')?.getAttribute('src')).toBe(`${BASE}brand/logo-${digest}.svg`);
    expect(readFileSync(join(build.outDir, `brand/logo-${digest}.svg`), 'utf8')).toBe(CONFIGURED_LOGO);
    const theme = readFileSync(join(build.outDir, 'site.css'), 'utf8');
    expect(theme).toMatch(/^:root\{--accent-ui:light-dark\(#0e7490,#[0-9a-f]{6}\);--accent-text:light-dark\(#0e7490,#[0-9a-f]{6}\)\}/);
    expect(theme).toContain(CONFIGURED_CSS);
  });

  it('lists shipped issues newest first, and completed projects', () => {
    const shipped = readPage(build.outDir, 'shipped/index.html');
    const dates = [...shipped.querySelectorAll('#shipped-issues ~ ul time')].map((t) => t.getAttribute('datetime')!);
    expect(dates.length).toBeGreaterThan(3);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(shipped.querySelector('section:first-of-type')?.textContent).toContain('Invoicing 2.0');
  });

  it('puts canonical URLs, the feed, the sitemap and every link under the path of its site URL', () => {
    const root = `${CONFIGURED_SITE}/`;
    const board = readPage(build.outDir, 'index.html');
    expect(board.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(root);
    expect(board.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(root);
    expect(board.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(`${BASE}rss.xml`);
    const id = siteIssueIds()[0]!;
    expect(
      readPage(build.outDir, `issues/${pageSlug(id)}/index.html`)
        .querySelector('link[rel="canonical"]')
        ?.getAttribute('href'),
    ).toBe(`${root}issues/${pageSlug(id)}/`);
    // Every link and asset of the board, none at the host's root.
    const refs = [...board.querySelectorAll('a[href], link[href], img[src], script[src]')].map((el) => el.getAttribute('href') ?? el.getAttribute('src')!);
    const local = refs.filter((ref) => ref.startsWith('/'));
    expect(local.length).toBeGreaterThan(20);
    expect(local.filter((ref) => !ref.startsWith(BASE))).toEqual([]);
    const feed = xml(readFileSync(join(build.outDir, 'rss.xml'), 'utf8'));
    const feedLinks = [...feed.querySelectorAll('item > link')].map((link) => link.textContent!);
    expect(feedLinks.length).toBeGreaterThan(5);
    expect(feedLinks.filter((link) => !link.startsWith(root))).toEqual([]);
    // An issue's own Atom feed, linked from its page under the base path, names its page and itself there too.
    const issue = readPage(build.outDir, `issues/${pageSlug(id)}/index.html`);
    expect(issue.querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href')).toBe(`${BASE}issues/${pageSlug(id)}/feed.xml`);
    const atom = xml(readFileSync(join(build.outDir, `issues/${pageSlug(id)}/feed.xml`), 'utf8'));
    expect([...atom.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual([
      `${root}issues/${pageSlug(id)}/feed.xml`,
      `${root}issues/${pageSlug(id)}/`,
      expect.stringMatching(new RegExp(`^${root.replace(/[.?]/g, '\\$&')}issues/${pageSlug(id)}/#event-`)),
    ]);
    // Each entry says what the issue is: its title and summary lines, as text (from the portal's data, via roadmap.json).
    const exported = (JSON.parse(readFileSync(join(build.outDir, 'roadmap.json'), 'utf8')) as { issues: { id: string; title: string; summary: string[] }[] }).issues.find(
      (entry) => entry.id === id,
    )!;
    const summaries = [...atom.querySelectorAll('entry > summary')].map((summary) => summary.textContent);
    expect(summaries.length).toBe(atom.querySelectorAll('entry').length);
    for (const summary of summaries) expect(summary).toBe([exported.title, ...exported.summary].join('\n'));
    const sitemaps = [...xml(readFileSync(join(build.outDir, 'sitemap-index.xml'), 'utf8')).querySelectorAll('sitemap > loc')].map((loc) => loc.textContent!);
    expect(sitemaps).toEqual([`${root}sitemap-0.xml`]);
    const urls = [...xml(readFileSync(join(build.outDir, 'sitemap-0.xml'), 'utf8')).querySelectorAll('url > loc')].map((loc) => loc.textContent!);
    expect(urls).toContain(root);
    expect(urls.filter((url) => !url.startsWith(root))).toEqual([]);
  });

  it('says at build time that its robots.txt is where crawlers never look, and what to put where they do', () => {
    expect(readFileSync(join(build.outDir, 'robots.txt'), 'utf8')).toBe(
      `User-agent: *\nAllow: /fieldnote\nDisallow: ${BASE}embed/\n\nSitemap: ${CONFIGURED_SITE}/sitemap-index.xml\n`,
    );
    expect(build.output).toContain(`robots.txt is written to ${CONFIGURED_SITE}/robots.txt, but crawlers read only https://user.github.io/robots.txt.`);
    expect(build.output).toContain(`Add "Disallow: ${BASE}embed/" and "Sitemap: ${CONFIGURED_SITE}/sitemap-index.xml"`);
  });

  it('gives the 404 page no canonical URL: it is served at every missing URL', () => {
    const notFound = readPage(build.outDir, '404.html');
    expect(notFound.querySelector('h1')).not.toBeNull();
    expect(notFound.querySelector('link[rel="canonical"]')).toBeNull();
    expect(notFound.querySelector('meta[property="og:url"]')).toBeNull();
  });

  it('publishes no page for a canceled issue (a hidden column)', () => {
    const canceled = (SCENARIOS['ws-paged'].issues as { id: string; status: string }[]).filter((i) => i.status === 'Canceled');
    expect(canceled.length).toBeGreaterThan(0);
    for (const issue of canceled) expect(existsSync(join(build.outDir, 'issues', pageSlug(issue.id)))).toBe(false);
  });
});

describe('config mistakes fail the build, naming the option', () => {
  const dir = mkdtempSync(join(tmpdir(), 'configured-'));
  // The one real build that stops while Astro loads its config (each such build starts Node and Astro): it shows how
  // a mistake there reaches the user. Each mistake's own message is a unit test's: an option's and a missing custom
  // CSS file's in test/unit/config/roadmap-config.test.ts, an API build without a site in settings.test.ts.
  it('a bad colour and a vote URL without a placeholder: one friendly line each, with the value and its path, and a hint, no stack, exit 1', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ theme: { accent: 'blue' }, voteUrl: 'https://portal.example.com/r/' }));
    const build = await buildSite({ ROADMAP_CONFIG: file });
    expect(build.code).toBe(1);
    // Astro's shape for a user's mistake: its line saying which hook stopped, ours with the cause and the fix, and a hint.
    const lines = build.output.trim().split('\n');
    expect(lines.length, build.output).toBeLessThanOrEqual(7);
    expect(build.output).toContain(`[portal-roadmap] Invalid ${file}:`);
    expect(build.output).toMatch(/\n {2}Hint:\n {4}Every option is in docs\/reference\/config\.md/);
    expect(build.output).toContain('  - theme.accent: use a hex colour, e.g. "#1d4ed8"; got "blue"');
    expect(build.output).toContain('  - voteUrl: include {issueId} or {identifier}');
    expect(build.output).not.toMatch(/^\s+at /m);
    expect(build.output).not.toMatch(/Stack trace|Location:|Caused by|"code": "invalid_format"/);
  });
});
