/**
 * A note on a schedule, across two builds (issue 52): test/fixtures/release-notes/faster-sync.md is dated the day after
 * the configured fixture's build day (CONFIGURED_BUILD_DAY), which is the snapshot fixture's (SNAPSHOT_BUILD_DAY), and
 * both read that notes' folder. Today's build has the note in none of its outputs; tomorrow's has it in each.
 * Expected values come from the note's file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { listFiles, PROJECT_ROOT, readPage } from '../support/build-site.ts';
import { CONFIGURED_BUILD_DAY, CONFIGURED_RELEASE_NOTES, SNAPSHOT_BUILD_DAY } from '../support/fixtures.ts';

const SLUG = 'faster-sync';
const NOTE = readFileSync(join(PROJECT_ROOT, CONFIGURED_RELEASE_NOTES, `${SLUG}.md`), 'utf8');
const NOTE_DATE = /^date: (\S+)$/m.exec(NOTE)![1]!;
const NOTE_TITLE = /^title: (.+)$/m.exec(NOTE)![1]!;
const NOTE_PATH = `releases/${SLUG}/`;

const fixtures = inject('fixtures');
const today = fixtures.configured;
const tomorrow = fixtures.snapshot;

const text = (outDir: string, file: string) => readFileSync(join(outDir, file), 'utf8');
/** Where each output of a build names the note: a path of the build's output for each, none where it does not. */
function outputsNaming(outDir: string): Record<string, string[]> {
  const files = listFiles(outDir);
  const naming = (pattern: RegExp, read: (file: string) => string = (file) => text(outDir, file)) =>
    files.filter((file) => pattern.test(file) && read(file).includes(NOTE_PATH)).sort();
  return {
    page: files.filter((file) => file === `${NOTE_PATH}index.html`),
    changelog: files
      .filter((file) => /^changelog\/(?:\d+\/)?index\.html$/.test(file))
      .filter((file) => [...readPage(outDir, file).querySelectorAll('.changelog-list a')].some((link) => link.getAttribute('href')?.endsWith(NOTE_PATH))),
    feeds: naming(/^(?:rss\.xml|shipped\/(?:rss|atom)\.xml)$/),
    // The search index's fragments are gzipped JSON, one a page: the note's names its page.
    search: naming(/^pagefind\/fragment\/.+\.pf_fragment$/, (file) => gunzipSync(readFileSync(join(outDir, file))).toString('utf8')),
    latest: (JSON.parse(text(outDir, 'latest.json')) as { items: { kind: string; id: string }[] }).items.some((item) => item.kind === 'note' && item.id === SLUG)
      ? ['latest.json']
      : [],
    sitemap: naming(/^sitemap-\d+\.xml$/),
  };
}

describe('a note dated tomorrow', () => {
  it('is dated the day after one build day, the other build day', () => {
    expect([today.code, tomorrow.code]).toEqual([0, 0]);
    const dayAfter = new Date(Date.parse(`${CONFIGURED_BUILD_DAY}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect([NOTE_DATE, SNAPSHOT_BUILD_DAY]).toEqual([dayAfter, dayAfter]);
  });

  it("is absent from every output of today's build: page, changelog, feeds, search, latest.json, sitemap", () => {
    expect(outputsNaming(today.outDir)).toEqual({ page: [], changelog: [], feeds: [], search: [], latest: [], sitemap: [] });
    expect(today.output).toContain(`Scheduled: 1 release note (${SLUG}, ${NOTE_DATE})`);
  });

  it('is in each of them in a build whose clock is set to tomorrow', () => {
    const found = outputsNaming(tomorrow.outDir);
    expect(found).toEqual({
      page: [`${NOTE_PATH}index.html`],
      changelog: [expect.stringMatching(/^changelog\//)],
      feeds: ['rss.xml', 'shipped/atom.xml', 'shipped/rss.xml'],
      search: [expect.stringMatching(/^pagefind\/fragment\//)],
      latest: ['latest.json'],
      sitemap: [expect.stringMatching(/^sitemap-\d+\.xml$/)],
    });
    expect(readPage(tomorrow.outDir, `${NOTE_PATH}index.html`).querySelector('h1')?.textContent).toContain(NOTE_TITLE);
    expect(tomorrow.output).not.toContain('Scheduled:');
  });
});
