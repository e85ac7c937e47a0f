/**
 * The board in Chromium: the filter island filters and sorts by keyboard,
 * keeps its state in the URL and restores it; the layout holds from 320 px
 * to 1440 px. (Screenshots for a person to look at: `npm run screenshots`.)
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cardsByIssue, filtersSettled as settled, openSite, tabTo, watchPage, type OpenSite } from '../support/browser.ts';
import type { StaticSite } from '../support/static-server.ts';

let opened: OpenSite;
let browser: Browser;
let site: StaticSite;
let context: BrowserContext;

beforeAll(async () => {
  const build = inject('fixtures').demo;
  expect(build.code, build.output).toBe(0);
  ({ browser, site } = opened = await openSite(build.outDir));
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
});
afterAll(() => opened?.close());

const visibleCards = (page: Page) => page.locator('[data-card]:visible');
const visibleTitles = (page: Page, column: string) => page.locator(`[data-column="${column}"] [data-card]:visible .card-title`).allTextContents();
const upvotesOf = async (page: Page, column: string) =>
  await page.locator(`[data-column="${column}"] [data-card]:visible`).evaluateAll((cards) => cards.map((c) => Number((c as HTMLElement).dataset.upvotes)));

describe('the filter island', () => {
  // The island fills a copy of the server's own card (CardTemplate.astro): a card it draws is the server's, to the byte.
  it('draws every card of the board as the server does: upvote count without a vote link, with a project or none', async () => {
    const page = await context.newPage();
    await page.goto(site.url);
    const served = await cardsByIssue(page);
    await page.selectOption('#filter-sort', 'importance');
    await settled(page);
    const drawn = await cardsByIssue(page);
    expect(Object.keys(drawn).sort()).toEqual(Object.keys(served).sort());
    for (const [href, card] of Object.entries(drawn)) expect(card, href).toBe(served[href]);
    expect(Object.values(served).some((card) => card.includes('class="votes upvotes"'))).toBe(true);
    expect(Object.values(served).some((card) => !card.includes('class="project-chip'))).toBe(true);
    await page.close();
  });

  it('appears only with JavaScript; without it the whole board still shows', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(site.url);
    expect(await page.locator('[data-filters]').isVisible()).toBe(false);
    const all = await page.locator('[data-card]').count();
    expect(all).toBeGreaterThanOrEqual(40);
    await noJs.close();
  });

  it('filters by team with the keyboard alone and writes the filter into the URL', async () => {
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(site.url);
    const total = await visibleCards(page).count();
    // Tab from the top of the page to the team filter, then choose with the arrow keys.
    expect(await tabTo(page, 'filter-team', 16)).toBe('filter-team');
    await page.keyboard.press('ArrowDown');
    await settled(page);
    const team = await page.locator('#filter-team').inputValue();
    expect(team).not.toBe('');
    const shown = await visibleCards(page).count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    const teams = await page.locator('[data-card]:visible').evaluateAll((cards) => [...new Set(cards.map((c) => (c as HTMLElement).dataset.team))]);
    expect(teams).toEqual([team]);
    expect(new URL(page.url()).searchParams.get('team')).toBe(team);
    await expect(page.locator('[data-filter-status]').textContent()).resolves.toBe(`Showing ${shown} of ${total} issues`);
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await page.close();
  });

  it('sorts by upvotes and by status, and restores everything from a link', async () => {
    const page = await context.newPage();
    await page.goto(`${site.url}/?status=in-progress&sort=upvotes`);
    await settled(page);
    expect(await page.locator('#filter-status').inputValue()).toBe('in-progress');
    expect(await page.locator('#filter-sort').inputValue()).toBe('upvotes');
    expect(await page.locator('[data-column]:visible').count()).toBe(1);
    const votes = await upvotesOf(page, 'in-progress');
    expect(votes.length).toBeGreaterThan(2);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    const countText = await page.locator('[data-column="in-progress"] [data-count]').textContent();
    expect(Number(countText)).toBe(votes.length);
    await page.close();
  });

  it('puts the team order back when reset, and clears the URL', async () => {
    const page = await context.newPage();
    await page.goto(site.url);
    const original = await visibleTitles(page, 'backlog');
    await page.selectOption('#filter-sort', 'updated');
    await settled(page);
    expect(await visibleTitles(page, 'backlog')).not.toEqual(original);
    await page.locator('button[type="reset"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !location.search);
    expect(await visibleTitles(page, 'backlog')).toEqual(original);
    await page.close();
  });

  it('filters by project', async () => {
    const page = await context.newPage();
    await page.goto(site.url);
    const option = await page.locator('#filter-project option').nth(1).getAttribute('value');
    await page.selectOption('#filter-project', option!);
    await settled(page);
    const projects = await page.locator('[data-card]:visible').evaluateAll((cards) => [...new Set(cards.map((c) => (c as HTMLElement).dataset.project))]);
    expect(projects).toEqual([option]);
    await page.close();
  });
});

describe('what a keyboard or screen-reader user is told', () => {
  /** The status tabs (the board's "Jump to a column" links, ColumnIndex.astro) not hidden, each with its visible and its spoken count. */
  const jumpLinks = (page: Page) =>
    page.locator('#column-index li:not([hidden]) a').evaluateAll((links) =>
      links.map((a) => ({
        href: a.getAttribute('href'),
        shown: a.querySelector('[data-tab-count]')?.textContent?.trim(),
        spoken: a.querySelector('[data-tab-count-label]')?.textContent?.trim(),
      })),
    );
  /** Each column not hidden, as its heading counts it. */
  const columnCounts = (page: Page) =>
    page.locator('[data-column]:not([hidden])').evaluateAll((sections) =>
      sections.map((s) => ({
        href: `#column-${(s as HTMLElement).dataset.column}`,
        shown: s.querySelector('[data-count]')?.textContent?.trim(),
        spoken: s.querySelector('[data-count-label]')?.textContent?.trim(),
      })),
    );

  it('the jump links follow the filters: the same counts as the columns, none to a hidden column', async () => {
    const page = await context.newPage();
    await page.goto(site.url);
    const before = await jumpLinks(page);
    expect(before).toEqual(await columnCounts(page));
    await page.selectOption('#filter-team', { index: 1 });
    await settled(page);
    const filtered = await jumpLinks(page);
    expect(filtered).toEqual(await columnCounts(page));
    expect(filtered).not.toEqual(before);
    await page.selectOption('#filter-status', 'in-progress');
    await settled(page);
    expect((await jumpLinks(page)).map((link) => link.href)).toEqual(['#column-in-progress']);
    expect(await jumpLinks(page)).toEqual(await columnCounts(page));
    // Cleared, the server's links come back.
    await page.locator('button[type="reset"]').click();
    await page.waitForFunction(() => !location.search);
    await settled(page);
    expect(await jumpLinks(page)).toEqual(before);
    await page.close();
  });

  it('a change of the sort is announced: the new order, then the count', async () => {
    const page = await context.newPage();
    await page.goto(site.url);
    const status = page.locator('[data-filter-status]');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    const count = (await status.textContent())!.trim();
    expect(count).toMatch(/^Showing (\d+) of \1 issues$/);
    await page.selectOption('#filter-sort', 'upvotes');
    await settled(page);
    await expect(status.textContent()).resolves.toBe(`Sorted by Most upvoted. ${count}`);
    await page.selectOption('#filter-sort', '');
    await settled(page);
    await expect(status.textContent()).resolves.toBe(`Sorted by Team's order. ${count}`);
    // A filter says the count alone.
    await page.selectOption('#filter-team', { index: 1 });
    await settled(page);
    await expect(status.textContent()).resolves.toMatch(/^Showing \d+ of \d+ issues$/);
    await page.close();
  });
});

