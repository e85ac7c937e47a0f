/**
 * Find and act, in Chromium under the site's own `_headers`: full-text search
 * from the header of every page (loaded only when opened, by keyboard, read
 * out to screen readers, axe-clean in both schemes, in German), vote links on
 * every card and a "suggest an idea" link on the site and in the embed, and
 * the board's column index at 320 px.
 *
 * The `demo-de` fixture: the demo with German labels, `voteUrl` and `submitUrl`
 * (test/support/fixtures.ts), shared with the board-index test, whose 5 cards
 * per column leave the issue this file looks for on the board (it is the
 * first of its column). It could not share the "configured" fixture, which
 * sets the colour scheme (this file checks both).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT, readPage } from '../support/build-site.ts';
import { SEARCH_SUBMIT_URL } from '../support/fixtures.ts';
import { axeBothSchemes, openSite, watchPage, type OpenSite } from '../support/browser.ts';

interface DemoIssue {
  id: string;
  identifier: string;
  title: string;
  description: string | null;
  summary: string[];
  upvotes: number;
  projectId: string | null;
  isVisible?: boolean;
  isDeleted?: boolean;
}
const demo = JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/data/demo/portal.json'), 'utf8')) as { issues: DemoIssue[] };

/** A word in one issue's description and in no other issue's text, title or summary (checked below). */
const WORD = 'overnight';
const found = demo.issues.find((issue) => issue.description?.includes(WORD))!;
const SUBMIT_URL = SEARCH_SUBMIT_URL;
const voteHref = (issue: { identifier: string }) => `https://portal.example.com/vote/${issue.identifier}?from=roadmap`;

let opened: OpenSite;
let browser: Browser;
let site: OpenSite['site'];
let outDir: string;

beforeAll(async () => {
  // Built once by the global setup (test/support/fixtures.ts).
  const build = inject('fixtures')['demo-de'];
  expect(build.code, build.output).toBe(0);
  outDir = build.outDir;
  ({ browser, site } = opened = await openSite(outDir));
});

afterAll(() => opened?.close());

const isSearchCode = (url: string) => /\/pagefind\/|\/_astro\/search\./.test(url);

