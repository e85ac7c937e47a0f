/**
 * Every page type of a fixture site in real headless Chromium under the
 * site's own `_headers` (so the CSP is enforced): it renders one h1, no dialog
 * opens, no console error appears (a CSP violation is one), and axe-core finds
 * no WCAG 2.2 AA violation, in light and dark. One test file per fixture calls
 * `describePageAudit`, so the audits of two sites run in two workers side by
 * side.
 */
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeBothSchemes, axeMarkupOnly, openSite, watchPage, type OpenSite } from '../support/browser.ts';
import type { FixtureName } from '../support/fixtures.ts';
import { pageTypes } from '../support/page-types.ts';

/**
 * One test per page type, two at a time (describe.concurrent, maxConcurrency): axe is the slow part, and it runs in
 * Chromium's renderer processes, so pages side by side keep the cores busy. Axe runs every rule in light mode and
 * the colour rules again in dark mode, on the page types of `axeOn` (all of them unless given); `colourRulesOn`
 * narrows the colour rules to fewer of those (`axeMarkupOnly` on the rest). A page type axe leaves out is still
 * opened and held to the rest: status, policy, one h1, no dialog or console error.
 */
export function describePageAudit(name: string, fixture: FixtureName, options: { axeOn?: readonly string[]; colourRulesOn?: readonly string[] } = {}): void {
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

    const within = (types: readonly string[] | undefined, type: string) => !types || types.includes(type);
    for (const [type, path] of Object.entries(paths)) {
      const axe = !within(options.axeOn, type) ? undefined : within(options.colourRulesOn, type) ? axeBothSchemes : axeMarkupOnly;
      const audited = !axe
        ? ' (axe: on the demo audit)'
        : axe === axeBothSchemes
          ? ', no axe violation in light mode, nor of the colour rules in dark mode'
          : ', no axe violation but of the colour rules (the demo audit has those)';
      it(`opens the ${type} page: no dialog, no console error${audited}`, async ({ expect }) => {
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
          if (axe) expect(await axe(page), `${type} ${path}`).toEqual({ light: [], dark: [] });
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
