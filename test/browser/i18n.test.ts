/**
 * The languages fixture (test/support/fixtures.ts: the demo in eight
 * languages and Swedish, Arabic first at the root) in Chromium, under its own
 * `_headers`. Each page is loaded once and checked in both schemes (the scheme
 * is switched by media emulation, no reload):
 * - Arabic: every page type (but the changelog, whose entries the Shipped page
 *   has) loads with no console error and does not overflow sideways at
 *   320 px; the board reads right to left (first column on the right,
 *   progress filling from the right, breadcrumbs pointing left);
 *   the filter island counts in Arabic;
 * - axe runs once per page type, on the demo's page audit (pages-demo.test.ts,
 *   both schemes): every language shares its markup and stylesheet, and what
 *   a translation can break (lang and dir, words left in English, unnamed
 *   links, fields and images) is read from every language's HTML in the site
 *   tier (test/integration/i18n-site.test.ts); each left-to-right board loads
 *   with no console error;
 * - search answers in the page's language and links within it, and loads
 *   nothing until it is opened;
 * - the language switcher leads to the same page in the other language;
 * Screenshots of Arabic and Japanese at 375 px and 1280 px, for a person to
 * look at, are `npm run screenshots`'s (test-results/screenshots/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { filtersSettled, openSite, watchPage, type OpenSite } from '../support/browser.ts';
import { LANGUAGES_LOCALES } from '../support/fixtures.ts';
import { pageTypes } from '../support/page-types.ts';

/** The languages that ship; Swedish (last) is English words, checked by the site tier. */
const LOCALES = LANGUAGES_LOCALES.filter((locale) => locale !== 'sv');
const folder = (locale: string) => (locale === LOCALES[0] ? '' : `${locale.toLowerCase()}/`);

const build = inject('fixtures').languages;
const paths = pageTypes(build.outDir);

let opened: OpenSite;
let browser: Browser;
let site: OpenSite['site'];

beforeAll(async () => {
  expect(build.code, build.output).toBe(0);
  opened = await openSite(build.outDir);
  ({ browser, site } = opened);
});
afterAll(async () => {
  await opened?.close();
});

const langAndDir = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

// The changelog is left out: its entries are the Shipped page's (ShippedDate, ProjectChip, <bdi> titles).
const arabicTypes = Object.entries(paths).filter(([type]) => type !== 'changelog');

