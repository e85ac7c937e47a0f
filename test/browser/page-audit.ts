/**
 * Every page type of a fixture site in real headless Chromium under the
 * site's own `_headers` (so the CSP is enforced), in light and dark: it
 * renders one h1, no dialog opens, no console error appears (a CSP violation
 * is one), and axe-core finds no WCAG 2.2 AA violation. One test file per
 * fixture calls `describePageAudit`, so the audits of two sites run in two
 * workers side by side.
 */
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { listFiles } from '../support/build-site.ts';
import { axeBothSchemes, axeMarkupOnly, openSite, watchPage, type OpenSite } from '../support/browser.ts';
import type { FixtureName } from '../support/fixtures.ts';

/**
 * One path per page type of a build. A type the build has no page of fails, naming the folder it looked in;
 * `teamBoards: false` for a site built with `board.teamBoards: false`, which has none.
 */
export function pageTypes(outDir: string, { teamBoards = true } = {}) {
  const files = listFiles(outDir);
  const first = (prefix: string) => {
    const file = files.find((f) => f.startsWith(prefix) && f.endsWith('index.html'));
    if (file === undefined) throw new Error(`${outDir} has no page in ${prefix}`);
    return `/${file.replace(/index\.html$/, '')}`;
  };
  return {
    board: '/',
    column: first('status/'),
    issue: first('issues/'),
    project: first('projects/'),
    // A team's board: the column component on a page of its own (its embed is the embed board's markup again).
    ...(teamBoards ? { 'team board': first('teams/') } : {}),
    shipped: '/shipped/',
    changelog: '/changelog/',
    'recent changes': '/changes/',
    'embed board': '/embed/',
    'embed project': first('embed/projects/'),
    'not found': '/issues/no-such-issue/',
    // A release note's page, on a site that has notes (the configured fixture's).
    ...(files.some((f) => f.startsWith('releases/')) ? { 'release note': first('releases/') } : {}),
  };
}

/**
 * One test per page type and colour scheme, two at a time (describe.concurrent,
 * maxConcurrency): axe is the slow part, and it runs in Chromium's renderer
 * processes, so pages side by side keep the cores busy.
 * `colourRulesOn`: the page types on which axe's colour rules run too, in both
 * schemes (all of them unless given); the others get every other rule
 * (`axeMarkupOnly`), for a site whose colours another audit already covers.
 */
export function describePageAudit(name: string, fixture: FixtureName, options: { colourRulesOn?: readonly string[] } = {}): void {
  describe.concurrent(`${name} in Chromium`, () => {
    const build = inject('fixtures')[fixture];
    it('was built', ({ expect }) => expect(build.code, build.output).toBe(0));
    if (build.code !== 0) return;
    const paths = pageTypes(build.outDir);
    let opened: OpenSite;
    let browser: Browser;
    let site: OpenSite['site'];
    beforeAll(async () => {
      ({ browser, site } = opened = await openSite(build.outDir));
    });
    afterAll(() => opened?.close());

    for (const [type, path] of Object.entries(paths)) {
      it(`opens the ${type} page: no dialog, no console error, no axe violation in light mode${!options.colourRulesOn || options.colourRulesOn.includes(type) ? ', nor of the colour rules in dark mode' : ' (colour rules: the demo audit)'}`, async ({
        expect,
      }) => {
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          const url = `${site.url}${path}`;
          const watch = watchPage(page, type === 'not found' ? url : undefined);
          const response = await page.goto(url, { waitUntil: 'load' });
          expect(response?.status(), type).toBe(type === 'not found' ? 404 : 200);
          const csp = response?.headers()['content-security-policy'] ?? '';
          expect(csp, type).toContain("script-src 'self'");
          expect(csp, type).toContain("frame-ancestors 'none'");
          expect(await page.locator('h1').count(), type).toBe(1);
          const axe = !options.colourRulesOn || options.colourRulesOn.includes(type) ? axeBothSchemes : axeMarkupOnly;
          expect(await axe(page), `${type} ${path}`).toEqual({ light: [], dark: [] });
          await page.mouse.wheel(0, 20_000);
          await page.waitForTimeout(50);
          expect(watch, `${type} ${path}`).toEqual({ dialogs: [], consoleErrors: [] });
        } finally {
          await context.close();
        }
      });
    }

    it('lists search results as text: no dialog, no console error, nothing but marks inside an excerpt', async ({ expect }) => {
      const page = await browser.newPage();
      try {
        const watch = watchPage(page);
        await page.goto(`${site.url}/`);
        // "alert" is in every hostile payload; "offline" in many demo issues.
        const query = name === 'demo' ? 'offline' : 'alert';
        await page.locator('#site-search-input').fill(query);
        await page.locator('[data-search-status]').filter({ hasText: query }).waitFor();
        expect(await page.locator('.search-result').count()).toBeGreaterThan(0);
        expect(await page.locator('.search-result-excerpt *:not(mark)').count()).toBe(0);
        expect(await page.locator('.search-result a:not([href^="/issues/"]):not([href^="/projects/"])').count()).toBe(0);
        await page.mouse.wheel(0, 2_000);
        expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
      } finally {
        await page.close();
      }
    });
  });
}