async function openBoard(options: { width?: number } = {}) {
  // A context per page: axe-core's Playwright runner needs one.
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width: options.width ?? 1200, height: 900 } });
  const page = await context.newPage();
  // Closing the browser at the end closes this page too, after its context is gone: nothing left to close then.
  page.on('close', () => void context.close().catch(() => undefined));
  const watch = watchPage(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${site.url}/`, { waitUntil: 'load' });
  return { page, watch, requests };
}

async function search(page: Page, text: string) {
  await page.keyboard.press('/');
  await page.keyboard.type(text);
  await page.locator('[data-search-status]').filter({ hasText: text }).waitFor();
}

describe('search', () => {
  it(`uses a word only one issue's description has: "${WORD}"`, () => {
    const shown = demo.issues.filter((issue) => issue.isVisible !== false && !issue.isDeleted);
    const mentions = shown.filter((issue) => [issue.title, issue.description, ...issue.summary].join(' ').toLowerCase().includes(WORD));
    expect(mentions.map((issue) => issue.id)).toEqual([found.id]);
    expect(found.title.toLowerCase()).not.toContain(WORD);
  });

  it('loads no search code with the page, and loads it when / is pressed', async () => {
    const { page, requests, watch } = await openBoard();
    expect(requests.filter(isSearchCode)).toEqual([]);
    const pagefindLoaded = page.waitForResponse((response) => response.url().endsWith('/pagefind/pagefind.js'));
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await pagefindLoaded;
    expect(await page.locator('#site-search-input').inputValue()).toBe('');
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await page.close();
  });

  it('finds the issue by that word, with its status and upvotes, and announces the count', async () => {
    const { page, watch } = await openBoard();
    await search(page, WORD);
    const results = page.locator('.search-result');
    expect(await results.count()).toBe(1);
    expect(await results.locator('a').getAttribute('href')).toBe(`/issues/${found.id}/`);
    expect(await results.locator('a').textContent()).toBe(found.title);
    expect(await results.locator('.search-result-meta').textContent()).toBe(`In Prüfung · ${found.upvotes} Stimmen`);
    expect(await results.locator('mark').first().textContent()).toMatch(new RegExp(`^${WORD}`, 'i'));
    expect(await page.locator('[role="status"][data-search-status]').textContent()).toBe(`1 Treffer für „${WORD}“`);
    expect(await page.getByRole('search', { name: 'Roadmap durchsuchen' }).count()).toBe(1);
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await page.close();
  });

  it('works from the keyboard: arrows into the results, Escape closes, Enter opens', async () => {
    const { page } = await openBoard();
    await search(page, WORD);
    const panel = page.locator('[data-search-panel]');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(found.title);
    await page.keyboard.press('Escape');
    expect(await panel.isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    expect(await page.locator('#site-search-input').inputValue()).toBe(WORD);
    await page.keyboard.press('ArrowDown'); // closed: the arrow stays in the field
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search-input');
    await page.keyboard.press('Enter'); // searches again and opens the list
    await panel.waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowDown');
    await Promise.all([page.waitForURL(`${site.url}/issues/${found.id}/`), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').textContent()).toBe(found.title);
    await page.close();
  });

  it('without JavaScript, offers a link to the column index instead of the field', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/issues/${found.id}/`);
    expect(await page.locator('search[data-search]').isHidden()).toBe(true);
    const fallback = page.getByRole('link', { name: 'Nach Status ansehen' });
    expect(await fallback.getAttribute('href')).toBe('/#column-index');
    await Promise.all([page.waitForURL(`${site.url}/#column-index`), fallback.click()]);
    expect(await page.getByRole('navigation', { name: 'Zu einer Spalte springen' }).getByRole('link').count()).toBe(await page.locator('[data-column]').count());
    await context.close();
  });

  it('does not take / typed into a text field', async () => {
    const { page } = await openBoard();
    await search(page, 'a/b');
    expect(await page.locator('#site-search-input').inputValue()).toBe('a/b');
    await page.close();
  });

  it('leaves / to a focused link or control: the shortcut acts only from the page itself (WCAG 2.1.4)', async () => {
    const { page } = await openBoard();
    for (const selector of ['.site-header a[href]', '#filter-sort']) {
      await page.locator(selector).first().focus();
      await page.keyboard.press('/');
      expect(await page.evaluate(() => document.activeElement?.id), selector).not.toBe('site-search-input');
    }
    await page.close();
  });

  it("runs Pagefind's WebAssembly in its worker only: the page itself still may not compile any", async () => {
    const { page, watch } = await openBoard();
    await search(page, WORD);
    const compiled = await page.evaluate(() =>
      WebAssembly.compile(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])).then(
        () => 'compiled',
        (error: Error) => error.message,
      ),
    );
    expect(compiled).toMatch(/Content Security Policy/);
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await page.close();
  });

  // One page with its results open: every rule in light mode, then the colour rules in dark (the markup is the same).
  it('is axe-clean with results open, in light and dark mode', async () => {
    const { page } = await openBoard();
    await search(page, 'sync');
    expect(await page.locator('.search-result').count()).toBeGreaterThan(1);
    expect(await axeBothSchemes(page)).toEqual({ light: [], dark: [] });
    expect(await page.locator('.search-result').count()).toBeGreaterThan(1);
    await page.close();
  });
});

