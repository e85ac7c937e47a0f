/**
 * The header's light / dark / automatic switch (ThemeSwitch.astro, src/client-scripts/site-theme.ts) as a screen
 * reader meets it, under the site's own headers: its name is the choice in force, and each press says the new
 * choice in the switch's status region, as a renamed button is not announced by every screen reader.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openSite, watchPage, type OpenSite } from '../support/browser.ts';
import type { StaticSite } from '../support/static-server.ts';

let opened: OpenSite;
let browser: Browser;
let site: StaticSite;

beforeAll(async () => {
  const build = inject('fixtures').demo;
  expect(build.code, build.output).toBe(0);
  ({ browser, site } = opened = await openSite(build.outDir));
});
afterAll(() => opened?.close());

describe("the theme switch's state", () => {
  it('is its name, and each press says the new choice in a status region', async () => {
    const page = await browser.newPage();
    const watch = watchPage(page);
    await page.goto(site.url);
    const button = page.getByRole('button', { name: /^Colour scheme:/ });
    const status = page.getByRole('status').and(page.locator('[data-theme-status]'));
    expect(await button.getAttribute('aria-label')).toBe('Colour scheme: Automatic');
    // Nothing said at load: the page would announce its colour scheme on every visit.
    expect(await status.textContent()).toBe('');

    await button.press('Enter');
    expect(await button.getAttribute('aria-label')).toBe('Colour scheme: Light');
    expect(await status.textContent()).toBe('Colour scheme: Light');
    await button.click();
    expect(await status.textContent()).toBe('Colour scheme: Dark');
    await button.click();
    expect(await status.textContent()).toBe('Colour scheme: Automatic');
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await page.close();
  });

  it("joins its name and the choice as the page's language does", async () => {
    const languages = await openSite(inject('fixtures').languages.outDir);
    try {
      const page = await languages.browser.newPage();
      await page.goto(`${languages.site.url}/fr/`);
      // French puts a no-break space before a colon; Japanese joins with a full-width colon.
      expect(await page.locator('[data-theme-switch]').getAttribute('aria-label')).toBe('Thème\u00a0: Automatique');
      await page.goto(`${languages.site.url}/ja/`);
      expect(await page.locator('[data-theme-switch]').getAttribute('aria-label')).toBe('配色：自動');
    } finally {
      await languages.close();
    }
  });
});
