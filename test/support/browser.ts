/** Real headless Chromium (Debian's package) driven by playwright-core. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { chromium as playwrightChromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH } from './chromium-path.ts';
import type { FixtureName } from './fixtures.ts';
import { serveStatic, type StaticSite } from './static-server.ts';

/**
 * `proxy`: a server Chromium sends every request through, but those to 127.0.0.1.
 * `framesLocalFromPublic`: a page of a routed public origin (http://docs.test) may frame 127.0.0.1, which
 * Chromium's Local Network Access checks otherwise block (a real docs site frames a roadmap on a public host).
 */
export async function launchChromium(options: { proxy?: string; framesLocalFromPublic?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM_PATH}. Install it with \`apt-get install -y ${CHROMIUM_PACKAGE}\` (run by npm test's pretest step as root), or set CHROMIUM_PATH.`,
    );
  }
  return playwrightChromium.launch({
    executablePath: CHROMIUM_PATH,
    // Without the background-networking flags Chromium keeps reaching for Google's hosts, which this network refuses.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.framesLocalFromPublic ? ['--disable-features=LocalNetworkAccessChecks'] : []),
    ],
    // Playwright proxies loopback too unless a loopback host is in the bypass list.
    ...(options.proxy ? { proxy: { server: options.proxy, bypass: '127.0.0.1' } } : {}),
  });
}

export interface PageWatch {
  dialogs: string[];
  consoleErrors: string[];
}

/**
 * Records every dialog (dismissing it) and every console error or uncaught
 * exception of a page. `expectedFailure` is a URL whose own failed load is
 * expected (a 404 page answers 404) and not counted.
 */
export function watchPage(page: Page, expectedFailure?: string): PageWatch {
  const watch: PageWatch = { dialogs: [], consoleErrors: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (expectedFailure && message.location().url === expectedFailure && message.text().startsWith('Failed to load resource')) return;
    watch.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => watch.consoleErrors.push(`uncaught: ${error.message}`));
  return watch;
}

/**
 * Presses Tab until the element with `id` has focus, as a keyboard user
 * would, at most `maxPresses` times; returns the id that has focus then.
 */
export async function tabTo(page: Page, id: string, maxPresses = 20): Promise<string> {
  let focused = '';
  for (let i = 0; i < maxPresses && focused !== id; i++) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => document.activeElement?.id ?? '');
  }
  return focused;
}

/** The WCAG 2.2 A/AA rules and axe's best practices: what every page of the site must pass. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core's own build, loaded into each audited page by Playwright (which no page CSP stops). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it is now, one line each with up to
 * three of the elements at fault. axe is loaded into the page once and run
 * with `axe.run` as often as asked (light, then dark): @axe-core/playwright's
 * builder loaded it three times a run and opened a page to merge the results
 * of frames, which these pages do not have (`iframes: false`); an audit took
 * 2.3 times as long (30.4 against 13.4 s for four page types in both schemes).
 * Only violations are collected: listing the passes too (axe's default)
 * doubled the time of an audit, and no test reads them.
 * `rules` runs only those rules instead of AXE_TAGS (the colour rules again after a scheme change, say);
 * `except` leaves those out.
 */
export async function axeViolations(page: Page, rules?: readonly string[], except: readonly string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: AXE_TAGS },
    rules: Object.fromEntries(except.map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
    iframes: false,
  };
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe.run(document, options),
    options,
  );
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

/** The rules whose outcome depends on the colour scheme: the dark pass runs only these, on the same page load. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Axe in light mode (every rule), then in dark mode (only the colour rules: the
 * markup is the same, only the colours change), on one load of the page.
 */
export async function axeBothSchemes(page: Page): Promise<{ light: string[]; dark: string[] }> {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = await axeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await axeViolations(page, COLOUR_RULES);
  return { light, dark };
}

/**
 * Axe's rules but the colour ones, in light mode: what a page's data can break
 * (its markup: names, alt text, ids, structure) where its colours are the
 * site's own stylesheet's, checked on a page of the same type by
 * `axeBothSchemes`. color-contrast, which works out the colours behind every
 * text, is axe's slowest rule: the hostile audit's pages took about half the
 * time without the colour rules.
 */
export async function axeMarkupOnly(page: Page): Promise<{ light: string[]; dark: string[] }> {
  await page.emulateMedia({ colorScheme: 'light' });
  return { light: await axeViolations(page, undefined, COLOUR_RULES), dark: [] };
}

/**
 * The worker's one Chromium, for every browser test that needs no launch option: a launch costs about what a page
 * audit does, and a worker runs file after file in one process (`isolate: false`, test/vitest.config.ts). Files share
 * the process, never a page: each test opens a context of its own (`browser.newPage()` or `newContext()`), and
 * `OpenSite.close` closes what a file left open. Playwright closes the browser when the worker exits.
 */
let chromium: Promise<Browser> | undefined;
export function sharedChromium(): Promise<Browser> {
  chromium ??= launchChromium().then((browser) => {
    browser.on('disconnected', () => (chromium = undefined));
    return browser;
  });
  return chromium;
}

export interface OpenSite {
  browser: Browser;
  site: StaticSite;
  /** Closes the contexts opened in the browser (the worker's, see `sharedChromium`) since, then stops the server. */
  close: () => Promise<void>;
}

/** Serves a built site (under `base`, as a host would) in the worker's Chromium: the start of every browser test file. */
export async function openSite(outDir: string, base = '/'): Promise<OpenSite> {
  const site = await serveStatic(outDir, base);
  const browser = await sharedChromium();
  const before = new Set(browser.contexts());
  return {
    browser,
    site,
    close: async () => {
      await Promise.all(browser.contexts().map((context) => (before.has(context) ? undefined : context.close())));
      await site.close();
    },
  };
}

/** A fixture's site open for a whole test file; its fields are set once the file's `beforeAll` has run. */
export interface SiteForFile {
  browser: Browser;
  site: StaticSite;
  /** `site.url`: where the site is served, without a trailing slash. */
  url: string;
}

/**
 * Opens a fixture's site for the tests of the file that calls it: checks that the fixture built, serves it and
 * takes the worker's Chromium in `beforeAll`; closes the file's pages and stops the server in `afterAll`. E.g.
 * `const demo = useSite('demo');` at the top of a file, then `await demo.browser.newPage()` in a test.
 */
export function useSite(fixture: FixtureName, base = '/'): SiteForFile {
  const opened = {} as SiteForFile & { close?: () => Promise<void> };
  beforeAll(async () => {
    const build = inject('fixtures')[fixture];
    expect(build.code, build.output).toBe(0);
    const { browser, site, close } = await openSite(build.outDir, base);
    Object.assign(opened, { browser, site, url: site.url, close });
  });
  afterAll(async () => {
    await opened.close?.();
  });
  return opened;
}

/** Waits until the board's filter island has drawn what its form says (it may be fetching its index first). */
export const filtersSettled = (page: Page) => page.waitForFunction(() => document.querySelector('[data-filters]')?.getAttribute('aria-busy') !== 'true');

/** The cards on the page, each its `outerHTML` by its issue page's address: as served, or as the filter island drew them. */
export const cardsByIssue = (page: Page): Promise<Record<string, string>> =>
  page.locator('[data-card]').evaluateAll((cards) => Object.fromEntries(cards.map((card) => [card.querySelector('.card-title a')!.getAttribute('href'), card.outerHTML])));