describe('Arabic, every page type but the changelog, in Chromium', () => {
  it('loads each page type right to left, with no console error and no sideways overflow at 320 px', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 800 } });
    for (const [type, path] of arabicTypes) {
      const url = `${site.url}${path}`;
      const watch = watchPage(page, type === 'not found' ? url : undefined);
      await page.goto(url, { waitUntil: 'load' });
      expect(await langAndDir(page), path).toEqual(['ar', 'rtl']);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at 320 px`).toBeLessThanOrEqual(0);
      expect(watch, path).toEqual({ dialogs: [], consoleErrors: [] });
      page.removeAllListeners();
    }
    await page.close();
  });
});

describe('Arabic in Chromium', () => {
  it('reads right to left: columns, filter bar, progress bars, breadcrumbs, previous and next', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url);
    const lefts = (selector: string) => page.locator(selector).evaluateAll((all) => all.map((el) => Math.round(el.getBoundingClientRect().left)));
    const columnLefts = await lefts('.board [data-column]');
    expect(columnLefts).toHaveLength(4);
    // The first column (backlog) stands on the right, the last on the left; so do the filter fields and the column index.
    expect(columnLefts).toEqual([...columnLefts].sort((a, b) => b - a));
    const fields = await lefts('.filters .field');
    expect(fields).toEqual([...fields].sort((a, b) => b - a));
    // The status tabs, which a phone shows.
    const phone = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await phone.goto(site.url);
    const tabs = await phone.locator('.column-index li').evaluateAll((all) => all.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(tabs[0]).toBeGreaterThan(tabs[1]!);
    await phone.close();
    // The percentage stands to the left of its bar, at the end of the line, and the bar fills from the right.
    const [bar, text] = await Promise.all([page.locator('.project-card progress').first().boundingBox(), page.locator('.project-card .progress-text').first().boundingBox()]);
    expect(text!.x + text!.width).toBeLessThanOrEqual(bar!.x);
    expect(
      await page
        .locator('.project-card progress')
        .first()
        .evaluate((p) => getComputedStyle(p).direction),
    ).toBe('rtl');
    // The search field's results panel opens under the field, not off the page.
    expect(await page.locator('.site-search').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    await page.goto(`${site.url}${paths.issue}`);
    const crumbs = await lefts('.breadcrumbs li');
    expect(crumbs).toEqual([...crumbs].sort((a, b) => b - a));
    // "Next" sits at the end of the line: on the left.
    const neighbours = page.locator('.column-neighbours li');
    if ((await neighbours.count()) === 2) {
      const [previous, next] = await lefts('.column-neighbours li');
      expect(next!).toBeLessThan(previous!);
    }
    await page.close();
  });

  it('the filter island counts in Arabic', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/?status=in-progress`);
    await filtersSettled(page);
    expect(await page.locator('[data-card]:visible').count()).toBe(9);
    // 40 takes the "many" form (11–99): عنصرًا.
    expect(await page.locator('[data-filter-status]').textContent()).toBe('عرض 9 من أصل 40 عنصرًا');
    await page.selectOption('#filter-status', '');
    expect(await page.locator('[data-filter-status]').textContent()).toBe('عرض 40 من أصل 40 عنصرًا');
    await page.selectOption('#filter-team', 'Mobile');
    await filtersSettled(page);
    const mobile = await page.locator('[data-column="planned"] [data-card]:visible').count();
    expect(await page.locator('[data-column="planned"] [data-count-label]').textContent()).toBe({ 0: 'لا توجد عناصر', 1: 'عنصر واحد', 2: 'عنصران' }[mobile] ?? `${mobile} عناصر`);
    await page.close();
  });

  it('the language switcher leads to the same page in the other language, and back', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}${paths.issue}`);
    const title = await page.locator('h1').textContent();
    // The languages are a menu of the header: opened by its button, which names the current language.
    await page.locator('.language-menu > summary').click();
    await page.locator('.language-switcher a[hreflang="de"]').click();
    await page.waitForURL(`${site.url}/de${paths.issue}`);
    expect(await langAndDir(page)).toEqual(['de', 'ltr']);
    expect(await page.locator('h1').textContent()).toBe(title);
    expect(await page.locator('.language-switcher [aria-current="true"]').textContent()).toBe('Deutsch');
    await page.locator('.language-menu > summary').click();
    await page.locator('.language-switcher a[hreflang="ar"]').click();
    await page.waitForURL(`${site.url}${paths.issue}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.close();
  });
});

// What only a browser sees of the seven left-to-right translations, an error when the islands run in that language, is
// checked on one load of each page; their words are read in the site tier.
describe('the seven left-to-right languages in Chromium', () => {
  // The board runs every island an issue page runs (search, theme), and the filters.
  it('each: the board loads in its language with no console error', async () => {
    const page = await browser.newPage();
    for (const locale of LOCALES.slice(1)) {
      const url = `${site.url}/${folder(locale)}`;
      const watch = watchPage(page);
      await page.goto(url, { waitUntil: 'load' });
      await filtersSettled(page);
      expect(await langAndDir(page), url).toEqual([locale, 'ltr']);
      expect(watch, url).toEqual({ dialogs: [], consoleErrors: [] });
      page.removeAllListeners();
    }
    await page.close();
  });
});

