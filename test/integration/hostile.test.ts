/**
 * The hostile workspace (an attack in every string field) must build, and its
 * output must hold nothing that runs script, restyles the page, or shows what
 * is hidden. Checked file by file with a real HTML parser.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { auditHtml } from '../support/html-audit.ts';
import { buildSite, listFiles, readPage, type BuildResult } from '../support/build-site.ts';
import { HOSTILE_DELETED_MARKER, HOSTILE_HIDDEN_MARKER, PAYLOADS } from '../support/hostile.ts';

const apiUrl = inject('portalApiUrl');

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
});

describe('a hostile workspace', () => {
  let build: BuildResult;
  beforeAll(async () => {
    build = await buildSite({ PORTAL_API_URL: apiUrl, PORTAL_WORKSPACE_ID: 'ws-hostile' });
  });

  it('builds', () => {
    expect(build.code, build.output).toBe(0);
    expect(listFiles(build.outDir).filter((f) => f.startsWith('issues/') && f.endsWith('/index.html'))).toHaveLength(PAYLOADS.length);
  });

  it('has no event handler, script URL, foreign script, style or embedded object in any page', () => {
    expect(auditHtml(build.outDir)).toEqual([]);
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
