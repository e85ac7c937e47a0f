/**
 * The roadmap mounted in a Starlight docs site (examples/docs-site, through the `portal-roadmap/starlight`
 * plugin), with the packed tarball installed: the docs keep their own pages, settings, 404 page and sitemap, the
 * roadmap's pages render in Starlight's frame below /roadmap/, and Starlight's one search index finds both.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakePortal, type FakePortal } from '../support/fake-portal.ts';
import { SCENARIOS, siteIssueIds } from '../support/scenarios.ts';
import { headersFor, parseHeadersFile } from '../support/static-server.ts';
import { openSite, watchPage } from '../support/browser.ts';
import { installExample, runBin, type Installed, type Run } from './install.ts';

let site: Installed;
let portal: FakePortal;
let build: Run;
let dist: string;

beforeAll(async () => {
  site = installExample('docs-site', inject('packed').tarball);
  console.log(`npm install of the docs site: ${site.installSeconds.toFixed(1)} s`);
  portal = await startFakePortal({ 'ws-skip-take': SCENARIOS['ws-skip-take'] });
  build = await runBin(site.dir, 'astro', ['build'], { PORTAL_API_URL: portal.apiUrl, PORTAL_WORKSPACE_ID: 'ws-skip-take' });
  console.log(`astro build of the docs site: ${build.seconds.toFixed(1)} s`);
  dist = join(site.dir, 'dist');
});

afterAll(() => portal?.close());

const page = (path: string) => readFileSync(join(dist, path), 'utf8');
/** The roadmap's part of a page in Starlight's frame (src/layouts/StarlightFrame.astro), without Starlight's header and sidebar. */
const roadmapPart = (html: string) => html.slice(html.indexOf('class="not-content portal-roadmap"'));