describe('layout', () => {
  for (const width of [320, 375, 768, 1024, 1440]) {
    it(`has no horizontal overflow at ${width} px`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const path of ['/', '/shipped/']) {
        await page.goto(`${site.url}${path}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
      await page.close();
    });
  }

  it('on a 375 × 812 phone shows the first card whole without scrolling, the filters folded behind one control that opens them', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await page.goto(site.url);
    const card = await page.locator('[data-card]').first().boundingBox();
    expect(card!.y + card!.height).toBeLessThanOrEqual(812);
    const team = page.locator('#filter-team');
    await expect.poll(() => team.isVisible()).toBe(false);
    await page.locator('[data-filter-fold] > summary').click();
    await expect.poll(() => team.isVisible()).toBe(true);
    // A link that carries a filter opens the fold, so the visitor sees what narrows the board.
    await page.goto(`${site.url}?team=Web`);
    await expect.poll(() => team.isVisible()).toBe(true);
    await page.close();
  });

  it('keeps the filters open, with no control to fold them, on a wider screen', async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
    await page.goto(site.url);
    expect(await page.locator('#filter-team').isVisible()).toBe(true);
    expect(await page.locator('[data-filter-fold] > summary').isVisible()).toBe(false);
    await page.close();
  });

  it('shows a visible focus ring on keyboard focus', async () => {
    const page = await context.newPage();
    await page.goto(site.url);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await page.close();
  });
});
