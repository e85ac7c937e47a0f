/**
 * Every issue feed of a language in one pass (src/feeds/issue-feeds.ts): one file per issue on the site and per
 * tombstone, at the address its page links, each read back by a strict XML parser. The expected addresses and
 * words are written out here from the data below and en.json, not made by the module.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { EN } from '../../../src/i18n/labels.ts';
import { ApiIssueListSchema } from '../../../src/portal/api-schemas.ts';
import { FEEDS_BUNDLE } from '../../../src/feeds/feeds-bundle.ts';
import { writeFeeds } from '../../../src/integration/steps/feed-files.ts';
import { issueFeed, issueFeeds, issueSubjects, type IssueFeedsData } from '../../../src/feeds/issue-feeds.ts';
import { normaliseIssues } from '../../../src/snapshot/normalise.ts';

const config = parseRoadmapConfig({});
const issuesAt = (rows: { id: string; status: string }[]) =>
  normaliseIssues(ApiIssueListSchema.parse(rows.map((row) => ({ ...row, title: `Title of ${row.id}`, summary: ['One line'], updatedAt: '2026-01-01T00:00:00Z' }))), new Set());

// Run 1: three issues planned; run 2: `a` moved to In progress, `gone` left the site; `Issue #7` (not a slug as it is) stays.
const first = issuesAt([
  { id: 'a', status: 'Todo' },
  { id: 'gone', status: 'Todo' },
  { id: 'Issue #7', status: 'Todo' },
]);
const now = issuesAt([
  { id: 'a', status: 'In Progress' },
  { id: 'Issue #7', status: 'Todo' },
]);
const history = recordRun(recordRun(undefined, shownState(first, [], config.columns), '2026-03-01T00:00:00.000Z'), shownState(now, [], config.columns), '2026-03-05T00:00:00.000Z');
const columnNames: Record<string, string> = { planned: 'Planned', 'in-progress': 'In progress' };

const data: IssueFeedsData = {
  issues: now,
  history,
  labels: EN,
  ui: { root: '/roadmap/', locale: 'en-US' },
  config: { title: 'Acme roadmap' },
  info: { fetchedAt: '2026-03-05T00:00:00.000Z' },
  columnLabel: (id) => columnNames[id] ?? id,
  noteDates: new Map(),
};
const SITE = 'https://r.test';
const feeds = issueFeeds(data, SITE);
const parse = (xml: string) => {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
};
const text = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((node) => node.textContent);
/** `Issue #7` is no slug as it is: its page is its readable part and a hash of the id (src/view/paths.ts). */
const hashedSlug = 'issue-7~';