// The links are markup the build writes and no script touches: read by parsing the HTML, with no browser.
describe('vote and suggest links', () => {
  /**
   * Every card's vote link on a page: its accessible name (its text but what is hidden from screen readers, as it
   * has no aria-label), the text a sighted visitor reads (but what is visually hidden), href, target and rel.
   */
  function voteLinks(path: string) {
    const page = readPage(outDir, `${path.slice(1)}index.html`);
    const textBut = (a: Element, hidden: string) => {
      const copy = a.cloneNode(true) as Element;
      for (const el of copy.querySelectorAll(hidden)) el.remove();
      return copy.textContent;
    };
    const links = [...page.querySelectorAll('a.vote-link')].map((a) => ({
      name: a.getAttribute('aria-label') ?? textBut(a, '[aria-hidden="true"]'),
      text: textBut(a, '.visually-hidden'),
      href: a.getAttribute('href'),
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel'),
    }));
    return { links, cards: page.querySelectorAll('[data-card], .issue-list li').length };
  }

  it('puts one on every card of the board, the column pages and the project pages, opening in the same tab', () => {
    for (const path of ['/', '/status/backlog/', `/projects/${found.projectId}/`]) {
      const { links, cards } = voteLinks(path);
      expect(links.length, path).toBe(cards);
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect(link.target, path).toBeNull();
      // One control holding its count: "▲ 12" for the eye, the action and the count for a screen reader.
      expect(links, path).toContainEqual({
        name: `Für „${found.title}“ abstimmen, ${found.upvotes} Stimmen`,
        text: `▲${found.upvotes}`,
        href: voteHref(found),
        target: null,
        rel: 'nofollow noopener',
      });
    }
  });

  it('puts one on every card of the embeds, opening in a new tab, and says so', () => {
    for (const path of ['/embed/', `/embed/projects/${found.projectId}/`]) {
      const { links, cards } = voteLinks(path);
      expect(links.length, path).toBe(cards);
      expect(links, path).toContainEqual({
        name: `Für „${found.title}“ abstimmen, ${found.upvotes} Stimmen (öffnet sich in einem neuen Tab)`,
        text: `▲${found.upvotes}`,
        href: voteHref(found),
        target: '_blank',
        rel: 'nofollow noopener noreferrer',
      });
      for (const link of links) expect(link.target, path).toBe('_blank');
    }
  });

  it('offers "Idee vorschlagen" in the site header (same tab) and in the embed (new tab, and says so)', () => {
    const newTab = 'Idee vorschlagen (öffnet sich in einem neuen Tab)';
    for (const [path, target, name] of [
      ['/', null, 'Idee vorschlagen'],
      [`/issues/${found.id}/`, null, 'Idee vorschlagen'],
      ['/embed/', '_blank', newTab],
      [`/embed/projects/${found.projectId}/`, '_blank', newTab],
    ] as const) {
      const page = readPage(outDir, `${path.slice(1)}index.html`);
      // Its accessible name, as getByRole reads it: aria-label, else the text; not hidden from anyone.
      const named = [...page.querySelectorAll('a')].filter((a) => (a.getAttribute('aria-label') ?? a.textContent?.replace(/\s+/g, ' ').trim()) === name);
      expect(named.length, path).toBe(1);
      expect(named[0]!.closest('[hidden], [aria-hidden="true"]'), path).toBeNull();
      expect(named[0]!.getAttribute('href'), path).toBe(SUBMIT_URL);
      expect(named[0]!.getAttribute('target'), path).toBe(target);
    }
  });
});

describe('the status tabs', () => {
  it('fit 320 px and show the column they name', async () => {
    const { page } = await openBoard({ width: 320 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const index = page.getByRole('navigation', { name: 'Zu einer Spalte springen' });
    const columnCount = await page.locator('[data-column]').count();
    expect(await index.getByRole('link').count()).toBe(columnCount);
    const box = await index.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    const shippedCount = await page.locator('[data-column="done"] [data-count]').textContent();
    const link = index.getByRole('link', { name: new RegExp(`^Ausgeliefert ${shippedCount} Einträge$`) });
    await link.click();
    await page.waitForURL(`${site.url}/#column-done`);
    expect(await page.locator('[data-column]:visible').evaluateAll((columns) => columns.map((c) => (c as HTMLElement).dataset.column))).toEqual(['done']);
    expect(await page.locator('[data-column="done"] [data-card]').first().isVisible()).toBe(true);
    await page.close();
  });
});

describe('issue pages', () => {
  it('share the status and upvotes in og:description', () => {
    const issuePage = readPage(outDir, `issues/${found.id}/index.html`);
    expect(issuePage.querySelector('meta[property="og:description"]')?.getAttribute('content')).toBe(`In Prüfung · ${found.upvotes} Stimmen · ${found.summary[0]}`);
    expect(issuePage.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(found.summary[0]);
  });
});
