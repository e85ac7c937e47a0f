/**
 * The `_headers` build step (src/integration/steps/security-headers.ts) and the host-limit step after it
 * (src/integration/steps/host-limits.ts), run as Astro runs them at a build's end, over the built pages of a roadmap
 * mounted at /roadmap/: what the policy allows inline is what the pages really carry, never text of the data.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hostLimits } from '../../../../src/integration/steps/host-limits.ts';
import { securityHeaders } from '../../../../src/integration/steps/security-headers.ts';
import { headersFor, parseHeadersFile } from '../../../support/static-server.ts';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** What a page in Starlight's frame carries inline: a script (its theme's), a stylesheet, and an icon's style attribute. */
const THEME_SCRIPT = "document.documentElement.dataset.theme = localStorage.getItem('starlight-theme') || 'auto';";
const FRAME_STYLE = '@layer starlight.core { sl-sidebar-state-persist { display: contents; } }';
const ICON_STYLE = '--sl-icon-size: 1em;';

/** An issue's title made to look like code: Astro escapes `&` and `"` in an attribute's value, not `<`. */
const hostileTitle = (n: number) => `Issue ${n} <script>alert(${n})</script><style>body{color:#${n}}</style>`;
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** An issue page as the frame writes it: the title in the head's share tags, feed link and structured data, and in the page. */
function issuePage(n: number, inlineScript = THEME_SCRIPT): string {
  const title = hostileTitle(n);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${escapeText(title)} · Acme roadmap</title>
<meta property="og:title" content="${title}">
<meta name="twitter:title" content="${title}">
<link rel="alternate" type="application/atom+xml" title="${title}" href="/roadmap/issues/i-${n}/feed.xml">
<script type="application/ld+json">${JSON.stringify({ '@type': 'Thing', name: title }).replaceAll('<', '\\u003c')}</script>
<script>${inlineScript}</script>
<style>${FRAME_STYLE}</style>
</head><body><svg style="${ICON_STYLE}" aria-hidden="true"></svg><h1>${escapeText(title)}</h1>
<script type="module" src="/_astro/board.js"></script></body></html>`;
}

/** The two steps over `pages` (path → HTML) in a new output folder: the `_headers` they leave and what they logged. */
async function build(pages: Record<string, string>, options: { dataImages?: boolean } = {}) {
  const outDir = mkdtempSync(join(tmpdir(), 'security-headers-'));
  for (const [path, html] of Object.entries(pages)) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), html);
  }
  const warnings: string[] = [];
  const logger = { info: () => {}, warn: (line: string) => warnings.push(line) };
  const done = { dir: pathToFileURL(`${outDir}/`), logger } as never;
  await securityHeaders({ base: '/roadmap', embedOrigins: [], folder: 'roadmap', ...options }).hooks['astro:build:done']!(done);
  await hostLimits(undefined).hooks['astro:build:done']!(done);
  const file = readFileSync(join(outDir, '_headers'), 'utf8');
  return { file, rules: parseHeadersFile(file), warnings };
}

const issuePages = (count: number, script: (n: number) => string = () => THEME_SCRIPT) =>
  Object.fromEntries(Array.from({ length: count }, (_, n) => [`roadmap/issues/i-${n}/index.html`, issuePage(n, script(n))]));

/** The sources of the directive `name` in the policy a path gets. */
const sources = (rules: ReturnType<typeof parseHeadersFile>, path: string, name: string) =>
  (headersFor(rules, path)['Content-Security-Policy'] ?? '')
    .split('; ')
    .find((directive) => directive.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('the _headers of a mounted roadmap', () => {
  it('allows by its hash each script, style and style attribute its pages carry, and nothing of 40 issue titles that look like code, in lines Cloudflare Pages reads whole', async () => {
    const { file, rules, warnings } = await build(issuePages(40));
    expect(sources(rules, '/roadmap/issues/i-1/', 'script-src')).toEqual(["'self'", hashOf(THEME_SCRIPT)]);
    expect(sources(rules, '/roadmap/issues/i-1/', 'style-src')).toEqual(["'self'", hashOf(FRAME_STYLE), "'unsafe-hashes'", hashOf(ICON_STYLE)]);
    for (const n of [0, 39]) {
      for (const code of [`alert(${n})`, `body{color:#${n}}`]) expect(file, code).not.toContain(hashOf(code));
    }
    expect(file.split('\n').filter((line) => line.length > 2000)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it("lets pages in Starlight's frame show images from data: URLs (its search box's icons), and no others", async () => {
    const starlight = await build(issuePages(1), { dataImages: true });
    expect(sources(starlight.rules, '/roadmap/issues/i-0/', 'img-src')).toEqual(["'self'", 'https:', 'data:']);
    const site = await build(issuePages(1));
    expect(sources(site.rules, '/roadmap/issues/i-0/', 'img-src')).toEqual(["'self'", 'https:']);
  });

  it('warns, with no host set, when the scripts the pages inline make a line longer than Cloudflare Pages reads, and says how to make them files', async () => {
    const { file, warnings } = await build(issuePages(40, (n) => `console.log(${n});`));
    const longest = Math.max(...file.split('\n').map((line) => line.length));
    expect(longest).toBeGreaterThan(2000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`a _headers line has ${longest.toLocaleString('en')} characters, with 42 hashes`);
    expect(warnings[0]).toContain('no "host" is set');
    expect(warnings[0]).toContain('build.inlineStylesheets: "never"');
    expect(warnings[0]).toContain('assetsInlineLimit: 0');
  });
});
