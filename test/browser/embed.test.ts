/**
 * The embed sizes itself across origins in Chromium. A host page of another
 * origin embeds /embed/ of the configured fixture (which allows that origin)
 * with the snippet from the README (the very text users copy); the iframe
 * reaches its content height, follows the content as it grows, and ignores a
 * height message from a disallowed origin or of an insane size. Run twice:
 * with native frame-sizing where Chromium has it, and through the messages
 * with it switched off.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { launchChromium, watchPage } from '../support/browser.ts';
import { CONFIGURED_BASE, EMBED_HOST_ORIGIN } from '../support/fixtures.ts';
import { serveStatic, type StaticSite } from '../support/static-server.ts';

/** A third origin, which the configured site does not allow. */
const EVIL_ORIGIN = 'http://evil.test';

/** The parent snippet, exactly as the README shows it. */
function readmeSnippet(): string {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const block = readme.split('<!-- embed-snippet:start -->')[1]!.split('<!-- embed-snippet:end -->')[0]!;
  return block.replace(/^[\s\S]*?```html\n/, '').replace(/```[\s\S]*$/, '');
}

/**
 * Chromium's proxy: serves the pages of the host and the third origin by the
 * origin each request names. (Requests to the roadmap on 127.0.0.1 go direct.)
 * So those origins need no port, and the configured fixture can allow a fixed one.
 */
async function originsProxy(pages: Record<string, () => string>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const page = pages[new URL(req.url ?? '/', 'http://unknown.test').origin];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page?.() ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let browser: Browser;
let roadmap: StaticSite;
let proxy: { server: Server; url: string };

beforeAll(async () => {
  const build = inject('fixtures').configured;
  expect(build.code, build.output).toBe(0);
  roadmap = await serveStatic(build.outDir, CONFIGURED_BASE);
  const snippet = readmeSnippet()
    .replaceAll('https://roadmap.example.com/embed/', `${roadmap.url}${CONFIGURED_BASE}embed/`)
    .replaceAll('https://roadmap.example.com', roadmap.url);
  proxy = await originsProxy({
    [EMBED_HOST_ORIGIN]: () => `<!doctype html><html lang="en"><head><title>Docs</title></head><body><h1>Product docs</h1><p>Intro.</p>
${snippet}
<iframe id="evil" title="other" src="${EVIL_ORIGIN}/"></iframe><p>After the roadmap.</p></body></html>`,
    // A page of a third origin that tries to resize the roadmap's iframe.
    [EVIL_ORIGIN]: () => `<!doctype html><script>setInterval(() => parent.postMessage({ type: 'portal-roadmap:height', height: 77 }, '*'), 50)</script>`,
  });
  browser = await launchChromium({ proxy: proxy.url });
});

afterAll(async () => {
  await browser?.close();
  await roadmap?.close();
  await new Promise((resolve) => proxy?.server.close(resolve));
});

const frameHeight = (page: Page) => page.locator('#roadmap').evaluate((el) => el.getBoundingClientRect().height);
const contentHeight = (frame: Frame) => frame.evaluate(() => document.documentElement.getBoundingClientRect().height);

for (const mode of ['as the browser offers it', 'messages only'] as const) {
  describe(`embed auto-height (${mode})`, () => {
    let page: Page;
    let frame: Frame;
    let watch: ReturnType<typeof watchPage>;

    beforeAll(async () => {
      page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
      if (mode === 'messages only') {
        await page.addInitScript(() => {
          const supports = CSS.supports.bind(CSS);
          CSS.supports = ((...args: [string, string?]) => (String(args[0]).includes('frame-sizing') ? false : supports(...(args as [string, string])))) as typeof CSS.supports;
        });
      }
      watch = watchPage(page);
      await page.goto(`${EMBED_HOST_ORIGIN}/`);
      frame = page.frames().find((f) => f.url().startsWith(roadmap.url))!;
      await frame.waitForLoadState('load');
    });
    afterAll(async () => {
      await page?.close();
    });

    it('is cross-origin: host, roadmap and the other page have three origins', () => {
      expect(new Set([EMBED_HOST_ORIGIN, new URL(roadmap.url).origin, EVIL_ORIGIN]).size).toBe(3);
      expect(page.frames().map((f) => new URL(f.url()).origin).sort()).toEqual([EMBED_HOST_ORIGIN, EVIL_ORIGIN, new URL(roadmap.url).origin].sort());
      expect(frame).toBeDefined();
    });

    it('reaches the content height', async () => {
      await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(frame))), { timeout: 5_000 }).toBeLessThanOrEqual(2);
      expect(await frameHeight(page)).toBeGreaterThan(600);
    });

    it('follows the content as it grows', async () => {
      const before = await frameHeight(page);
      await frame.evaluate(() => {
        const block = document.createElement('div');
        block.style.height = '700px';
        document.querySelector('main')!.append(block);
      });
      await expect.poll(() => frameHeight(page), { timeout: 5_000 }).toBeGreaterThanOrEqual(before + 690);
    });

    it('ignores height messages from another origin, and insane heights from the roadmap', async () => {
      const settled = await frameHeight(page);
      await frame.evaluate(() => parent.postMessage({ type: 'portal-roadmap:height', height: 1e9 }, '*'));
      await page.waitForTimeout(400);
      expect(await frameHeight(page)).toBe(settled);
      expect(settled).not.toBe(77);
    });

    it('logs no console error on either side', () => {
      expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    });
  });
}
