/**
 * A release note's page and the changelog holding notes, on the configured fixture (its notes carry hostile text,
 * an image and named issues): under the site's CSP, one h1, no dialog or console error, and no axe violation in
 * either colour scheme (the page-audit pattern of test/browser/page-audit.ts, for the one fixture with notes).
 */
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeBothSchemes, openSite, watchPage, type OpenSite } from '../support/browser.ts';
import { CONFIGURED_BASE } from '../support/fixtures.ts';

describe.concurrent('release notes in Chromium', () => {
  const build = inject('fixtures').configured;
  let opened: OpenSite;
  let browser: Browser;
  let site: OpenSite['site'];
  beforeAll(async () => {
    ({ browser, site } = opened = await openSite(build.outDir, CONFIGURED_BASE));
  });
  afterAll(() => opened?.close());

  for (const path of ['releases/invoices-in-one-tap/', 'changelog/']) {
    it(`opens ${path}: the CSP in force, one h1, no dialog, no console error, no axe violation`, async ({ expect }) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const watch = watchPage(page);
        const response = await page.goto(`${site.url}${CONFIGURED_BASE}${path}`, { waitUntil: 'load' });
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
        expect(await page.locator('h1').count()).toBe(1);
        expect(await page.locator('img[alt="Eine Rechnung auf dem Telefon"]').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
        expect(await axeBothSchemes(page)).toEqual({ light: [], dark: [] });
        expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
      } finally {
        await context.close();
      }
    });
  }
});
