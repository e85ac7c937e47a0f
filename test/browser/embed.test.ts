/**
 * The embed sizes itself across origins in Chromium, on the shared
 * "configured" fixture (base path /fieldnote/, a transparent embed, one allowed
 * origin). A host page of that origin embeds /embed/ and /embed/teams/web/ with the snippet from
 * docs/embedding.md (the very text users copy), given the roadmap's URL with
 * its base path, as on GitHub Pages, and a theme; each iframe reaches its own content height, the board's follows
 * the content as it grows, and ignores a height message from a disallowed origin or of an
 * insane size. A host whose origin is not allowed keeps the snippet's fixed
 * height: never the browser's 150 px. Then the host's theme: a
 * transparent embed shows the host's own background in light, dark and auto
 * pages, whatever the visitor's setting, and the theme is there at the first
 * frame.
 */
import { readFileSync, symlinkSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { CONFIGURED_BASE, EMBED_HOST_ORIGIN } from '../support/fixtures.ts';
import { launchChromium, watchPage } from '../support/browser.ts';
import { serveStatic, type StaticSite } from '../support/static-server.ts';

/** The parent snippet, exactly as docs/embedding.md shows it. */
function readmeSnippet(): string {
  const readme = readFileSync(join(PROJECT_ROOT, 'docs/embedding.md'), 'utf8');
  const block = readme.split('<!-- embed-snippet:start -->')[1]!.split('<!-- embed-snippet:end -->')[0]!;
  return block.replace(/^[\s\S]*?```html\n/, '').replace(/```[\s\S]*$/, '');
}

async function listen(handler: (url: string) => string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(handler(req.url ?? '/'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The URL the snippet shows, which a user replaces with their own. */
const README_SITE_URL = 'https://you.github.io/repo';
/** The configured fixture's base path (a GitHub Pages project site's), under which the roadmap is served. */
const BASE = CONFIGURED_BASE.replace(/\/$/, '');

/** Host pages of each colour scheme, with the background a transparent embed must show. */
const HOST_SCHEMES = {
  light: { css: 'body { background: #f3ead2 }', rgb: [0xf3, 0xea, 0xd2] },
  dark: { css: ':root { color-scheme: dark } body { background: #1d2a35 }', rgb: [0x1d, 0x2a, 0x35] },
  auto: { css: ':root { color-scheme: light dark } body { background: light-dark(#f3ead2, #1d2a35) }', rgb: [0x1d, 0x2a, 0x35] },
} as const;

let browser: Browser;
let roadmap: StaticSite;
let roadmapUrl = '';
let evil: { server: Server; origin: string };
/** A host page of an origin the roadmap does not allow, with the same snippet, framing the roadmap as GitHub Pages serves it. */
let stranger: { server: Server; origin: string };
/** The same build served with no headers at all, as GitHub Pages serves it: nothing but the height messages keeps another origin's frame from sizing. */
let plainRoadmap: StaticSite;

/** The allowed host's pages: the README snippet, or an iframe on a page of one colour scheme (`/scheme/{scheme}/{theme}`). */
function hostPage(url: string): string {
  const [, scheme, theme] = /^\/scheme\/(\w+)\/(\w*)/.exec(url) ?? [];
  if (scheme) {
    const src = `${roadmapUrl}/embed/${theme ? `?theme=${theme}` : ''}`;
    return `<!doctype html><html lang="en"><head><title>Docs</title><style>${HOST_SCHEMES[scheme as keyof typeof HOST_SCHEMES].css}</style></head>
<body><iframe id="roadmap" title="Roadmap" src="${src}" style="width: 800px; height: 400px; border: 0"></iframe></body></html>`;
  }
  return `<!doctype html><html lang="en"><head><title>Docs</title></head><body><h1>Product docs</h1><p>Intro.</p>
${readmeSnippet().replaceAll(README_SITE_URL, roadmapUrl)}
<iframe id="evil" title="other" src="${evil.origin}/"></iframe><p>After the roadmap.</p></body></html>`;
}

/**
 * A page of the browser on which the allowed host's origin (EMBED_HOST_ORIGIN, the one the configured fixture's
 * embed.allowedOrigins names) answers with `hostPage`: Chromium takes the origin as real, so the fixture needs no
 * port known only at run time and the test no build of its own.
 */
async function newHostPage(options: Parameters<Browser['newPage']>[0] = {}): Promise<Page> {
  const page = await browser.newPage(options);
  await page.route(`${EMBED_HOST_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostPage(new URL(route.request().url()).pathname) }),
  );
  return page;
}

beforeAll(async () => {
  const build = inject('fixtures').configured;
  // Its origins are listed: no warning about a fixed height.
  expect(build.output).not.toContain('embed.allowedOrigins is empty');
  stranger = await listen(
    () => `<!doctype html><html lang="en"><head><title>Other docs</title></head><body><h1>Other docs</h1>
${readmeSnippet().replaceAll(README_SITE_URL, `${plainRoadmap.url}${BASE}`)}</body></html>`,
  );
  // A page of a third origin that tries to resize the roadmap's iframe.
  evil = await listen(() => `<!doctype html><script>setInterval(() => parent.postMessage({ type: 'portal-roadmap:height', height: 77 }, '*'), 50)</script>`);
  // Serve the build under the base path, as a project site is: /fieldnote/… is the build, and its _headers name /fieldnote/ paths.
  const served = mkdtempSync(join(tmpdir(), 'embed-served-'));
  symlinkSync(build.outDir, join(served, BASE.slice(1)));
  for (const file of ['_headers', '404.html']) symlinkSync(join(build.outDir, file), join(served, file));
  roadmap = await serveStatic(served);
  roadmapUrl = `${roadmap.url}${BASE}`;
  const plain = mkdtempSync(join(tmpdir(), 'embed-plain-'));
  symlinkSync(build.outDir, join(plain, BASE.slice(1)));
  plainRoadmap = await serveStatic(plain);
  browser = await launchChromium({ framesLocalFromPublic: true });
});

afterAll(async () => {
  await browser?.close();
  await roadmap?.close();
  await plainRoadmap?.close();
  for (const s of [evil, stranger]) await new Promise((resolve) => s?.server.close(resolve));
});

/** The snippet's iframes, in page order: the board, then the team's board. */
const snippetFrames = (page: Page) => page.locator('iframe[data-portal-roadmap]');
const frameHeight = (page: Page, index = 0) =>
  snippetFrames(page)
    .nth(index)
    .evaluate((el) => el.getBoundingClientRect().height);

/** The snippet's `index`th frame, once it shows its page of `origin` (the host's load can come before the frame leaves about:blank). */
async function roadmapFrame(page: Page, index: number, origin: string): Promise<Frame> {
  const frame = (await (await snippetFrames(page).nth(index).elementHandle())!.contentFrame())!;
  await frame.waitForURL((url) => url.href.startsWith(origin));
  await frame.waitForLoadState('load');
  return frame;
}
const contentHeight = (frame: Frame) => frame.evaluate(() => document.documentElement.getBoundingClientRect().height);

{
  describe('embed auto-height', () => {
    let page: Page;
    let frame: Frame;
    /** The snippet's second embed, one team's board: the same script sizes it. */
    let teamFrame: Frame;
    let watch: ReturnType<typeof watchPage>;

    beforeAll(async () => {
      page = await newHostPage({ viewport: { width: 1000, height: 800 } });
      watch = watchPage(page);
      await page.goto(`${EMBED_HOST_ORIGIN}/`);
      [frame, teamFrame] = [await roadmapFrame(page, 0, roadmap.url), await roadmapFrame(page, 1, roadmap.url)];
    });
    afterAll(async () => {
      await page?.close();
    });

    it('takes the README snippet with a site URL that has a path and a theme', () => {
      expect(readmeSnippet()).toContain(`src="${README_SITE_URL}/embed/?theme=light"`);
      expect(frame.url()).toBe(`${roadmapUrl}/embed/?theme=light`);
      expect(teamFrame.url()).toBe(`${roadmapUrl}/embed/teams/web/?theme=light`);
    });

    it('is cross-origin: host, roadmap and the other page have three origins', () => {
      expect(new Set([EMBED_HOST_ORIGIN, roadmap.url, evil.origin]).size).toBe(3);
      expect(frame).toBeDefined();
    });

    it('reaches the content height', async () => {
      await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight(frame)))).toBeLessThanOrEqual(2);
      expect(await frameHeight(page)).toBeGreaterThan(600);
    });

    it("sizes the page's second embed too, to its own content height", async () => {
      const teamContent = await contentHeight(teamFrame);
      // Its content is taller than the 600 px it starts at: a frame left unsized shows here.
      expect(teamContent).toBeGreaterThan(620);
      await expect.poll(async () => Math.abs((await frameHeight(page, 1)) - (await contentHeight(teamFrame)))).toBeLessThanOrEqual(2);
    });

    it('follows the content as it grows', async () => {
      const before = await frameHeight(page);
      await frame.evaluate(() => {
        const block = document.createElement('div');
        block.style.height = '700px';
        document.querySelector('main')!.append(block);
      });
      await expect.poll(() => frameHeight(page)).toBeGreaterThanOrEqual(before + 690);
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

describe('embedded on a page whose origin is not allowed', () => {
  it("keeps the snippet's 600 px, the board scrolling inside it: it never collapses", async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    try {
      await page.goto(`${stranger.origin}/`);
      const frame = await roadmapFrame(page, 0, plainRoadmap.url);
      // Time for a height message to arrive, were one sent: the allowed host's frame is sized well within this.
      await page.waitForTimeout(500);
      expect(await frameHeight(page)).toBe(600);
      expect(await contentHeight(frame)).toBeGreaterThan(600);
    } finally {
      await page.close();
    }
  });
});

/** The colour of one screen pixel of `page`, decoded by a scratch page of the same browser. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = await page.screenshot({ clip: { x, y, width: 1, height: 1 } });
  const decoder = await browser.newPage();
  try {
    return await decoder.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const context = new OffscreenCanvas(1, 1).getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }, png.toString('base64'));
  } finally {
    await decoder.close();
  }
}

describe('the host picks the theme, and transparent stays transparent', () => {
  /** Loads a host page of `scheme` for a visitor whose system is `visitor`, and reads the embed's padding and the host's background. */
  async function frameOn(scheme: keyof typeof HOST_SCHEMES, theme: string, visitor: 'light' | 'dark') {
    const page = await newHostPage({ viewport: { width: 1000, height: 600 }, colorScheme: visitor });
    await page.goto(`${EMBED_HOST_ORIGIN}/scheme/${scheme}/${theme}`);
    const frame = page.frames().find((f) => f.url().startsWith(roadmap.url))!;
    await frame.waitForLoadState('load');
    const box = (await page.locator('#roadmap').boundingBox())!;
    // 4 px into the frame is the embed's padding: only its background (or the host's, through it) is there.
    const inside = await pixel(page, box.x + 4, box.y + 4);
    const hostBackground = await pixel(page, box.x + box.width + 20, box.y + 4);
    const theme_ = await frame.evaluate(() => [document.documentElement.dataset.theme ?? '', getComputedStyle(document.documentElement).colorScheme]);
    await page.close();
    return { inside, hostBackground, theme: theme_ };
  }

  it('a light page with ?theme=light shows its own background for a dark-mode visitor', async () => {
    const seen = await frameOn('light', 'light', 'dark');
    expect(seen.hostBackground).toEqual(HOST_SCHEMES.light.rgb);
    expect(seen.inside).toEqual(seen.hostBackground);
    expect(seen.theme).toEqual(['light', 'light']);
  });

  it('a dark page with ?theme=dark shows its own background for a light-mode visitor', async () => {
    const seen = await frameOn('dark', 'dark', 'light');
    expect(seen.hostBackground).toEqual(HOST_SCHEMES.dark.rgb);
    expect(seen.inside).toEqual(seen.hostBackground);
    expect(seen.theme).toEqual(['dark', 'dark']);
  });

  it('a page that follows the visitor, with ?theme=auto, shows its own background in dark mode', async () => {
    const seen = await frameOn('auto', 'auto', 'dark');
    expect(seen.hostBackground).toEqual(HOST_SCHEMES.auto.rgb);
    expect(seen.inside).toEqual(seen.hostBackground);
  });

  it('with a theme that does not match the page, the browser paints an opaque backdrop (what the theme is for)', async () => {
    const seen = await frameOn('light', 'dark', 'dark');
    expect(seen.hostBackground).toEqual(HOST_SCHEMES.light.rgb);
    expect(seen.inside).not.toEqual(seen.hostBackground);
  });

  it("has the chosen theme from the first frame: no flash of the visitor's scheme", async () => {
    const page = await browser.newPage({ colorScheme: 'dark' });
    await page.addInitScript(() => {
      // Runs before any script of the page; rAF callbacks run before each frame is painted.
      const frames: string[] = [];
      (window as unknown as { seenFrames: string[] }).seenFrames = frames;
      const record = () => {
        const root = document.documentElement;
        if (root && document.body) frames.push(`${root.dataset.theme ?? 'none'}/${getComputedStyle(root).colorScheme}/${getComputedStyle(document.body).backgroundColor}`);
        if (document.readyState !== 'complete' || frames.length < 3) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.goto(`${roadmapUrl}/embed/?theme=light`);
    await page.waitForFunction(() => (window as unknown as { seenFrames: string[] }).seenFrames.length >= 3);
    const frames = await page.evaluate(() => (window as unknown as { seenFrames: string[] }).seenFrames);
    expect(new Set(frames)).toEqual(new Set(['light/light/rgba(0, 0, 0, 0)']));
    await page.close();
  });
});
