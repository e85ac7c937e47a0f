/**
 * The hostile workspace's feed in a naive feed reader: a page with no CSP of
 * its own that fetches rss.xml and puts each item's description into the
 * page with innerHTML, as RSS says a description is HTML. Nothing may open a
 * dialog, log an error, or become an element; the text must read as written.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openSite, watchPage, type OpenSite } from '../support/browser.ts';
import type { StaticSite } from '../support/static-server.ts';

/** The reader, served from the site's own origin so it may fetch the feed; titles go in as text, as RSS says they are. */
const NAIVE_READER = `<!doctype html><meta charset="utf-8"><title>Naive reader</title><ul id="items"></ul>
<script>
  fetch('/rss.xml').then((r) => r.text()).then((xml) => {
    const feed = new DOMParser().parseFromString(xml, 'application/xml');
    if (feed.querySelector('parsererror')) throw new Error('the feed is not XML');
    for (const item of feed.querySelectorAll('item')) {
      const li = document.createElement('li');
      const title = document.createElement('h2');
      title.textContent = item.querySelector('title')?.textContent ?? '';
      const body = document.createElement('div');
      body.className = 'description';
      body.innerHTML = item.querySelector('description')?.textContent ?? '';
      li.append(title, body);
      document.getElementById('items').append(li);
    }
    document.body.dataset.done = String(feed.querySelectorAll('item').length);
  });
</script>`;

let opened: OpenSite;
let browser: Browser;
let site: StaticSite;
beforeAll(async () => {
  // The hostile fixture site, built once by the global setup.
  const build = inject('fixtures').hostile;
  expect(build.code, build.output).toBe(0);
  ({ browser, site } = opened = await openSite(build.outDir));
});
afterAll(() => opened?.close());

describe('the hostile feed in a naive feed reader', () => {
  it('runs nothing and shows the descriptions as text', async () => {
    const page = await browser.newPage();
    try {
      const watch = watchPage(page);
      await page.route(`${site.url}/naive-reader.html`, (route) => route.fulfill({ contentType: 'text/html', body: NAIVE_READER }));
      await page.goto(`${site.url}/naive-reader.html`);
      await page.waitForSelector('body[data-done]');
      const items = Number(await page.getAttribute('body', 'data-done'));
      expect(items).toBeGreaterThan(0);
      expect(await page.locator('.description *').count()).toBe(0);
      const texts = await page.locator('.description').allTextContents();
      expect(texts).toContain(`A round-two case`);
      expect(texts.some((text) => text.includes(`Sync is <img src=x onerror=alert('feed')> faster · press <Tab>`))).toBe(true);
      // No element came from a description, so no handler is left to fire later.
      expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    } finally {
      await page.close();
    }
  });
});
