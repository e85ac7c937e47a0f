/**
 * The "what's new" panel in a team's own app. The roadmap is the configured fixture (its release notes carry tags
 * and hostile titles; German; a base path), served on one port; the host page is another origin (another port),
 * under a strict policy of its own (no 'unsafe-inline', Trusted Types required) plus exactly the lines
 * docs/whats-new.md gives, read from the docs. The host page's own CSS styles `li`, `a`, `button` and more, and
 * both pages must keep their own looks.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatDate } from '../../src/i18n/format.ts';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { axeBothSchemes, openSite, tabTo, watchPage, type OpenSite } from '../support/browser.ts';
import { CONFIGURED_BASE, CONFIGURED_BUILD_DAY, CONFIGURED_RELEASE_NOTES, CONFIGURED_SITE } from '../support/fixtures.ts';
import { PAYLOADS } from '../support/hostile.ts';

interface LatestItem {
  kind: string;
  title: string;
  url: string;
  shippedAt: string;
  summary: string | null;
}

/** The fixture's published notes, read from their files: title, date, tags (a file named `_…` is a draft, no note; one dated after the build's day waits). */
const notes = readdirSync(CONFIGURED_RELEASE_NOTES, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.md') && !/(^|\/)_/.test(file))
  .map((file) => {
    const frontmatter = parseYaml(readFileSync(join(CONFIGURED_RELEASE_NOTES, file), 'utf8').split(/^---$/m)[1]!) as {
      title: string;
      date: string;
      tags: string[];
      image?: string;
      imageAlt?: string;
    };
    return { title: frontmatter.title, at: new Date(frontmatter.date).toISOString(), tags: frontmatter.tags, image: frontmatter.image, imageAlt: frontmatter.imageAlt };
  })
  .filter((note) => note.at.slice(0, 10) <= CONFIGURED_BUILD_DAY)
  .sort((a, b) => (a.at < b.at ? 1 : -1));
/** The roadmap's words, from the German translation file (the fixture's locale is de-DE). */
const german = JSON.parse(readFileSync('src/i18n/translations/de.json', 'utf8')) as Record<string, string>;
const TAG_WORDS: Record<string, string> = { new: german.releaseTagNew!, improved: german.releaseTagImproved!, fixed: german.releaseTagFixed! };

/** The lines docs/whats-new.md tells a host to add to its CSP, for a roadmap at `origins` (one or more, space-separated). */
function documentedCspLines(origins: string): string[] {
  const docs = readFileSync('docs/whats-new.md', 'utf8');
  const section = docs.slice(docs.indexOf("## Your app's Content-Security-Policy"));
  const block = /```text\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .map((line) => line.trim().replace(/;$/, ''))
    .filter(Boolean)
    .map((line) => line.replaceAll('https://roadmap.example.com', origins));
}

/** The host's own CSS, written to restyle everything it can reach (in dark colours: axe checks its text behind the backdrop too). */
const HOST_CSS = `* { letter-spacing: 3px; }
html { font: 24px/3 Georgia, serif; color: rgb(64, 0, 0); text-transform: uppercase; }
li { list-style: square; margin: 20px; padding: 7px; color: rgb(0, 64, 0); }
a { color: rgb(64, 0, 64); text-decoration: line-through; }
button { background: rgb(255, 255, 0); border: 5px dashed rgb(255, 0, 0); font-size: 30px; }
dialog, ul, h2, p, b, time, span { display: block; background: rgb(200, 220, 255); margin: 40px; }
`;

const build = inject('fixtures').configured;
let opened: OpenSite;
let site: OpenSite['site'];
let browser: Browser;
let host: Server;
let hostOrigin = '';
let roadmapRoot = '';
let latest: { changelog: string; items: LatestItem[] };
let policy = '';

beforeAll(async () => {
  latest = JSON.parse(readFileSync(join(build.outDir, 'latest.json'), 'utf8'));
  ({ browser, site } = opened = await openSite(build.outDir, CONFIGURED_BASE));
  roadmapRoot = `${site.url}${CONFIGURED_BASE}`;
  // The host's own strict policy, then the docs' lines, for the roadmap served here and at its configured address
  // (latest.json's addresses, the notes' images among them, are the configured site's: newContext serves them).
  const roadmapOrigins = `${site.url} ${new URL(CONFIGURED_SITE).origin}`;
  policy = ["default-src 'none'", "style-src 'self'", "base-uri 'none'", "form-action 'none'", "require-trusted-types-for 'script'", ...documentedCspLines(roadmapOrigins)].join(
    '; ',
  );
  host = createServer((req, res) => {
    if (req.url === '/host.css') {
      res.writeHead(200, { 'content-type': 'text/css' });
      res.end(HOST_CSS);
      return;
    }
    const styled = req.url !== '/plain';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy });
    res.end(`<!doctype html><html lang="en"><head><title>Acme app</title>${styled ? '<link rel="stylesheet" href="/host.css">' : ''}</head><body>
<header><nav><ul><li><a href="/account">Account</a></li><li><button type="button" id="news" data-roadmap-whats-new="panel">What's new</button></li></ul></nav></header>
<main><h1>Your jobs</h1></main>
<script src="${roadmapRoot}whats-new.js" defer></script></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await opened?.close();
  await new Promise((resolve) => host?.close(resolve));
});

