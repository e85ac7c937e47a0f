/**
 * The hostile workspace (an attack in every string field, and the round-two
 * cases: bad ids, dates and lengths, control characters, descriptions made to
 * stop or stall the renderer) must build in one go, name each bad entry in
 * its warnings, and publish every other issue; and its output must hold
 * nothing that runs script, restyles the page, or shows what is hidden.
 * Checked file by file: HTML with a real HTML parser, the feed and sitemap
 * with a strict XML parser, the JSON export, `_headers`.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { unnamedElements } from '../support/accessible-names.ts';
import { auditHtml, auditOutputs } from '../support/html-audit.ts';
import { pageTypes } from '../support/page-types.ts';
import { listFiles, readPage } from '../support/build-site.ts';
import { TEST_SITE } from '../support/fixtures.ts';
import {
  HOSTILE_DELETED_MARKER,
  HOSTILE_HIDDEN_MARKER,
  HOSTILE_IDS,
  HOSTILE_PROJECT_REFS,
  hostilePublishedIds,
  LOG_STEERING_STATUS,
  PATHOLOGICAL_DESCRIPTIONS,
} from '../support/hostile.ts';

describe('the HTML audit itself', () => {
  it('finds each kind of problem it looks for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    writeFileSync(
      join(dir, 'bad.html'),
      `<h1>x</h1><img src=x onerror=alert(1)><a href=" JaVa&#x09;Script:alert(1)">x</a><p style="color:red"></p><script>alert(1)</script><iframe></iframe><meta http-equiv="refresh" content="0">`,
    );
    const problems = auditHtml(dir).map((f) => f.problem.split(' ').slice(0, 2).join(' '));
    expect(problems).toEqual(['event handler', 'script URL', 'style attribute', '<script> not', '<iframe> element', 'meta refresh']);
  });

  it('finds markup in feed descriptions, bad XML, bad export HTML, foreign sitemap locations and header injection', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const site = 'https://roadmap.test';
    // Escaped once only: a reader that undoes the XML escaping gets an <img> with a handler.
    writeFileSync(
      join(dir, 'rss.xml'),
      `<?xml version="1.0"?><rss><channel><item><description>Sync &lt;img src=x onerror=alert(1)&gt;</description><link>https://evil.example/</link></item></channel></rss>`,
    );
    writeFileSync(join(dir, 'roadmap.json'), JSON.stringify({ issues: [{ url: `${site}/issues/a/`, descriptionHtml: '<a href="javascript:alert(1)">x</a>' }], projects: [] }));
    writeFileSync(join(dir, 'sitemap-0.xml'), `<?xml version="1.0"?><urlset><url><loc>javascript:alert(1)</loc></url></urlset>`);
    writeFileSync(join(dir, '_headers'), `/*\n  Content-Security-Policy: frame-ancestors 'self' https://a.example;script-src *\n`);
    expect(auditOutputs(dir, site).map((f) => `${f.file}: ${f.problem.split(':')[0]}`)).toEqual([
      'rss.xml: item 0 description',
      'rss.xml: item 0 link outside the site',
      'roadmap.json: script URL in href of <a>',
      'sitemap-0.xml: location outside the site or not a clean URL',
      '_headers: CSP source that is not a plain origin',
    ]);
    writeFileSync(join(dir, 'rss.xml'), '<rss>\u0001</rss>');
    expect(auditOutputs(dir, site)[0]?.problem).toMatch(/^not well-formed XML/);
  });
});

describe('a hostile workspace', () => {
  // Its portal ignores skip and take, so this is also the build against such a portal.
  const build = inject('fixtures').hostile;

  it('builds, and publishes every issue but those the data hides or repeats, each on a page of its own', () => {
    expect(build.code, build.output).toBe(0);
    const expected = hostilePublishedIds();
    const exported = JSON.parse(readFileSync(join(build.outDir, 'roadmap.json'), 'utf8')) as { issues: { id: string; url: string }[] };
    expect(exported.issues.map((i) => i.id).sort()).toEqual([...expected].sort());
    const pages = listFiles(build.outDir).filter((f) => f.startsWith('issues/') && f.endsWith('/index.html'));
    expect(pages).toHaveLength(expected.length);
    // Folder names that differ only in case would overwrite each other on macOS and Windows.
    expect(new Set(pages.map((p) => p.toLowerCase())).size).toBe(expected.length);
    for (const issue of exported.issues) {
      const file = join(build.outDir, new URL(issue.url).pathname, 'index.html');
      expect(existsSync(file), issue.id).toBe(true);
      expect(readPage(build.outDir, join(new URL(issue.url).pathname, 'index.html')).querySelector('h1')?.textContent, issue.id).toBeTruthy();
    }
  });

  it('names each bad entry in the build warnings', () => {
    const warnings = build.output
      .split('\n')
      .filter((line) => line.includes('[WARN]'))
      .join('\n');
    const q = (id: string) => JSON.stringify(id);
    expect(warnings).toContain(`issue id(s) came more than once in one page of the issue list; the first of each is kept: ${q(HOSTILE_IDS.duplicate)}`);
    expect(warnings).toContain(
      `are not valid path segments ("", "." or "..") and are not requested; their issues are shown without a project: ${HOSTILE_PROJECT_REFS.unrequestable.map(q).join(', ')}`,
    );
    expect(warnings).toContain(`project ${q(HOSTILE_PROJECT_REFS.asked)} answered with the project ${q(HOSTILE_PROJECT_REFS.answered)} and is left out`);
    expect(warnings).toContain(
      `issue ${q(HOSTILE_IDS.dates)} createdAt "1"; issue ${q(HOSTILE_IDS.dates)} updatedAt "+010000-01-01T00:00:00Z"; issue ${q(HOSTILE_IDS.farDates)} createdAt "9999-12-31T23:59:59-14:00"`,
    );
    for (const [name, { limit }] of Object.entries(PATHOLOGICAL_DESCRIPTIONS)) {
      const id = q(HOSTILE_IDS.description(name));
      if (limit === null) expect(warnings, name).not.toContain(`issues ${id}`);
      else if (limit === 'plain text') expect(warnings, name).toContain(`issues ${id}: its description is shown as plain text: rendering used more than 2000 ms of CPU time`);
      else expect(warnings, name).toMatch(new RegExp(`issues ${id}: its description goes past the limits on [a-z ,]*${limit}`));
    }
    expect(warnings).toContain(`issue id(s) came more than once; the first of each is kept: ${HOSTILE_IDS.loneSurrogates.map(q).join(' and ')} (both "lone")`);
    expect(warnings).toContain(JSON.stringify(LOG_STEERING_STATUS));
  });

  it('prints nothing a CI log would read as a workflow command', () => {
    // The title's own colour code (LOG_STEERING_TITLE), not Astro's: Astro colours a page that took over 500 ms red.
    expect(build.output.split('\n').filter((line) => /^\s*::|##\[|\u001b\[31mred/.test(line))).toEqual([]);
  });

  it('has no event handler, script URL, foreign script, style or embedded object in any page', () => {
    expect(auditHtml(build.outDir)).toEqual([]);
  });

  it('holds the feed, the JSON export, the sitemap and _headers to the same standard', () => {
    expect(auditOutputs(build.outDir, TEST_SITE)).toEqual([]);
    const feed = readFileSync(join(build.outDir, 'rss.xml'), 'utf8');
    // The summary with markup reaches the feed, escaped twice: as HTML, then as XML.
    expect(feed).toContain('Sync is &amp;lt;img src=x onerror=alert(&apos;feed&apos;)&amp;gt; faster');
  });

  it('takes absurd upvotes (1e308) as the most a count can be, a billion, written compactly, and says so in the build log', () => {
    const exported = JSON.parse(readFileSync(join(build.outDir, 'roadmap.json'), 'utf8')) as { issues: { id: string; url: string; upvotes: number }[] };
    const issue = exported.issues.find((i) => i.id === HOSTILE_IDS.upvotes)!;
    expect(issue.upvotes).toBe(1_000_000_000);
    const page = readPage(build.outDir, join(new URL(issue.url).pathname, 'index.html'));
    expect(page.querySelector('main')?.textContent).toContain('1B');
    expect(build.output).toContain(`issue ${JSON.stringify(HOSTILE_IDS.upvotes)} 1e+308 → 1000000000`);
  });

  it('names every link, button, field and image on every page type, whatever the strings (axe audits a few in Chromium)', () => {
    for (const path of Object.values(pageTypes(build.outDir))) {
      const file = path === '/issues/no-such-issue/' ? '404.html' : `${path.slice(1)}index.html`;
      expect(unnamedElements(readPage(build.outDir, file)), file).toEqual([]);
    }
  });

  it('shows the payloads as text', () => {
    const board = readPage(build.outDir, 'index.html');
    const text = board.body.textContent ?? '';
    expect(text).toContain(`<script>alert('script')</script>`);
    expect(text).toContain(`<img src=x onerror="alert('onerror')">`);
  });

  it('never lets a colour or an icon from the data into CSS or markup', () => {
    const css = readFileSync(join(build.outDir, 'site.css'), 'utf8');
    expect(css).not.toMatch(/javascript|expression|url\(|display|;}/i);
    expect(css.match(/--project-colour:#64748b/g)).toHaveLength(6);
    expect(readPage(build.outDir, 'index.html').querySelectorAll('.project-icon')).toHaveLength(0);
  });

  it('publishes hidden and deleted issues nowhere, and no tracker-internal field', () => {
    for (const file of listFiles(build.outDir)) {
      const text = readFileSync(join(build.outDir, file), 'utf8');
      expect(text, file).not.toContain(HOSTILE_HIDDEN_MARKER);
      expect(text, file).not.toContain(HOSTILE_DELETED_MARKER);
    }
  });

  it('links no issue to its url (tracker links are opt-in)', () => {
    for (const file of listFiles(build.outDir).filter((f) => f.startsWith('issues/') && f.endsWith('.html'))) {
      expect(readPage(build.outDir, file).querySelector('main a[href^="http"]:not(.prose a)'), file).toBeNull();
    }
  });
});
