/**
 * Every page type, of the demo and of the hostile workspace, in real headless
 * Chromium under the site's own `_headers` (so the CSP is enforced), in light
 * and dark: it renders one h1, no dialog opens, no console error appears (a
 * CSP violation is one), and axe-core finds no WCAG 2.2 AA violation.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildSite, listFiles } from '../support/build-site.ts';
import { launchChromium, watchPage } from '../support/browser.ts';
import { serveStatic, type StaticSite } from '../support/static-server.ts';

const apiUrl = inject('portalApiUrl');

/** One path per page type present in a build. */
function pageTypes(outDir: string): Record<string, string> {
  const files = listFiles(outDir);
  const first = (prefix: string) => `/${files.find((f) => f.startsWith(prefix) && f.endsWith('index.html'))!.replace(/index\.html$/, '')}`;
  return {
    board: '/',
    column: first('status/'),
    issue: first('issues/'),
    project: first('projects/'),
    shipped: '/shipped/',
    changelog: '/changelog/',
    'recent changes': '/changes/',
    'embed board': '/embed/',
    'embed project': first('embed/projects/'),
    'not found': '/issues/no-such-issue/',
  };
}

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

for (const [name, env] of [
  ['demo', {}],
  ['hostile workspace', { PORTAL_WORKSPACE_ID: 'ws-hostile' }],
] as const) {
  describe(`${name} in Chromium`, () => {
    let site: StaticSite;
    let paths: Record<string, string>;
    beforeAll(async () => {
      const build = await buildSite(name === 'demo' ? env : { ...env, PORTAL_API_URL: apiUrl });
      expect(build.code, build.output).toBe(0);
      paths = pageTypes(build.outDir);
      site = await serveStatic(build.outDir);
    });
    afterAll(async () => {
      await site?.close();
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      it(`opens every page type in ${colorScheme} mode: no dialog, no console error, no axe violation`, async () => {
        const context = await browser.newContext({ colorScheme });
        try {
          for (const [type, path] of Object.entries(paths)) {
            const page = await context.newPage();
            const url = `${site.url}${path}`;
            const watch = watchPage(page, type === 'not found' ? url : undefined);
            const response = await page.goto(url, { waitUntil: 'load' });
            expect(response?.status(), type).toBe(type === 'not found' ? 404 : 200);
            const csp = response?.headers()['content-security-policy'] ?? '';
            expect(csp, type).toContain("script-src 'self'");
            expect(csp, type).toContain("frame-ancestors 'none'");
            expect(await page.locator('h1').count(), type).toBe(1);
            expect(await axeViolations(page), `${type} ${path}`).toEqual([]);
            await page.mouse.wheel(0, 20_000);
            await page.waitForTimeout(50);
            expect(watch, `${type} ${path}`).toEqual({ dialogs: [], consoleErrors: [] });
            await page.close();
          }
        } finally {
          await context.close();
        }
      }, 60_000);
    }
  });
}