interface DemoIssue {
  id: string;
  title: string;
  description: string | null;
  summary: string[];
  upvotes: number;
  isVisible?: boolean;
  isDeleted?: boolean;
}
const demo = JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/data/demo/portal.json'), 'utf8')) as { issues: DemoIssue[] };
/** The word test/browser/search.test.ts shows to be in one issue's description only. */
const WORD = 'overnight';
const found = demo.issues.find((issue) => issue.description?.includes(WORD))!;

describe('search in every language', () => {
  // The status is the column's label in the page's language; the count is said in its plural forms; the two are
  // joined with the language's dot (Japanese its middle dot, no spaces).
  const expected: Record<string, { status: string; upvotes: string; announced: string; dot: string }> = {
    ar: { status: 'قيد الدراسة', upvotes: `${found.upvotes} صوتًا`, announced: `نتيجة واحدة لـ «${WORD}»`, dot: ' · ' },
    de: { status: 'In Prüfung', upvotes: `${found.upvotes} Stimmen`, announced: `1 Treffer für „${WORD}“`, dot: ' · ' },
    ja: { status: '検討中', upvotes: `${found.upvotes}票`, announced: `「${WORD}」の検索結果：1件`, dot: '・' },
  };

  it('answers in the language of the page, links within it, and loads nothing until opened', async () => {
    expect(found.upvotes % 100).toBeGreaterThanOrEqual(11); // the Arabic "many" form below
    const page = await browser.newPage();
    for (const [locale, words] of Object.entries(expected)) {
      const requests: string[] = [];
      const record = (request: { url(): string }) => requests.push(request.url());
      page.on('request', record);
      await page.goto(`${site.url}/${folder(locale)}`, { waitUntil: 'load' });
      expect(
        requests.filter((url) => /\/pagefind\/|\/_astro\/search\./.test(url)),
        locale,
      ).toEqual([]);
      await page.keyboard.press('/');
      await page.keyboard.type(WORD);
      await page.locator('[data-search-status]').filter({ hasText: WORD }).waitFor();
      const result = page.locator('.search-result');
      expect(await result.count(), locale).toBe(1);
      expect(await result.locator('a').getAttribute('href'), locale).toBe(`/${folder(locale)}issues/${found.id}/`);
      expect(await result.locator('.search-result-meta').textContent(), locale).toBe(`${words.status}${words.dot}${words.upvotes}`);
      expect(await page.locator('[data-search-status]').textContent(), locale).toBe(words.announced);
      // Titles and excerpts are data: they keep their own direction, so an English excerpt's punctuation stays put on the Arabic page.
      expect(await result.locator('a, .search-result-excerpt').evaluateAll((all) => all.map((el) => el.getAttribute('dir'))), locale).toEqual(['auto', 'auto']);
      // Pagefind loaded the index of this page's language, and no other.
      const metas = requests.filter((url) => url.endsWith('.pf_meta')).map((url) => url.match(/pagefind\.([a-z-]+)_/)?.[1]);
      expect(metas, locale).toEqual([locale.toLowerCase()]);
      page.off('request', record);
    }
    await page.close();
  });

  it('keeps a Latin query in its order inside the Arabic result line: "C++", not «++C»', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/${folder('ar')}`, { waitUntil: 'load' });
    await page.keyboard.press('/');
    await page.keyboard.type('C++');
    const line = page.locator('[data-search-count]');
    await line.filter({ hasText: 'C++' }).waitFor();
    // Where Chromium draws each character of the query: left to right, C first, as the visitor typed it.
    const lefts = await line.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('C++');
        if (at < 0) continue;
        return [0, 1, 2].map((offset) => {
          const range = document.createRange();
          range.setStart(node, at + offset);
          range.setEnd(node, at + offset + 1);
          return range.getBoundingClientRect().left;
        });
      }
      return [];
    });
    expect(lefts).toHaveLength(3);
    expect(lefts[0]!, `C at ${lefts[0]}, + at ${lefts[1]} and ${lefts[2]}`).toBeLessThan(lefts[1]!);
    expect(lefts[1]!).toBeLessThan(lefts[2]!);
    await page.close();
  });
});
