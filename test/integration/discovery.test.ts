/**
 * Feeds, data and discovery: /rss.xml, /roadmap.json, the sitemap and
 * robots.txt parse and hold exactly the published items, never a hidden one;
 * every page has a canonical URL, Open Graph and Twitter tags; JSON-LD is
 * valid JSON that cannot break out of its script element.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { pageSlug } from '../../src/view/paths.ts';
import { listFiles, readPage } from '../support/build-site.ts';
import { PAGED_SITE } from '../support/fixtures.ts';
import { HOSTILE_DELETED_MARKER, HOSTILE_HIDDEN_MARKER } from '../support/hostile.ts';
import { DELETED_MARKER, HIDDEN_MARKER, SCENARIOS, siteIssueIds } from '../support/scenarios.ts';

const fixtures = inject('fixtures');
const xml = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document;
const issueUrl = (id: string) => `${PAGED_SITE}/issues/${pageSlug(id)}/`;
const projectIds = Object.keys(SCENARIOS['ws-paged'].projects);

/** The allow-list of /roadmap.json, as its README documents it: strict, so an extra field fails. */
const ExportSchema = z.strictObject({
  format: z.literal('portal-roadmap.export'),
  version: z.literal(2),
  title: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  columns: z.array(z.strictObject({ id: z.string(), label: z.string(), issueIds: z.array(z.string()) })),
  issues: z.array(
    z.strictObject({
      id: z.string(),
      identifier: z.string().nullable(),
      title: z.string(),
      url: z.url(),
      status: z.string(),
      column: z.string().nullable(),
      team: z.string().nullable(),
      projectId: z.string().nullable(),
      priority: z.string().nullable(),
      upvotes: z.number(),
      importanceScore: z.number(),
      summary: z.array(z.string()),
      descriptionHtml: z.string(),
      createdAt: z.string().nullable(),
      updatedAt: z.string().nullable(),
      moves: z.array(z.strictObject({ column: z.string(), at: z.iso.datetime({ offset: true }), atLeast: z.literal(true).optional() })),
    }),
  ),
  projects: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      url: z.url(),
      state: z.string().nullable(),
      progress: z.number(),
      upvotes: z.number(),
      importanceScore: z.number(),
      color: z.string().nullable(),
      descriptionHtml: z.string(),
      createdAt: z.string().nullable(),
    }),
  ),
});

