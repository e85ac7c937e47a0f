/**
 * Forced colours (Windows' contrast themes; Chromium emulates them: `emulateMedia({ forcedColors: 'active' })`)
 * on the languages fixture's English board: the filter selects keep their arrows, a filter that is on and the
 * phone's selected status tab keep a highlight in the system's colours, and the phone's folded search shows its
 * magnifier alone. A screenshot of each control goes to test-results/forced-colors/, for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { filtersSettled, useSite } from '../support/browser.ts';

const SHOTS = join(PROJECT_ROOT, 'test-results', 'forced-colors');
const languages = useSite('languages');

beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

/** How many pixels of `clip` differ from its first pixel (its background): the ink drawn there, decoded by a scratch page. */
async function ink(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = await page.screenshot({ clip });
  const decoder = await languages.browser.newPage();
  try {
    return await decoder.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let count = 0;
      for (let at = 0; at < data.length; at += 4) if (Math.abs(data[at]! - data[0]!) + Math.abs(data[at + 1]! - data[1]!) + Math.abs(data[at + 2]! - data[2]!) > 96) count++;
      return count;
    }, png.toString('base64'));
  } finally {
    await decoder.close();
  }
}

/** A system colour as the browser resolves it in the current (forced) palette, set through the CSSOM (the CSP allows it). */
const systemColour = (page: Page, name: string, property: 'color' | 'backgroundColor' = 'color') =>
  page.evaluate(
    ([colour, prop]) => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style[prop] = colour;
      const value = getComputedStyle(probe)[prop];
      probe.remove();
      return value;
    },
    [name, property] as const,
  );

const shoot = (control: Locator, name: string) => control.screenshot({ path: join(SHOTS, `${name}.png`) });

describe('forced colours', () => {
  it('the filter selects keep their arrows, and a filter that is on keeps a highlight', async () => {
    const page = await languages.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(`${languages.url}/en/`, { waitUntil: 'load' });
    const selects = page.locator('.filters select');
    expect(await selects.count()).toBeGreaterThanOrEqual(3);
    for (const select of await selects.all()) {
      const box = (await select.boundingBox())!;
      // The arrow's place: the field's end (left to right here), inside its border.
      expect(await ink(page, { x: box.x + box.width - 26, y: box.y + 6, width: 20, height: box.height - 12 }), (await select.getAttribute('name')) ?? undefined).toBeGreaterThan(4);
    }
    await shoot(page.locator('.filters').first(), 'filters');
    const team = selects.first();
    await team.selectOption({ index: 1 });
    await filtersSettled(page);
    await page.locator('main h1').first().click();
    const highlight = await systemColour(page, 'Highlight');
    const mark = await team.evaluate((select) => ({
      style: getComputedStyle(select).outlineStyle,
      colour: getComputedStyle(select).outlineColor,
      focused: select === document.activeElement,
    }));
    expect(mark).toEqual({ style: 'solid', colour: highlight, focused: false });
    // The other selects, at their first choice, wear none.
    expect(await selects.nth(1).evaluate((select) => getComputedStyle(select).outlineStyle)).toBe('none');
    await shoot(page.locator('.filters').first(), 'filters-one-on');
    await page.close();
  });

  it("the phone's selected status tab is drawn in the highlight colours, and the folded search shows its magnifier alone", async () => {
    const page = await languages.browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(`${languages.url}/en/`, { waitUntil: 'load' });
    const selected = page.locator('.column-index a[aria-current="true"]');
    expect(await selected.count()).toBe(1);
    const [highlight, highlightText] = [await systemColour(page, 'Highlight', 'backgroundColor'), await systemColour(page, 'HighlightText')];
    expect(await selected.evaluate((tab) => [getComputedStyle(tab).backgroundColor, getComputedStyle(tab).color])).toEqual([highlight, highlightText]);
    const other = page.locator('.column-index a:not([aria-current="true"])').first();
    expect(await other.evaluate((tab) => getComputedStyle(tab).backgroundColor)).not.toBe(highlight);
    await shoot(page.locator('.column-index').first(), 'status-tabs');

    // The folded field: the same ink with its placeholder as without it, so no "Se…" is drawn over the icon.
    const field = page.locator('#site-search-input');
    const box = (await field.boundingBox())!;
    const clip = { x: box.x + 2, y: box.y + 2, width: box.width - 4, height: box.height - 4 };
    const withPlaceholder = await ink(page, clip);
    await shoot(page.locator('.site-search'), 'folded-search');
    await field.evaluate((input) => input.setAttribute('placeholder', ''));
    expect(withPlaceholder).toBe(await ink(page, clip));
    await page.close();
  });
});
