/**
 * The header's light / dark / automatic switch (ThemeSwitch.astro, src/client-scripts/site-theme.ts) as a screen
 * reader meets it, under the site's own headers: its name is the choice in force, and each press says the new
 * choice in the switch's status region, as a renamed button is not announced by every screen reader.
 */
import { describe, expect, it } from 'vitest';
import { useSite, watchPage } from '../support/browser.ts';

const demo = useSite('demo');
const languages = useSite('languages');

describe("the theme switch's state", () => {
  it('is its name, and each press says the new choice in a status region', async () => {
    const page = await demo.browser.newPage();
    const watch = watchPage(page);
    await page.goto(demo.url);
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
    const page = await languages.browser.newPage();
    await page.goto(`${languages.url}/fr/`);
    // French puts a no-break space before a colon; Japanese joins with a full-width colon.
    expect(await page.locator('[data-theme-switch]').getAttribute('aria-label')).toBe('Thème\u00a0: Automatique');
    await page.goto(`${languages.url}/ja/`);
    expect(await page.locator('[data-theme-switch]').getAttribute('aria-label')).toBe('配色：自動');
    await page.close();
  });
});
