/**
 * The demo in all eight languages (Arabic first, at the root) in Chromium:
 * - Arabic: every page type is axe clean in light and dark, no page overflows
 *   sideways at 320 px, the board reads right to left (first column on the
 *   right, progress filling from the right, breadcrumbs pointing left), and
 *   the filter island counts in Arabic;
 * - the seven others: the board and an issue page are axe clean in both schemes;
 * - the language switcher leads to the same page in the other language;
 * - screenshots at 375 px and 1280 px, Arabic and Japanese, are saved for a
 *   person to look at (test-results/screenshots/).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildSite, listFiles, PROJECT_ROOT } from '../support/build-site.ts';
import { launchChromium, watchPage } from '../support/browser.ts';
import { serveStatic, type StaticSite } from '../support/static-server.ts';

const SCREENSHOT_DIR = join(PROJECT_ROOT, 'test-results', 'screenshots');
const LOCALES = ['ar', 'en', 'de', 'fr', 'es', 'pt-BR', 'it', 'ja'];

let browser: Browser;
let site: StaticSite;
let paths: Record<string, string>;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-browser-'));
  writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify({ locales: LOCALES }));
  const build = await buildSite({ ROADMAP_CONFIG: join(dir, 'roadmap.config.json') });
  expect(build.code, build.output).toBe(0);
  const files = listFiles(build.outDir);
  const first = (prefix: string) => `/${files.find((f) => f.startsWith(prefix) && f.endsWith('index.html'))!.replace(/index\.html$/, '')}`;
  paths = {
    board: '/',
    column: '/status/done/',
    issue: first('issues/'),
    project: first('projects/'),
    shipped: '/shipped/',
    'embed board': '/embed/',
    'embed project': first('embed/projects/'),
    'not found': '/issues/no-such-issue/',
  };
  site = await serveStatic(build.outDir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

describe('Arabic in Chromium', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`every page type in ${colorScheme} mode: axe clean, no console error`, async () => {
      const context = await browser.newContext({ colorScheme });
      try {
        for (const [type, path] of Object.entries(paths)) {
          const page = await context.newPage();
          const url = `${site.url}${path}`;
          const watch = watchPage(page, type === 'not found' ? url : undefined);
          await page.goto(url, { waitUntil: 'load' });
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), type).toEqual(['ar', 'rtl']);
          expect(await axeViolations(page), `${type} ${path}`).toEqual([]);
          expect(watch, `${type} ${path}`).toEqual({ dialogs: [], consoleErrors: [] });
          await page.close();
        }
      } finally {
        await context.close();
      }
    }, 240_000);
  }

  it('no page type overflows sideways at 320 px', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
    for (const [type, path] of Object.entries(paths)) {
      await page.goto(`${site.url}${path}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${type} at 320px`).toBeLessThanOrEqual(0);
    }
    await page.close();
  }, 60_000);

  it('reads right to left: columns, progress bars, breadcrumbs, the filter bar', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url);
    const columnLefts = await page.locator('.board [data-column]').evaluateAll((columns) => columns.map((c) => Math.round(c.getBoundingClientRect().left)));
    expect(columnLefts.length).toBe(4);
    // The first column (backlog) stands on the right, the last on the left.
    expect(columnLefts).toEqual([...columnLefts].sort((a, b) => b - a));
    const fields = await page.locator('.filters .field').evaluateAll((all) => all.map((f) => Math.round(f.getBoundingClientRect().left)));
    expect(fields).toEqual([...fields].sort((a, b) => b - a));
    // The percentage stands to the left of its bar, at the end of the line.
    const [bar, text] = await Promise.all([page.locator('.project-card progress').first().boundingBox(), page.locator('.project-card .progress-text').first().boundingBox()]);
    expect(text!.x + text!.width).toBeLessThanOrEqual(bar!.x);
    expect(await page.locator('.project-card progress').first().evaluate((p) => getComputedStyle(p).direction)).toBe('rtl');
    await page.goto(`${site.url}${paths.issue}`);
    const crumbs = await page.locator('.breadcrumbs li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().left)));
    expect(crumbs).toEqual([...crumbs].sort((a, b) => b - a));
    await page.close();
  });

  it('the filter island counts in Arabic', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/?status=in-progress`);
    const shown = await page.locator('[data-card]:visible').count();
    expect(shown).toBe(9);
    // 40 takes the "many" form (11–99): عنصرًا.
    expect(await page.locator('[data-filter-status]').textContent()).toBe(`عرض 9 من أصل 40 عنصرًا`);
    await page.selectOption('#filter-status', '');
    expect(await page.locator('[data-filter-status]').textContent()).toBe(`عرض 40 من أصل 40 عنصرًا`);
    await page.selectOption('#filter-team', 'Mobile');
    const mobile = await page.locator('[data-column="planned"] [data-card]:visible').count();
    expect(await page.locator('[data-column="planned"] [data-count-label]').textContent()).toBe({ 0: 'لا توجد عناصر', 1: 'عنصر واحد', 2: 'عنصران' }[mobile] ?? `${mobile} عناصر`);
    await page.close();
  });

  it('saves screenshots at 375 px and 1280 px', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const [name, path] of [['board', paths.board], ['issue', paths.issue], ['project', paths.project], ['embed', paths['embed board']]] as const) {
        await page.goto(`${site.url}${path}`);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `ar-${name}-${width}.png`), fullPage: name !== 'board' || width > 375 });
      }
      await page.close();
    }
  }, 60_000);

  it('the language switcher leads to the same page in the other language, and back', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}${paths.issue}`);
    const title = await page.locator('h1').textContent();
    await page.locator('.language-switcher a[hreflang="de"]').click();
    await page.waitForURL(`${site.url}/de${paths.issue}`);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['de', 'ltr']);
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(await page.locator('.language-switcher [aria-current="true"]').textContent()).toBe('Deutsch');
    await page.locator('.language-switcher a[hreflang="ar"]').click();
    await page.waitForURL(`${site.url}${paths.issue}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.close();
  });
});

describe('the seven left-to-right languages in Chromium', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the board and an issue page, in ${colorScheme} mode: axe clean, no console error`, async () => {
      const context = await browser.newContext({ colorScheme });
      try {
        for (const locale of LOCALES.slice(1)) {
          for (const path of [paths.board, paths.issue]) {
            const page = await context.newPage();
            const url = `${site.url}/${locale.toLowerCase()}${path}`;
            const watch = watchPage(page);
            await page.goto(url, { waitUntil: 'load' });
            expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), url).toEqual([locale, 'ltr']);
            expect(await axeViolations(page), url).toEqual([]);
            expect(watch, url).toEqual({ dialogs: [], consoleErrors: [] });
            await page.close();
          }
        }
      } finally {
        await context.close();
      }
    }, 300_000);
  }

  it('saves Japanese screenshots at 375 px and 1280 px', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const [name, path] of [['board', paths.board], ['issue', paths.issue]] as const) {
        await page.goto(`${site.url}/ja${path}`);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `ja-${name}-${width}.png`), fullPage: name !== 'board' || width > 375 });
      }
      await page.close();
    }
  }, 60_000);
});
