/**
 * The feed as a reader gets it: @astrojs/rss makes the XML from our items, a
 * strict XML parser reads it, and each description is then read as HTML, the
 * way feed readers show it.
 */
import { getRssString } from '@astrojs/rss';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { recordRun, shownState } from '../../src/history/record.ts';
import { ApiIssueListSchema } from '../../src/portal/api-schemas.ts';
import { feedItems } from '../../src/feeds/site-feed.ts';
import { EN } from '../../src/i18n/labels.ts';
import { buildRoadmapView } from '../../src/view/roadmap-view.ts';
import { normaliseIssues } from '../../src/snapshot/normalise.ts';

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