describe('issue feeds in one pass', () => {
  it('make one file per issue on the site and per tombstone, at the address beside its page', () => {
    // In the order of `issues` (normalised: by id, in code-unit order), then the tombstones.
    expect(data.issues.map((issue) => issue.id)).toEqual(['Issue #7', 'a']);
    expect(feeds.map((feed) => feed.path.replace(/~[0-9a-f]{16}\//, '~/'))).toEqual([`issues/${hashedSlug}/feed.xml`, 'issues/a/feed.xml', 'issues/gone/feed.xml']);
  });

  it("give an issue's feed an entry per step of its timeline, newest first, in the language's words and at its URLs", () => {
    const doc = parse(feeds[1]!.xml);
    expect(doc.documentElement.getAttribute('xml:lang')).toBe('en-US');
    expect(text(doc, 'feed > id')).toEqual(['https://r.test/roadmap/issues/a/feed.xml']);
    expect(doc.querySelector('feed > link[rel="alternate"]')?.getAttribute('href')).toBe('https://r.test/roadmap/issues/a/');
    expect(text(doc, 'feed > title')).toEqual(['Title of a: status changes']);
    expect(text(doc, 'feed > author > name')).toEqual(['Acme roadmap']);
    expect(text(doc, 'feed > updated')).toEqual(['2026-03-05T00:00:00.000Z']);
    expect(text(doc, 'entry > title')).toEqual(['Moved to “In progress” on March 5, 2026', 'In “Planned” since at least March 1, 2026']);
    expect(text(doc, 'entry > id')).toEqual([
      'https://r.test/roadmap/issues/a/#event-moved-2026-03-05T00-00-00-000Z',
      'https://r.test/roadmap/issues/a/#event-seen-2026-03-01T00-00-00-000Z',
    ]);
    expect(text(doc, 'entry > summary')).toEqual(['Title of a\nOne line', 'Title of a\nOne line']);
  });

  it('address an issue whose id is no slug by its page slug, hashed once', () => {
    const doc = parse(feeds[0]!.xml);
    const [feedId] = text(doc, 'feed > id');
    expect(feedId).toBe(`https://r.test/roadmap/${feeds[0]!.path}`);
    expect(feedId).toMatch(/^https:\/\/r\.test\/roadmap\/issues\/issue-7~[0-9a-f]{16}\/feed\.xml$/);
  });

  it('tell a follower of an issue that left that it left, linking to the roadmap', () => {
    const doc = parse(feeds[2]!.xml);
    expect(text(doc, 'feed > title')).toEqual(['No longer on the public roadmap']);
    expect(text(doc, 'entry > title')).toEqual(['No longer on the public roadmap']);
    expect(text(doc, 'entry > id')).toEqual(['https://r.test/roadmap/issues/gone/#event-left-2026-03-05T00-00-00-000Z']);
    expect(doc.querySelector('entry > link')?.getAttribute('href')).toBe('https://r.test/roadmap/');
    expect(text(doc, 'feed > updated')).toEqual(['2026-03-05T00:00:00.000Z']);
  });

  it('are the feeds `astro dev` answers one at a time, and list the same issues as the pages', () => {
    const subjects = issueSubjects(data);
    expect(subjects.map(({ id }) => id)).toEqual(['Issue #7', 'a', 'gone']);
    expect(issueFeed(data, SITE, 'gone', subjects[2]!.subject)).toBe(feeds[2]!.xml);
  });
});

describe("the build step that writes the bundles' feeds", () => {
  it("writes each language's feeds below its folder, byte for byte, and leaves no bundle", () => {
    const root = mkdtempSync(join(tmpdir(), 'feed-files-'));
    try {
      mkdirSync(join(root, 'de/issues/a'), { recursive: true });
      writeFileSync(join(root, 'de/issues/a/index.html'), 'page');
      const scoped = [
        { path: 'projects/p/rss.xml', xml: '<rss>p</rss>' },
        { path: 'teams/web/rss.xml', xml: '<rss>web</rss>' },
      ];
      writeFileSync(join(root, FEEDS_BUNDLE), JSON.stringify({ issues: [{ path: 'issues/a/feed.xml', xml: '<feed>a ü\n</feed>' }], scoped }));
      writeFileSync(join(root, 'de', FEEDS_BUNDLE), JSON.stringify({ issues: [{ path: 'issues/a/feed.xml', xml: '<feed>de</feed>' }], scoped: [] }));
      expect(writeFeeds(root, ['de'])).toEqual({ issues: 2, scoped: 2 });
      expect(readdirSync(root, { recursive: true }).map(String).sort()).toEqual(
        [
          'de',
          'de/issues',
          'de/issues/a',
          'de/issues/a/feed.xml',
          'de/issues/a/index.html',
          'issues',
          'issues/a',
          'issues/a/feed.xml',
          'projects',
          'projects/p',
          'projects/p/rss.xml',
          'teams',
          'teams/web',
          'teams/web/rss.xml',
        ].sort(),
      );
      expect(readFileSync(join(root, 'issues/a/feed.xml'), 'utf8')).toBe('<feed>a ü\n</feed>');
      expect(readFileSync(join(root, 'de/issues/a/feed.xml'), 'utf8')).toBe('<feed>de</feed>');
      expect(readFileSync(join(root, 'teams/web/rss.xml'), 'utf8')).toBe('<rss>web</rss>');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
