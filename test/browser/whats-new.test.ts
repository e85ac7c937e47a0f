/**
 * The "what's new" badge in a team's own app: a host page of another origin,
 * with only the documented snippet and CSP lines (docs/whats-new.md), loads
 * /whats-new.js from the roadmap's site. The first visit counts nothing; a
 * visitor who last saw an older item gets the count of what shipped since;
 * following the link clears it. No cookie, no inline script on the host.
 * The dates expected are the demo changelog's, worked out from the demo's files (test/support/demo-data.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openSite, watchPage, type OpenSite } from '../support/browser.ts';
import { demoChangelog } from '../support/demo-data.ts';
import { PAGED_SITE } from '../support/fixtures.ts';

let opened: OpenSite;
let browser: Browser;
let host: Server;
let hostOrigin = '';
/** The demo's changelog, newest first, and its address (the demo shares the paged fixture's site), from the fixture's files. */
const changelog = demoChangelog();
const CHANGELOG_URL = `${PAGED_SITE}/changelog/`;

beforeAll(async () => {
  const build = inject('fixtures').demo;
  expect(build.code, build.output).toBe(0);
  ({ browser } = opened = await openSite(build.outDir));
  const roadmap = opened.site.url;
  const roadmapOrigin = new URL(roadmap).origin;
  host = createServer((_req, res) => {
    // The host's own strict policy, plus the two lines the docs give for the badge.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `default-src 'none'; script-src ${roadmapOrigin}; connect-src ${roadmapOrigin}` });
    res.end(`<!doctype html><html lang="en"><head><title>Acme app</title></head><body>
<nav><a data-roadmap-whats-new>What's new</a></nav>
<script src="${roadmap}/whats-new.js" defer></script></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await opened?.close();
  await new Promise((resolve) => host?.close(resolve));
});

async function visit(context: BrowserContext): Promise<{ page: Page; watch: ReturnType<typeof watchPage> }> {
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(`${hostOrigin}/`);
  // The link gets the changelog's address once latest.json has arrived.
  await expect.poll(() => page.locator('[data-roadmap-whats-new]').getAttribute('href')).toBe(CHANGELOG_URL);
  return { page, watch };
}

describe("the what's new badge on another origin", () => {
  it('counts nothing on a first visit, and remembers the newest item in localStorage, with no cookie', async () => {
    const context = await browser.newContext();
    const { page, watch } = await visit(context);
    expect(await page.locator('.portal-roadmap-badge').count()).toBe(0);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(Object.values(stored)).toEqual([changelog[0]!.at]);
    expect(await context.cookies()).toEqual([]);
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await context.close();
  });

  it('shows how many shipped since the last visit, and following the link clears it', async () => {
    const context = await browser.newContext();
    const { page } = await visit(context);
    // The visitor last saw the fourth newest item: three shipped since.
    const seen = changelog[3]!.at;
    expect(changelog.filter((item) => item.at > seen)).toHaveLength(3);
    await page.evaluate((value) => {
      for (const key of Object.keys(localStorage)) localStorage.setItem(key, value);
    }, seen);
    await page.reload();
    await expect.poll(() => page.locator('.portal-roadmap-badge').textContent()).toBe('3');
    // The demo's changelog is at its made-up address: answered here, never sent out.
    await context.route(`${CHANGELOG_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Changelog</title>' }));
    await page.locator('[data-roadmap-whats-new]').click();
    await page.waitForURL(CHANGELOG_URL);
    const again = await visit(context);
    expect(await again.page.locator('.portal-roadmap-badge').count()).toBe(0);
    await context.close();
  });
});
