/**
 * The feed as a reader gets it: @astrojs/rss makes the XML from our items, a
 * strict XML parser reads it, and each description is then read as HTML, the
 * way feed readers show it.
 */
import { getRssString } from '@astrojs/rss';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { ApiIssueListSchema } from '../../../src/portal/api-schemas.ts';
import { feedItems } from '../../../src/feeds/site-feed.ts';
import { releaseNoteItems, shippedRssItems } from '../../../src/feeds/shipped-feed.ts';
import { EN } from '../../../src/i18n/labels.ts';
import { buildRoadmapView } from '../../../src/view/roadmap-view.ts';
import { normaliseIssues } from '../../../src/snapshot/normalise.ts';

const root = 'https://example.com/';

async function feed(summaries: string[][], configInput: object = {}): Promise<Document> {
  const config = parseRoadmapConfig(configInput);
  const raw = summaries.map((summary, i) => ({ id: `i${i}`, title: `Issue ${i}`, status: 'Todo', summary, updatedAt: `2026-01-0${i + 1}T00:00:00Z` }));
  const issues = normaliseIssues(ApiIssueListSchema.parse(raw), new Set());
  // A history in which the issues arrived after it began: each is a "New" item.
  const history = recordRun(recordRun(undefined, shownState([], [], config.columns), '2026-01-01T00:00:00Z'), shownState(issues, [], config.columns), '2026-01-02T00:00:00Z');
  const view = buildRoadmapView(issues, [], config, EN, history);
  const items = feedItems(view, history, { ...config, title: 'Acme roadmap' }, EN, root);
  // Each issue's "New" item, and the roadmap's start, oldest.
  expect(items).toHaveLength(summaries.length + 1);
  expect(items.at(-1)!.title).toBe('Now public: Acme roadmap');
  const xml = await getRssString({ title: config.title ?? EN.siteTitle, description: config.description ?? EN.siteDescription, site: root, items });
  // A strict XML parser: a character XML forbids makes it throw, as it makes real readers drop the feed.
  return new JSDOM(xml, { contentType: 'application/xml' }).window.document;
}

/** Each item's description read as HTML, as a feed reader shows it. */
const descriptions = (document: Document) => [...document.querySelectorAll('item > description')].map((node) => new JSDOM(`<body>${node.textContent ?? ''}`).window.document.body);

describe('the RSS feed', () => {
  it('shows a summary with markup in it as text, never as an element', async () => {
    const [body] = descriptions(await feed([['Sync is <img src=x onerror=alert(1)> faster', 'press <Tab>']]));
    expect(body!.querySelectorAll('*')).toHaveLength(0);
    expect(body!.textContent).toBe('Sync is <img src=x onerror=alert(1)> faster · press <Tab>');
  });

  it('stays valid XML whatever control characters the data or the config held', async () => {
    const document = await feed([['ring \u0007 bell \uFFFE \uD800']], { title: 'Road\u0001map', description: 'What \u0000we do' });
    expect(document.querySelector('channel > title')?.textContent).toBe('Roadmap');
    expect(document.querySelector('channel > description')?.textContent).toBe('What we do');
    expect(descriptions(document)[0]!.textContent).toBe('ring  bell');
  });
});

describe('release notes in the RSS feed', () => {
  const config = parseRoadmapConfig({});
  const raw = [{ id: 'i0', title: 'Issue 0', status: 'Todo', summary: [], updatedAt: '2026-01-01T00:00:00Z' }];
  const issues = normaliseIssues(ApiIssueListSchema.parse(raw), new Set());
  // The issue arrived on 2026-01-02; the notes are dated the day before and the day after.
  const history = recordRun(recordRun(undefined, shownState([], [], config.columns), '2026-01-01T00:00:00Z'), shownState(issues, [], config.columns), '2026-01-02T12:00:00Z');
  const view = buildRoadmapView(issues, [], config, EN, history);
  // A title as the note's schema passes it (without the characters XML forbids: src/release-notes/frontmatter.ts).
  const hostile = 'Faster <script>alert(1)</script> & "sync" ]]>';
  const notes = [
    { slug: 'faster', title: hostile, date: '2026-01-03', html: '<p>Now <strong>faster</strong> &lt;img src=x onerror=alert(1)&gt;</p>', tags: ['new'] },
    { slug: 'older', title: 'Older', date: '2026-01-01', html: '', tags: [] },
  ];
  const noteItems = shippedRssItems(releaseNoteItems(notes, { siteRoot: root, category: 'Release notes', tagLabel: (tag) => `tag:${tag}` }));

  it('are items at their dates among the events, with their page, their body as content and their tags as category, inert whatever their text', async () => {
    const items = feedItems(view, history, { ...config, title: 'Acme roadmap' }, EN, root, noteItems);
    const xml = await getRssString({ title: 'Acme roadmap', description: 'What we do', site: root, items });
    const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
    const entries = [...document.querySelectorAll('item')];
    expect(entries.map((item) => item.querySelector('link')?.textContent)).toEqual([
      'https://example.com/releases/faster/',
      expect.stringMatching(/^https:\/\/example\.com\/issues\/i0\/#/),
      'https://example.com/releases/older/',
      'https://example.com/#started-2026-01-01T00-00-00Z',
    ]);
    const note = entries[0]!;
    // The title is text: no element of it.
    expect(note.querySelector('title')?.children).toHaveLength(0);
    expect(note.querySelector('title')?.textContent).toBe(hostile);
    expect(note.querySelector('category')?.textContent).toBe('tag:new');
    expect(note.querySelector('pubDate')?.textContent).toBe(new Date('2026-01-03T00:00:00.000Z').toUTCString());
    // The content, read as HTML as a reader does, is the note's sanitised body: its markup, and the escaped text as text.
    const body = new JSDOM(`<body>${note.getElementsByTagName('content:encoded')[0]?.textContent ?? ''}`).window.document.body;
    expect(body.querySelector('strong')?.textContent).toBe('faster');
    expect(body.querySelector('img, script')).toBeNull();
    expect(entries[2]!.querySelector('category')?.textContent).toBe('Release notes');
  });
});