/** A context that records the host page's CSP violations (an init script runs outside the page's CSP). */
async function newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // The roadmap at its configured address is the build served from disk.
  await context.route(`${CONFIGURED_SITE}/**`, (route) => route.fulfill({ path: join(build.outDir, new URL(route.request().url()).pathname.slice(CONFIGURED_BASE.length)) }));
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { violations: string[] }).violations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`), true);
  });
  return context;
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations);

/** Loads the host page and waits until the script has taken the button (`aria-controls` set). */
async function visit(page: Page, path = '/'): Promise<void> {
  await page.goto(`${hostOrigin}${path}`);
  await expect.poll(() => page.locator('#news').getAttribute('aria-controls')).toBe('portal-roadmap-whats-new');
}

const isOpen = (page: Page) => page.evaluate(() => Boolean(document.querySelector('portal-roadmap-whats-new')?.shadowRoot?.querySelector('dialog')?.open));
/** The element with focus, inside the panel's shadow root too: its tag and its text or label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    return { id: element?.id ?? '', tag: element?.tagName ?? '', inPanel: element?.getRootNode() !== document };
  });

describe("the what's new panel on another origin", () => {
  it('is one script under 3 KB gzipped, as the roadmap serves it', () => {
    expect(gzipSync(readFileSync(join(build.outDir, 'whats-new.js'))).length).toBeLessThan(3 * 1024);
  });

  it('opens with the keyboard, lists the latest entries with their dates and tags, marks the unread ones and closes on Escape', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const watch = watchPage(page);
    await visit(page);
    // The visitor last looked at the older note's date: the newer note and what shipped after are unread.
    const seen = notes[1]!.at;
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [`portal-roadmap:seen:${roadmapRoot}`, seen]);
    await page.reload();
    await expect.poll(() => page.locator('#news').getAttribute('aria-controls')).toBe('portal-roadmap-whats-new');
    const unread = latest.items.filter((item) => item.shippedAt > seen).map((item) => item.title);
    expect(unread).toContain(notes[0]!.title);
    expect(unread).not.toContain(notes[1]!.title);
    await expect.poll(() => page.locator('#news .portal-roadmap-badge').textContent()).toBe(String(unread.length));

    expect(await tabTo(page, 'news')).toBe('news');
    expect(await page.locator('#news').getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await isOpen(page)).toBe(true);
    expect(await page.locator('#news').getAttribute('aria-expanded')).toBe('true');
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', inPanel: true });
    const dialog = page.getByRole('dialog', { name: german.whatsNew });
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await page.getByRole('button', { name: german.whatsNewClose }).count()).toBe(1);

    // Every entry of latest.json in its order, each title a link to its page; the notes' titles as their files say.
    const entries = dialog.getByRole('listitem');
    expect(await entries.count()).toBe(latest.items.length);
    expect(await dialog.getByRole('link').evaluateAll((links) => links.map((link) => link.textContent))).toEqual([...latest.items.map((item) => item.title), german.fullChangelog]);
    expect(await dialog.getByRole('link').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))).toEqual([
      ...latest.items.map((item) => item.url),
      latest.changelog,
    ]);
    for (const note of notes) {
      const entry = entries.filter({ has: page.getByRole('link', { name: note.title, exact: true }) });
      // Written as the site writes it (src/i18n/format.ts): German keeps the day and the month on one line.
      const dateText = formatDate(note.at, 'de-DE');
      expect(dateText).toMatch(/^\d+\.\u00a0/);
      expect(await entry.locator('time').textContent()).toBe(dateText);
      expect(await entry.locator('[data-tag]').allTextContents()).toEqual(note.tags.map((tag) => TAG_WORDS[tag]));
    }
    // Unread: the word, for everyone, and a bar beside the entry; read entries have neither.
    const marks = await entries.evaluateAll(
      (items, word) =>
        items.map((item) => ({ title: item.querySelector('a')!.textContent, said: item.textContent!.includes(word), bar: getComputedStyle(item).borderInlineStartColor })),
      german.whatsNewUnread!,
    );
    expect(marks.filter((mark) => mark.said).map((mark) => mark.title)).toEqual(unread);
    const bars = new Set(marks.filter((mark) => mark.said).map((mark) => mark.bar));
    expect(bars.size).toBe(1);
    expect(marks.filter((mark) => !mark.said).every((mark) => !bars.has(mark.bar))).toBe(true);
    // Opening marked them read: the badge is gone and the newest date is remembered, in the one key.
    expect(await page.locator('.portal-roadmap-badge').count()).toBe(0);
    const newest = latest.items
      .map((item) => item.shippedAt)
      .sort()
      .at(-1);
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ [`portal-roadmap:seen:${roadmapRoot}`]: newest });

    // The open panel passes axe (its contrast in both schemes too); axe is loaded outside the page's CSP.
    expect(await axeBothSchemes(page)).toEqual({ light: [], dark: [] });

    await page.keyboard.press('Escape');
    expect(await isOpen(page)).toBe(false);
    expect(await focused(page)).toMatchObject({ id: 'news', inPanel: false });
    // Set by the dialog's close event, a task queued after the dialog closes and hands focus back.
    await expect.poll(() => page.locator('#news').getAttribute('aria-expanded')).toBe('false');

    // Open again with Space: nothing unread now; the close button (focused first) closes it with Enter.
    await page.keyboard.press('Space');
    expect(await isOpen(page)).toBe(true);
    expect(await dialog.getByText(german.whatsNewUnread!, { exact: true }).count()).toBe(0);
    await page.keyboard.press('Enter');
    expect(await isOpen(page)).toBe(false);
    expect(await focused(page)).toMatchObject({ id: 'news', inPanel: false });

    expect(await context.cookies()).toEqual([]);
    expect(await violations(page)).toEqual([]);
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await context.close();
  });

  it("shows a note's image, a small copy from the roadmap's origin under the documented img-src, and its summary (screenshots)", async () => {
    const withImage = notes.find((note) => note.image)!;
    // The note's file beside it, a PNG: its width is in its header. The copy latest.json names is at most 640 px wide.
    const fileWidth = readFileSync(join(CONFIGURED_RELEASE_NOTES, withImage.image!)).readUInt32BE(16);
    const context = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    await visit(page);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [`portal-roadmap:seen:${roadmapRoot}`, notes[1]!.at]);
    await page.reload();
    await expect.poll(() => page.locator('#news').getAttribute('aria-controls')).toBe('portal-roadmap-whats-new');
    await page.locator('#news').click();
    const entry = page
      .getByRole('dialog')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: withImage.title, exact: true }) });
    const image = entry.getByRole('img', { name: withImage.imageAlt! });
    expect(await image.count()).toBe(1);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(Math.min(640, fileWidth));
    // A copy the build made, at the roadmap's address (its configured site).
    expect(await image.getAttribute('src')).toMatch(new RegExp(`^${CONFIGURED_SITE}/_astro/[^/]+\\.webp$`));
    // Its size is in the markup: nothing moves when it arrives.
    expect(await image.evaluate((element: HTMLImageElement) => [element.getAttribute('width'), element.getAttribute('height')])).toEqual([
      String(Math.min(640, fileWidth)),
      expect.stringMatching(/^\d+$/),
    ]);
    expect(await entry.locator('p').last().textContent()).toBe(latest.items.find((item) => item.title === withImage.title)!.summary);
    const shots = join(PROJECT_ROOT, 'test-results', 'whats-new-panel');
    mkdirSync(shots, { recursive: true });
    for (const width of [375, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: width < 640 ? 812 : 900 });
        await page.emulateMedia({ colorScheme });
        await image.scrollIntoViewIfNeeded();
        // The image fits the panel, which fits the window.
        const box = (await image.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await page.screenshot({ path: join(shots, `panel-${width}-${colorScheme}.png`) });
      }
    }
    expect(await violations(page)).toEqual([]);
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await context.close();
  });

  it('keeps the unread bar and dot in forced colours (Windows contrast themes), and no bar on a read entry', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await visit(page);
    const seen = notes[1]!.at;
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [`portal-roadmap:seen:${roadmapRoot}`, seen]);
    await page.reload();
    await expect.poll(() => page.locator('#news').getAttribute('aria-controls')).toBe('portal-roadmap-whats-new');
    await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
    await page.locator('#news').click();
    expect(await isOpen(page)).toBe(true);
    const marks = await page.evaluate((word) => {
      const dialog = document.querySelector('portal-roadmap-whats-new')!.shadowRoot!.querySelector('dialog')!;
      return {
        forced: matchMedia('(forced-colors: active)').matches,
        background: getComputedStyle(dialog).backgroundColor,
        entries: [...dialog.querySelectorAll('li')].map((item) => ({
          unread: item.textContent!.includes(word),
          bar: getComputedStyle(item).borderInlineStartColor,
          dot: item.querySelector('b') && getComputedStyle(item.querySelector('b')!, '::before').backgroundColor,
        })),
      };
    }, german.whatsNewUnread!);
    expect(marks.forced).toBe(true);
    const unread = marks.entries.filter((entry) => entry.unread);
    const read = marks.entries.filter((entry) => !entry.unread);
    expect(unread.length).toBe(latest.items.filter((item) => item.shippedAt > seen).length);
    expect(read.length).toBeGreaterThan(0);
    // Unread: a bar and a dot in a colour of their own, not the panel's background; read: no bar to be seen.
    for (const entry of unread) {
      expect(entry.bar).not.toBe(marks.background);
      expect(entry.dot).not.toBe(marks.background);
    }
    expect(new Set(read.map((entry) => entry.bar))).toEqual(new Set([marks.background]));
    expect(unread.every((entry) => entry.bar !== read[0]!.bar)).toBe(true);
    const shots = join(PROJECT_ROOT, 'test-results', 'whats-new-panel');
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'panel-forced-colors.png') });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it("keeps the host page's styles and its own: neither page's CSS reaches the other", async () => {
    const context = await newContext();
    const styleOf = async (path: string) => {
      const page = await context.newPage();
      const watch = watchPage(page);
      await visit(page, path);
      await page.locator('#news').click();
      expect(await isOpen(page)).toBe(true);
      const styles = await page.evaluate(() => {
        const shadow = document.querySelector('portal-roadmap-whats-new')!.shadowRoot!;
        const pick = (element: Element) => {
          const style = getComputedStyle(element);
          return [
            'color',
            'background-color',
            'font-family',
            'font-size',
            'letter-spacing',
            'text-transform',
            'text-decoration-line',
            'list-style-type',
            'margin-top',
            'display',
            'line-height',
          ].map((name) => `${name}: ${style.getPropertyValue(name)}`);
        };
        const panel = Object.fromEntries(['dialog', 'h2', 'button', 'ul', 'li', 'li a', 'time', '[data-tag]'].map((selector) => [selector, pick(shadow.querySelector(selector)!)]));
        const own = (selector: string, names: string[]) => names.map((name) => getComputedStyle(document.querySelector(selector)!).getPropertyValue(name));
        return {
          panel,
          host: {
            li: own('nav li', ['color', 'list-style-type', 'margin-top', 'letter-spacing']),
            a: own('nav a', ['color', 'text-decoration-line']),
            button: own('#news', ['background-color', 'border-top-style', 'font-size']),
          },
        };
      });
      expect(await violations(page)).toEqual([]);
      expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
      await page.close();
      return styles;
    };
    const plain = await styleOf('/plain');
    const styled = await styleOf('/');
    // The panel's own stylesheet is in force (not the browser's defaults) and the host's CSS changes nothing in it.
    expect(plain.panel.ul).toContain('list-style-type: none');
    expect(plain.panel.h2).toContain('font-size: 18px');
    expect(styled.panel).toEqual(plain.panel);
    // The host's elements keep exactly what its CSS says, with the panel open.
    expect(styled.host).toEqual({
      li: ['rgb(0, 64, 0)', 'square', '20px', '3px'],
      a: ['rgb(64, 0, 64)', 'line-through'],
      button: ['rgb(255, 255, 0)', 'dashed', '30px'],
    });
    await context.close();
  });

  it('holds the hostile corpus as text: titles, tags, words and addresses run nothing and link nowhere but http(s)', async () => {
    const context = await newContext();
    const hostile = {
      ...latest,
      lang: PAYLOADS[0],
      dir: PAYLOADS[2],
      changelog: PAYLOADS[3],
      labels: { heading: PAYLOADS[0], close: PAYLOADS[1], unread: PAYLOADS[2], changelog: PAYLOADS[3], empty: PAYLOADS[4], tags: { new: PAYLOADS[5] } },
      items: PAYLOADS.map((payload) => ({
        ...latest.items[0],
        title: payload,
        url: payload,
        tags: ['new', payload],
        image: { url: payload, alt: payload, width: payload, height: payload },
        dateLabel: `${payload} {date}`,
        shippedAt: '2099-01-01T00:00:00.000Z',
      })),
    };
    await context.route(`${roadmapRoot}latest.json`, (route) =>
      route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(hostile) }),
    );
    // The images a payload's address resolves to (a relative one, under the roadmap) are answered here.
    await context.route(
      (url) => url.href.startsWith(roadmapRoot) && !/(latest\.json|whats-new\.js)$/.test(url.pathname),
      (route) => route.fulfill({ contentType: 'image/png', body: readFileSync(join(CONFIGURED_RELEASE_NOTES, 'invoices.png')) }),
    );
    const page = await context.newPage();
    const watch = watchPage(page);
    await visit(page);
    await page.evaluate((key) => localStorage.setItem(key, '2000-01-01T00:00:00.000Z'), `portal-roadmap:seen:${roadmapRoot}`);
    await page.reload();
    await expect.poll(() => page.locator('#news').getAttribute('aria-controls')).toBe('portal-roadmap-whats-new');
    expect(await tabTo(page, 'news')).toBe('news');
    await page.keyboard.press('Enter');
    expect(await isOpen(page)).toBe(true);
    const panel = await page.evaluate(() => {
      const shadow = document.querySelector('portal-roadmap-whats-new')!.shadowRoot!;
      return {
        tags: [...new Set([...shadow.querySelectorAll('*')].map((element) => element.tagName.toLowerCase()))].sort(),
        // An entry is its line of date and tags, its title, then its summary, if any.
        titles: [...shadow.querySelectorAll('li')].map((item) => item.children[1]!.textContent),
        links: [...shadow.querySelectorAll('li')].map((item) => item.querySelector('a')?.getAttribute('href') ?? null),
        hrefs: [...shadow.querySelectorAll('a')].map((link) => link.getAttribute('href')),
        images: [...shadow.querySelectorAll('img')].map((image) => [image.getAttribute('src'), image.alt]),
        heading: shadow.querySelector('h2')!.textContent,
        chips: [...shadow.querySelectorAll('li:first-child [data-tag]')].map((chip) => chip.textContent),
      };
    });
    expect(panel.tags).toEqual(['a', 'b', 'button', 'dialog', 'div', 'h2', 'img', 'li', 'p', 'span', 'time', 'ul']);
    // An image only from an http(s) address, the payload its text alternative, as text.
    expect(panel.images.length).toBe(panel.links.filter(Boolean).length);
    expect(panel.images.every(([src, alt]) => /^https?:\/\//.test(src!) && PAYLOADS.includes(alt!))).toBe(true);
    expect(panel.titles).toEqual(PAYLOADS.slice(0, 20));
    // Only http(s) addresses become links: a script address leaves its title without one (a relative one resolves under the roadmap).
    expect(panel.hrefs.every((href) => /^https?:\/\//.test(href!))).toBe(true);
    const scriptAddresses = PAYLOADS.slice(0, 20).filter((payload) => /^(javascript|vbscript|data|java\tscript):/i.test(payload));
    expect(scriptAddresses.length).toBe(6);
    expect(panel.hrefs.length).toBe(20 - scriptAddresses.length);
    for (const payload of scriptAddresses) expect(panel.links[PAYLOADS.indexOf(payload)]).toBeNull();
    expect(panel.heading).toBe(PAYLOADS[0]);
    expect(panel.chips).toEqual([PAYLOADS[5], PAYLOADS[0]]);
    expect(await violations(page)).toEqual([]);
    expect(watch).toEqual({ dialogs: [], consoleErrors: [] });
    await context.close();
  });

  it('is checked under a policy that would refuse a <style> element, even in a shadow root', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await visit(page, '/plain');
    const applied = await page.evaluate(() => {
      const shadow = document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' });
      const style = shadow.appendChild(document.createElement('style'));
      style.textContent = 'p { color: rgb(1, 2, 3); }';
      return getComputedStyle(shadow.appendChild(document.createElement('p'))).color;
    });
    expect(applied).not.toBe('rgb(1, 2, 3)');
    await expect.poll(() => violations(page)).toContain('style-src-elem inline');
    await context.close();
  });
});
