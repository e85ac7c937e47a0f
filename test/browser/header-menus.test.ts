/**
 * The header's menus and what enlarged text does to the header, on the languages fixture (the demo in eight
 * languages, Arabic at the root) in Chromium under its own `_headers` (the CSP enforced):
 * - every menu (the language menu at every width, the phone's "More links") closes on Escape with focus back on
 *   its toggle, on a click elsewhere and when focus leaves it, at 1280 and 375 px;
 * - with the root font doubled (200 % text) at 320 px no menu opens past the window, and the skip link stays out
 *   of sight until focused (German's label takes two lines);
 * - the German title at 320 px breaks between its words, not inside "Produkt";
 * - Japanese "（現在）" never wraps inside its brackets;
 * - an Arabic page's search field keeps the room for its magnifier with a Latin query (the clear button beside it).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite, watchPage } from '../support/browser.ts';

const languages = useSite('languages');

const visibleMenus = async (page: Page) => {
  const menus = [];
  for (const menu of await page.locator('details.header-menu').all()) if (await menu.isVisible()) menus.push(menu);
  return menus;
};
const isOpen = (page: Page, index: number) =>
  page
    .locator('details.header-menu')
    .nth(index)
    .evaluate((menu) => (menu as HTMLDetailsElement).open);
const menuIndex = (page: Page, className: string) =>
  page.locator('details.header-menu').evaluateAll((menus, name) => menus.findIndex((menu) => menu.classList.contains(name)), className);

describe("the header's menus", () => {
  for (const width of [1280, 375]) {
    it(`close on Escape (focus back on the toggle), on a click elsewhere and when focus leaves, at ${width} px`, async () => {
      const page = await languages.browser.newPage({ viewport: { width, height: 800 } });
      const watch = watchPage(page);
      await page.goto(`${languages.url}/de/`, { waitUntil: 'load' });
      const menus = await visibleMenus(page);
      const names = await Promise.all(menus.map((menu) => menu.getAttribute('class')));
      expect(names).toEqual(width === 1280 ? ['header-menu language-menu'] : ['header-menu site-links-menu', 'header-menu language-menu']);
      for (const name of names) {
        const index = await menuIndex(page, name!.split(' ')[1]!);
        const menu = page.locator('details.header-menu').nth(index);
        const toggle = menu.locator('summary');

        // Escape, from a link inside the open menu: closed, and focus on the toggle, not lost on the page.
        await toggle.click();
        expect(await isOpen(page, index), name!).toBe(true);
        await menu.locator('a').first().focus();
        await page.keyboard.press('Escape');
        expect(await isOpen(page, index), name!).toBe(false);
        expect(await toggle.evaluate((element) => element === document.activeElement), name!).toBe(true);

        // A click elsewhere on the page (its footer).
        await toggle.click();
        expect(await isOpen(page, index), name!).toBe(true);
        await page.locator('.site-footer').click();
        expect(await isOpen(page, index), name!).toBe(false);

        // The keyboard: open with Enter, Tab past the last link.
        await toggle.focus();
        await page.keyboard.press('Enter');
        expect(await isOpen(page, index), name!).toBe(true);
        await menu.locator('a').last().focus();
        await page.keyboard.press('Tab');
        expect(await isOpen(page, index), name!).toBe(false);
      }
      expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
      await page.close();
    });
  }
});

describe('the header at 320 px with text at 200 %', () => {
  // WCAG 1.4.4 and 1.4.10: a visitor who doubles the text (Android's text scaling) on a small phone.
  for (const path of ['/de/', '/ja/', '/']) {
    it(`${path}: every menu opens inside the window, and the skip link shows only when focused`, async () => {
      const page = await languages.browser.newPage({ viewport: { width: 320, height: 640 } });
      await page.goto(`${languages.url}${path}`, { waitUntil: 'load' });
      // Through the CSSOM, which the CSP allows: the root's size, which every rem follows.
      await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
      const menus = await visibleMenus(page);
      expect(menus).toHaveLength(2);
      for (const menu of menus) {
        await menu.locator('summary').click();
        const panel = menu.locator('.header-menu-panel');
        const box = (await panel.boundingBox())!;
        const name = await menu.getAttribute('class');
        expect(box.x, `${name}: ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name}: ${JSON.stringify(box)}`).toBeLessThanOrEqual(320);
        // Every link's text inside the panel, none cut.
        for (const link of await panel.locator('a').all()) expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth)).toBe(true);
        await menu.locator('summary').click();
      }
      const skip = page.locator('.skip-link');
      expect((await skip.boundingBox())!.y + (await skip.boundingBox())!.height).toBeLessThanOrEqual(0);
      await skip.focus();
      expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      await page.close();
    });
  }
});

/** The rectangles a range of `element`'s text takes, one per line it is on. */
const lineRects = (page: Page, selector: string, text: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, wanted) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(wanted);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }
      return 0;
    }, text);

describe('words that must not break', () => {
  it('the German title at 320 px breaks after "Produkt-", never inside a word', async () => {
    const page = await languages.browser.newPage({ viewport: { width: 320, height: 640 } });
    await page.goto(`${languages.url}/de/`, { waitUntil: 'load' });
    expect(await page.locator('.site-name').textContent()).toContain('Produkt-Roadmap');
    expect(await lineRects(page, '.site-name', 'Produkt-')).toBe(1);
    expect(await lineRects(page, '.site-name', 'Roadmap')).toBe(1);
    await page.close();
  });

  it('Japanese "（現在）" stays on one line at every phone width', async () => {
    const page = await languages.browser.newPage({ viewport: { width: 320, height: 800 } });
    const issue = await (async () => {
      await page.goto(`${languages.url}/ja/changes/`, { waitUntil: 'load' });
      return page.locator('.changes-list a[href*="/issues/"]').first().getAttribute('href');
    })();
    await page.goto(`${languages.url}${issue}`, { waitUntil: 'load' });
    expect(await page.locator('.timeline .now').textContent()).toBe('（現在）');
    const split: number[] = [];
    for (let width = 300; width <= 480; width += 3) {
      await page.setViewportSize({ width, height: 800 });
      if ((await lineRects(page, '.timeline .now', '（現在）')) !== 1) split.push(width);
    }
    expect(split).toEqual([]);
    await page.close();
  });
});

describe('the search field on a right-to-left page', () => {
  it('keeps the room for its magnifier with a Latin query, so the clear button is not drawn over it', async () => {
    const page = await languages.browser.newPage({ viewport: { width: 1280, height: 600 } });
    await page.goto(`${languages.url}/`, { waitUntil: 'load' });
    const input = page.locator('#site-search-input');
    await input.click();
    await page.keyboard.type('Export');
    expect(await input.evaluate((field) => getComputedStyle(field).direction)).toBe('ltr');
    const room = await input.evaluate((field) => {
      const box = field.getBoundingClientRect();
      const icon = field.parentElement!.querySelector('.search-icon')!.getBoundingClientRect();
      // The field's content (where the text and the clear button go) ends at its right edge less its right padding.
      return { contentRight: box.right - parseFloat(getComputedStyle(field).paddingRight), iconLeft: icon.left };
    });
    expect(room.contentRight, JSON.stringify(room)).toBeLessThanOrEqual(room.iconLeft);
    await page.close();
  });
});