describe('a Starlight site with the roadmap at /roadmap/', () => {
  it('builds, with no warning that Starlight looked up a collection the site lacks', () => {
    expect(build.code, build.output).toBe(0);
    // Starlight reads its UI strings from an `i18n` collection; without one, Astro warned of it on every build.
    expect(build.output.split('\n').filter((line) => /\[WARN\].*collection/.test(line))).toEqual([]);
  });

  it("keeps the docs' own pages, 404 page and search, untouched by the roadmap, with a sidebar link to it", () => {
    const home = page('index.html');
    expect(home).toContain('<title>Acme docs');
    expect(existsSync(join(dist, 'guides/getting-started/index.html'))).toBe(true);
    expect(home).toMatch(/<a href="\/roadmap\/"[^>]*>\s*<span[^>]*>Roadmap<\/span>/);
    // Nothing of the roadmap's on a docs page: not its stylesheet, nor a policy of its own.
    for (const path of ['index.html', 'guides/getting-started/index.html', '404.html']) {
      expect(page(path), path).not.toContain('site.css');
      expect(page(path), path).not.toContain('Content-Security-Policy');
    }
    expect(page('404.html')).toContain('starlight');
    expect(existsSync(join(dist, 'pagefind/pagefind.js'))).toBe(true);
  });

  it('renders an MDX release note with its Starlight component on its page, and as Markdown text in the feed', () => {
    const note = roadmapPart(page('roadmap/releases/roadmap-in-search/index.html'));
    // Typographic apostrophes: Astro's Markdown settings (smartypants) apply to MDX.
    expect(note).toContain('The docs’ search box now finds the roadmap’s issues and projects beside the guides.');
    // Starlight's <Aside> rendered by MDX, not its source.
    expect(note).toMatch(/<aside[^>]*class="[^"]*starlight-aside[^"]*starlight-aside--tip/);
    expect(note).not.toContain('import {');
    const feed = page('roadmap/rss.xml');
    const item = /<item>(?:(?!<\/item>)[\s\S])*roadmap-in-search(?:(?!<\/item>)[\s\S])*<\/item>/.exec(feed)?.[0] ?? '';
    expect(item).toMatch(/The docs(?:'|’|&apos;|&#39;) search box now finds/);
    expect(item).not.toContain('import {');
    expect(item).not.toContain('@astrojs/starlight');
  });

  it("has the roadmap's pages below /roadmap/, every link of the roadmap's part of the board staying there", () => {
    const issues = readdirSync(join(dist, 'roadmap/issues'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(issues).toHaveLength(siteIssueIds().length);
    const board = page('roadmap/index.html');
    expect(board).toContain('<title>Acme roadmap</title>');
    const own = roadmapPart(board);
    const links = [...own.matchAll(/\shref="(\/[^"]*)"/g)].map((match) => match[1]!).filter((link) => !link.startsWith('/_astro/'));
    expect(links.length).toBeGreaterThan(siteIssueIds().length);
    expect(links.filter((link) => !link.startsWith('/roadmap/'))).toEqual([]);
    // The roadmap's own header is not there, but its one action is: at the end of the board's actions
    // (examples/docs-site/roadmap.config.json), and above no other page's heading.
    const { submitUrl } = JSON.parse(readFileSync(join(site.dir, 'roadmap.config.json'), 'utf8')) as { submitUrl: string };
    const actions =
      /<div class="board-links">(?:(?!<p class="roadmap-actions">)[\s\S])*<p class="roadmap-actions">(?:(?!<\/p>)[\s\S])*<\/p>\s*<\/div>/.exec(
        roadmapPart(page('roadmap/index.html')),
      )?.[0] ?? '';
    expect(actions).toContain(`href="${submitUrl}"`);
    expect(roadmapPart(page(`roadmap/issues/${issues[0]!.name}/index.html`))).not.toContain(`href="${submitUrl}"`);
    // No 404 page or robots.txt of the roadmap's: they are the site's.
    expect(existsSync(join(dist, 'roadmap/404.html'))).toBe(false);
    expect(existsSync(join(dist, 'roadmap/robots.txt'))).toBe(false);
  });

  it("renders the roadmap's pages in Starlight's frame: its header, theme select and sidebar, with the roadmap's group", () => {
    const teams = readdirSync(join(dist, 'roadmap/teams'));
    expect(teams.length).toBeGreaterThan(0);
    for (const path of ['roadmap/index.html', `roadmap/issues/${readdirSync(join(dist, 'roadmap/issues'))[0]}/index.html`, 'roadmap/changelog/index.html']) {
      const html = page(path);
      expect(html, path).toMatch(/<meta name="generator" content="Starlight v/);
      expect(html, path).toContain('<starlight-theme-select');
      expect(html, path).toMatch(/<a href="\/guides\/getting-started\/"/);
      // The roadmap's group: board, what shipped, the board's projects, changelog and each team's board.
      expect(html, path).toMatch(/<a href="\/roadmap\/"[^>]*>\s*<span[^>]*>Roadmap<\/span>/);
      expect(html, path).toMatch(/<a href="\/roadmap\/shipped\/"[^>]*>\s*<span[^>]*>Shipped<\/span>/);
      expect(html, path).toMatch(/<a href="\/roadmap\/#projects-heading"[^>]*>\s*<span[^>]*>Projects<\/span>/);
      expect(html, path).toMatch(/<a href="\/roadmap\/changelog\/"[^>]*>\s*<span[^>]*>Changelog<\/span>/);
      for (const team of teams) expect(html, path).toContain(`<a href="/roadmap/teams/${team}/"`);
      // One <title>, the roadmap's, and no search field of the roadmap's own.
      expect(html.match(/<title>/g), path).toHaveLength(1);
      expect(html, path).not.toMatch(/<search\b[^>]*\sdata-search[\s>]/);
    }
    expect(page('roadmap/changelog/index.html')).toMatch(/<a href="\/roadmap\/changelog\/"[^>]*aria-current="page"/);
    // The embeds keep the roadmap's own frame: an iframe has no room for a docs site's header and sidebar.
    expect(page('roadmap/embed/index.html')).not.toContain('Starlight');
  });

  it("writes each issue's Atom feed beside its page below /roadmap/, at the address the page links, and no file of the bundle they are made in", () => {
    const issues = readdirSync(join(dist, 'roadmap/issues'));
    expect(issues).toHaveLength(siteIssueIds().length);
    for (const slug of issues) {
      expect(page(`roadmap/issues/${slug}/index.html`)).toContain(`href="/roadmap/issues/${slug}/feed.xml"`);
      expect(page(`roadmap/issues/${slug}/feed.xml`)).toContain(`<link rel="alternate" type="text/html" href="https://docs.example.com/roadmap/issues/${slug}/"`);
    }
    expect(readdirSync(dist, { recursive: true }).filter((file) => /bundle/i.test(String(file)))).toEqual([]);
  });

  it("puts the roadmap's issue, project and release note pages into Starlight's one search index, and builds none of its own", () => {
    const entry = JSON.parse(page('pagefind/pagefind-entry.json')) as { languages: Record<string, { page_count: number }> };
    const projects = readdirSync(join(dist, 'roadmap/projects')).length;
    const docs = ['index.html', 'guides/getting-started/index.html'].length;
    const notes = readdirSync(join(site.dir, 'src/content/releases')).length;
    expect(Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0)).toBe(docs + siteIssueIds().length + projects + notes);
    expect(existsSync(join(dist, 'roadmap/pagefind'))).toBe(false);
  });

  it("finds an issue of the roadmap with Starlight's search box on a roadmap page, under the roadmap's headers, with no console error", async () => {
    const issue = readdirSync(join(dist, 'roadmap/issues'))[0]!;
    const title = /<title>([^<&]+)[^<]* · Acme roadmap<\/title>/.exec(page(`roadmap/issues/${issue}/index.html`))![1]!;
    const { browser, site, close } = await openSite(dist);
    try {
      const tab = await browser.newPage();
      // Whatever the policy refuses (Chromium's words: "Executing inline script violates…", "Applying inline style
      // violates…", "Loading the image 'data:…' violates…") is a console error.
      const watch = watchPage(tab);
      await tab.goto(`${site.url}/roadmap/`);
      await tab.click('button[data-open-modal]');
      await tab.fill('dialog input', title);
      const result = tab.locator('dialog a[href*="/roadmap/issues/"]').first();
      await result.waitFor({ timeout: 15_000 });
      expect(await result.getAttribute('href')).toContain(`/roadmap/issues/${issue}/`);
      expect(watch.consoleErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows each kind of roadmap page in Starlight's frame with no console error under its headers: no style attribute, image or script of the page refused", async () => {
    const first = (folder: string) => `/roadmap/${folder}/${readdirSync(join(dist, 'roadmap', folder), { withFileTypes: true }).find((entry) => entry.isDirectory())!.name}/`;
    const paths = [
      '/roadmap/',
      first('issues'),
      first('projects'),
      first('teams'),
      first('status'),
      first('releases'),
      '/roadmap/changelog/',
      '/roadmap/changes/',
      '/roadmap/embed/',
    ];
    const { browser, site, close } = await openSite(dist);
    try {
      for (const path of paths) {
        const tab = await browser.newPage();
        const watch = watchPage(tab);
        // Every image and stylesheet loaded: a refused one is reported once it is requested.
        await tab.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
        expect(watch.consoleErrors, path).toEqual([]);
        await tab.close();
      }
    } finally {
      await close();
    }
  });

  it("keeps no roadmap page in a rebuild, since Starlight's end-of-build steps would miss kept pages, and its search still finds every one", async () => {
    // The rebuild reads `site` from roadmap.config.json or ROADMAP_SITE, not from astro.config.mjs (docs/mounting.md).
    const env = { PORTAL_API_URL: portal.apiUrl, PORTAL_WORKSPACE_ID: 'ws-skip-take', ROADMAP_SITE: 'https://docs.example.com' };
    const live = join(site.dir, 'live');
    const rebuild = (...args: string[]) => runBin(site.dir, 'portal-roadmap', ['rebuild', '--out', live, '--state', join(site.dir, '.roadmap'), ...args], env);
    const pages = () => (JSON.parse(readFileSync(join(live, 'pagefind/pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> }).languages;
    try {
      const first = await rebuild('--fresh-history');
      expect(first.code, first.output).toBe(0);
      const indexed = pages();
      expect(Object.values(indexed)[0]!.page_count).toBeGreaterThan(siteIssueIds().length);
      // The same data again: a build that could keep every page, were Starlight not in the site.
      const again = await rebuild('--force');
      expect(again.code, again.output).toBe(0);
      expect(again.output).toMatch(
        /Rendered all \d+ issue, project, column, team and changelog pages: the site's [^\n]*@astrojs\/starlight[^\n]* at the end of the build, which would not see pages kept from the previous build/,
      );
      expect(pages()).toEqual(indexed);
    } finally {
      rmSync(live, { recursive: true, force: true });
    }
  });

  it("writes headers for /roadmap/ alone, allowing what the site's settings inlined by its hash", () => {
    const rules = page('_headers')
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(rules.length).toBeGreaterThan(5);
    expect(rules.filter((path) => !path.startsWith('/roadmap/'))).toEqual([]);
    // The host's 404 page under the prefix, and its own pages, keep the host's policy: none of ours matches them.
    const parsed = parseHeadersFile(page('_headers'));
    for (const path of ['/roadmap/no-such-page/', '/roadmap/404.html', '/', '/guides/getting-started/']) expect(headersFor(parsed, path), path).toEqual({});
    expect(headersFor(parsed, '/roadmap/issues/x/')['Content-Security-Policy']).toMatch(/script-src 'self'/);
    // Starlight's search box shows icons from data: URLs.
    expect(headersFor(parsed, '/roadmap/issues/x/')['Content-Security-Policy']).toMatch(/img-src 'self' https: data:/);
    // Astro inlines small scripts by default; the embed's sizing script is one, and its hash is in the policy.
    const embed = page('roadmap/embed/index.html');
    const inline = [...embed.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(page('_headers')).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });
});