describe('feeds and discovery', () => {
  const build = fixtures.paged;
  const published = siteIssueIds();

  it('builds', () => expect(build.code, build.output).toBe(0));

  it("/rss.xml parses, and a build with no history has one item, the roadmap's start: what it began with is not a change", () => {
    // Items per change are checked over real rebuilds in test/integration/history.test.ts.
    const feed = xml(readFileSync(join(build.outDir, 'rss.xml'), 'utf8'));
    expect(feed.querySelector('parsererror')).toBeNull();
    expect(feed.querySelectorAll('channel > title')).toHaveLength(1);
    // Its own address, as feed validators ask (atom:link rel="self").
    const self = feed.getElementsByTagNameNS('http://www.w3.org/2005/Atom', 'link')[0];
    expect([self?.getAttribute('rel'), self?.getAttribute('href')]).toEqual([
      'self',
      new URL('rss.xml', `${readFileSync(join(build.outDir, 'robots.txt'), 'utf8').match(/Sitemap: (\S+)sitemap-index\.xml/)![1]}`).toString(),
    ]);
    expect([...feed.querySelectorAll('item > title')].map((title) => title.textContent)).toEqual([expect.stringMatching(/^Now public: .+$/)]);
  });

  it('/roadmap.json holds exactly the published issues and projects, allow-listed', () => {
    const data = ExportSchema.parse(JSON.parse(readFileSync(join(build.outDir, 'roadmap.json'), 'utf8')));
    expect(data.issues.map((i) => i.id).sort()).toEqual([...published].sort());
    expect(data.projects.map((p) => p.id).sort()).toEqual([...projectIds].sort());
    expect(data.columns.flatMap((c) => c.issueIds).sort()).toEqual([...published].sort());
    expect(data.issues.find((i) => i.id === published[0])?.url).toBe(issueUrl(published[0]!));
    // Without a history file, each issue's one step is "since at least" the earlier of the snapshot's date and the
    // issue's own updatedAt (its status cannot have changed after its last change).
    const sinceAtLeast = (updatedAt: string | null) => (updatedAt !== null && Date.parse(updatedAt) < Date.parse(data.updatedAt) ? updatedAt : data.updatedAt);
    expect(data.issues.map((i) => [i.id, i.moves])).toEqual(data.issues.map((i) => [i.id, [{ column: i.moves[0]?.column, at: sinceAtLeast(i.updatedAt), atLeast: true }]]));
    expect(data.issues.some((i) => i.moves[0]!.at !== data.updatedAt)).toBe(true);
  });

  it('the sitemap parses and lists every page but embeds and the 404, never a hidden issue', () => {
    const index = xml(readFileSync(join(build.outDir, 'sitemap-index.xml'), 'utf8'));
    const sitemaps = [...index.querySelectorAll('sitemap > loc')].map((loc) => new URL(loc.textContent!).pathname.slice(1));
    const urls = sitemaps.flatMap((file) => [...xml(readFileSync(join(build.outDir, file), 'utf8')).querySelectorAll('url > loc')].map((loc) => loc.textContent!));
    const issueUrls = urls.filter((url) => url.includes('/issues/'));
    expect(issueUrls.sort()).toEqual(published.map(issueUrl).sort());
    expect(urls).toContain(`${PAGED_SITE}/`);
    expect(urls).toContain(`${PAGED_SITE}/shipped/`);
    expect(urls.some((url) => url.includes('/embed/'))).toBe(false);
  });

  it('robots.txt allows the site, keeps embeds out and names the sitemap', () => {
    const robots = readFileSync(join(build.outDir, 'robots.txt'), 'utf8');
    expect(robots).toBe(`User-agent: *\nAllow: /\nDisallow: /embed/\n\nSitemap: ${PAGED_SITE}/sitemap-index.xml\n`);
  });

  it('hidden and deleted issues are in none of them', () => {
    for (const file of ['rss.xml', 'roadmap.json', 'sitemap-0.xml', 'robots.txt']) {
      const text = readFileSync(join(build.outDir, file), 'utf8');
      expect(text).not.toContain(HIDDEN_MARKER);
      expect(text).not.toContain(DELETED_MARKER);
      expect(text).not.toContain('hidden-1');
    }
  });

  it('every page has a canonical URL, a feed link, Open Graph and Twitter tags', () => {
    for (const file of listFiles(build.outDir).filter((f) => f.endsWith('.html') && f !== '404.html')) {
      const page = readPage(build.outDir, file);
      const canonical = page.querySelector('link[rel="canonical"]')?.getAttribute('href');
      expect(canonical, file).toBe(`${PAGED_SITE}/${file.replace(/index\.html$/, '')}`);
      // The site's event feed on every page; the shipped page, a team's board and a project's page announce their own
      // feed first, then this one.
      const feeds = [...page.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')].map((link) => link.getAttribute('href'));
      const own = /^(shipped|teams\/[^/]+|projects\/[^/]+)\/index\.html$/.test(file) ? [`/${file.replace(/index\.html$/, 'rss.xml')}`] : [];
      expect(feeds, file).toEqual([...own, '/rss.xml']);
      for (const tag of ['og:title', 'og:description', 'og:url']) expect(page.querySelector(`meta[property="${tag}"]`)?.getAttribute('content'), `${file} ${tag}`).toBeTruthy();
      expect(page.querySelector('meta[name="twitter:card"]'), file).not.toBeNull();
    }
  });

  it('JSON-LD: an ItemList on the board and an Article on each issue', () => {
    const board = readPage(build.outDir, 'index.html');
    const list = JSON.parse(board.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(list).toMatchObject({ '@type': 'ItemList' });
    expect(list.itemListElement.length).toBe(board.querySelectorAll('[data-card]').length);
    const issuePage = readPage(build.outDir, `issues/${pageSlug(published[0]!)}/index.html`);
    const article = JSON.parse(issuePage.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(article).toMatchObject({ '@type': 'Article', url: issueUrl(published[0]!) });
  });

  it('embed pages are noindex', () => {
    expect(readPage(build.outDir, 'embed/index.html').querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});

describe('JSON-LD of a hostile workspace', () => {
  it('stays valid JSON and never breaks out of its script element', () => {
    const build = fixtures.hostile;
    expect(build.code, build.output).toBe(0);
    let blocks = 0;
    for (const file of listFiles(build.outDir).filter((f) => f.endsWith('.html'))) {
      const raw = readFileSync(join(build.outDir, file), 'utf8');
      for (const match of raw.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
        blocks++;
        expect(match[1]).not.toMatch(/<|>/);
        expect(() => JSON.parse(match[1]!), file).not.toThrow();
      }
      const page = readPage(build.outDir, file);
      expect(page.querySelectorAll('script:not([src]):not([type="application/ld+json"])'), file).toHaveLength(0);
    }
    expect(blocks).toBeGreaterThan(20);
    for (const file of ['rss.xml', 'roadmap.json']) {
      const text = readFileSync(join(build.outDir, file), 'utf8');
      expect(text).not.toContain(HOSTILE_HIDDEN_MARKER);
      expect(text).not.toContain(HOSTILE_DELETED_MARKER);
    }
    expect(xml(readFileSync(join(build.outDir, 'rss.xml'), 'utf8')).querySelector('parsererror')).toBeNull();
    // The hostile workspace holds descriptions that take their whole render budget: a build of it takes longer than most.
  });
});

describe('the sitemap of the languages fixture', () => {
  const build = fixtures.languages;
  const demo = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/data/demo/portal.json'), 'utf8')) as { issues: { id: string; updatedAt: string | null }[] };
  const updatedAt = new Map(demo.issues.map((issue) => [pageSlug(issue.id), issue.updatedAt]));

  it("gives each issue page, in every language, its issue's updatedAt as lastmod, and no other page a lastmod", () => {
    const urls = [...xml(readFileSync(join(build.outDir, 'sitemap-0.xml'), 'utf8')).querySelectorAll('url')].map((url) => ({
      path: new URL(url.querySelector('loc')!.textContent!).pathname,
      lastmod: url.querySelector('lastmod')?.textContent ?? null,
    }));
    const issuePages = urls.filter(({ path }) => /\/issues\/[^/]+\/$/.test(path));
    // 40 issues on the site, in nine languages.
    expect(issuePages).toHaveLength(40 * 9);
    for (const { path, lastmod } of issuePages) expect(lastmod, path).toBe(updatedAt.get(/\/issues\/([^/]+)\/$/.exec(path)![1]!));
    expect(urls.filter(({ path, lastmod }) => lastmod !== null && !/\/issues\/[^/]+\/$/.test(path))).toEqual([]);
  });
});
