/**
 * Every page type is valid HTML to the Nu HTML Checker (vnu-jar, the W3C
 * validator's engine), in one run of it over one page of each type of the
 * shared fixture builds that differ in markup: the demo, the configured site
 * (base path, theme, logo, subscribe form, share cards, release notes), the hostile data, a
 * history's pages, the snapshot site (no upvotes, a declined column), and the
 * languages' right-to-left root and two further folders.
 *
 * Left out, by one filter: "Resource violates Content Security Policy". The
 * checker reads the pages as local files, which have no origin for `'self'`
 * to match, so it reports every stylesheet and script of the site; the
 * browser tier loads the pages from a server under their real policy and
 * fails on any violation (test/browser/page-audit.ts).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { pageTypes } from '../support/page-types.ts';
import type { FixtureName } from '../support/fixtures.ts';

const VNU_JAR = (createRequire(import.meta.url)('vnu-jar') as string).toString();
const fixtures = inject('fixtures');
const CSP_FROM_FILES = '.*Resource violates Content Security Policy.*';
const JAVA_FLAGS = ['-Xss16m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The HTML file of a page path of a build (`/issues/x/` → `issues/x/index.html`; the not-found path → 404.html). */
const fileOf = (outDir: string, path: string) => join(outDir, path.endsWith('/') ? `${path.slice(1)}index.html` : path.slice(1));

describe('the Nu HTML Checker', () => {
  it('finds no error and no warning on any page type', () => {
    const java = spawnSync('java', ['-version']);
    expect(java.error, 'Java runs the Nu HTML Checker: install it (`apt-get install -y default-jre-headless`, which .ci/run does)').toBeUndefined();
    const files: string[] = [];
    for (const name of ['demo', 'configured', 'hostile', 'history', 'snapshot'] satisfies FixtureName[]) {
      const { outDir } = fixtures[name];
      // The snapshot fixture is built with board.teamBoards: false.
      for (const [type, path] of Object.entries(pageTypes(outDir, { teamBoards: name !== 'snapshot' })))
        files.push(type === 'not found' ? join(outDir, '404.html') : fileOf(outDir, path));
    }
    const languages = fixtures.languages.outDir;
    const { board, issue, project } = pageTypes(languages);
    for (const folder of ['', 'de', 'ja']) for (const path of [board, issue, project]) files.push(fileOf(join(languages, folder), path));
    expect(files.filter((file) => !existsSync(file))).toEqual([]);

    // One JVM for every file (starting Java is most of a small run); the report is JSON on stderr, exit 1 when it has errors.
    // A run this short is spent compiling: the quick compiler alone (with the larger stack its frames need, or the
    // schema overflows it) and the serial collector halve its CPU time (8.3 → 3.2–3.9 core-seconds for 60 pages).
    let report = '';
    try {
      execFileSync('java', [...JAVA_FLAGS, '-jar', VNU_JAR, '--format', 'json', '--filterpattern', CSP_FROM_FILES, ...files], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      report = (error as { stderr?: string }).stderr ?? '';
      if (!report.startsWith('{')) throw error;
    }
    const messages = report ? (JSON.parse(report) as { messages: VnuMessage[] }).messages : [];
    const shown = messages.map(
      (m) =>
        `${relative(process.cwd(), decodeURIComponent(m.url.replace(/^file:/, '')))}:${m.lastLine ?? '?'}: ${m.type}${m.subType ? ` (${m.subType})` : ''}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 160)}]` : ''}`,
    );
    expect(shown).toEqual([]);
    // Every page type of five fixtures but the snapshot's team board, a release note of the three fixtures with notes
    // (the demo's, the configured site's, the snapshot's; the hostile fixture has none), and three of three language folders.
    expect(files.length).toBe(5 * Object.keys(pageTypes(fixtures.hostile.outDir)).length - 1 + 3 + 9);
  });
});
