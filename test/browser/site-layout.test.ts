/**
 * The roadmap in a site's own layout (`layout`), in Chromium: the `history` fixture's layout (SITE_LAYOUT) is a
 * light-only page, as many a marketing site is: no `color-scheme`, no dark styles, no place of its own for the
 * roadmap's search. A visitor whose system is dark must still get a light page the roadmap's colours can be read
 * on; the search field the roadmap's own header carries stands at the top of the roadmap's content instead. The
 * roadmap's own frame (the `demo` fixture) keeps following the visitor's system.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeBothSchemes, axeViolations, COLOUR_RULES, useSite, watchPage } from '../support/browser.ts';

const layoutBuild = inject('fixtures').history;

/** The palette as tokens.css writes it: light, then dark. A panel is the band behind the columns, and an issue's facts. */
const PANEL = { light: 'rgb(245, 246, 248)', dark: 'rgb(21, 26, 33)' };
const TEXT = { light: 'rgb(17, 24, 39)', dark: 'rgb(230, 233, 238)' };
const PAGE = { light: 'rgb(255, 255, 255)', dark: 'rgb(13, 17, 23)' };

interface ExportedIssue {
  id: string;
  title: string;
  projectId: string | null;
}
const issues = (JSON.parse(readFileSync(join(layoutBuild.outDir, 'roadmap.json'), 'utf8')) as { issues: ExportedIssue[] }).issues;
const issuePage = (issue: ExportedIssue) => `/issues/${issue.id}/`;

const layout = useSite('history');
const own = useSite('demo');

/** The colours a visitor sees: the page's ground, the first panel's, the page heading's text. */
const colours = (page: Page) =>
  page.evaluate(() => ({
    page: getComputedStyle(document.body).backgroundColor,
    panel: getComputedStyle(document.querySelector('.column, .facts')!).backgroundColor,
    heading: getComputedStyle(document.querySelector('h1')!).color,
  }));

describe('a light-only layout seen by a visitor whose system is dark', () => {
  it('stays light, the roadmap with it, and axe finds nothing on the board and an issue page in either scheme', async () => {
    const page = await layout.browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const watch = watchPage(page);
    for (const path of ['/', issuePage(issues[0]!)]) {
      await page.goto(`${layout.url}${path}`, { waitUntil: 'load' });
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await colours(page), path).toEqual({ page: PAGE.light, panel: PANEL.light, heading: TEXT.light });
      expect(await axeBothSchemes(page), path).toEqual({ light: [], dark: [] });
    }
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await page.close();
  });

  it('turns dark with the page where the page declares dark, and stays readable', async () => {
    const page = await layout.browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    await page.goto(`${layout.url}/`, { waitUntil: 'load' });
    // What a layout's own stylesheet says when it has a dark scheme (`:root { color-scheme: light dark }`), set here
    // through the CSSOM, which the pages' policy allows.
    await page.evaluate(() => document.documentElement.style.setProperty('color-scheme', 'light dark'));
    expect(await colours(page)).toEqual({ page: PAGE.dark, panel: PANEL.dark, heading: TEXT.dark });
    expect(await axeViolations(page, COLOUR_RULES)).toEqual([]);
    await page.close();
  });
});

describe('the search field in a layout with no place for it', () => {
  it("stands at the top of the roadmap's content and finds an issue by a word of its title", async () => {
    const issue = issues.find((candidate) => candidate.title.split(/\s+/).some((word) => word.length > 5))!;
    const word = issue.title.split(/\s+/).find((candidate) => candidate.length > 5)!;
    const page = await layout.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const watch = watchPage(page);
    await page.goto(`${layout.url}/`, { waitUntil: 'load' });
    const field = page.locator('#content > .roadmap-toolbar search[data-search] input');
    expect(await field.isVisible()).toBe(true);
    await field.click();
    await page.keyboard.type(word);
    const result = page.locator('.search-result a', { hasText: issue.title });
    await result.first().waitFor();
    expect(await result.first().getAttribute('href')).toBe(issuePage(issue));
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await page.close();
  });
});

describe("the roadmap's own frame", () => {
  it("follows the visitor's system as before: light, or dark with the dark palette, and axe finds no colour fault", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await own.browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme });
      await page.goto(`${own.url}/`, { waitUntil: 'load' });
      expect(await colours(page), colorScheme).toEqual({ page: PAGE[colorScheme], panel: PANEL[colorScheme], heading: TEXT[colorScheme] });
      expect(await axeViolations(page, COLOUR_RULES), colorScheme).toEqual([]);
      await page.close();
    }
  });
});
