/**
 * The Atom feed writer against fast-xml-parser's builder (the independent code the feeds were written with before):
 * the same text for ordinary and hostile feeds, and well-formed XML that gives every text back as it was.
 */
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { atomFeed, type AtomFeed } from '../../../src/feeds/atom.ts';

const builder = new XMLBuilder({ ignoreAttributes: false, suppressEmptyNode: true, format: true });

function built(feed: AtomFeed): string {
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      ...(feed.language ? { '@_xml:lang': feed.language } : {}),
      id: feed.url,
      title: feed.title,
      updated: feed.updated,
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': feed.url },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': feed.pageUrl },
      ],
      author: { name: feed.author },
      entry: feed.entries.map((entry) => ({
        id: entry.id,
        title: entry.title,
        updated: entry.updated,
        link: { '@_rel': 'alternate', '@_type': 'text/html', '@_href': entry.link },
        ...(entry.categories?.length ? { category: entry.categories.map((term) => ({ '@_term': term })) } : {}),
        ...(entry.summary ? { summary: entry.summary } : {}),
        ...(entry.contentHtml ? { content: { '@_type': 'html', '#text': entry.contentHtml } } : {}),
      })),
    },
  }) as string;
}

const HOSTILE = `</title><script>alert("x")</script> & 'quoted' <![CDATA[ ]]> &amp; ]]>`;

const ordinary: AtomFeed = {
  url: 'https://roadmap.example.com/issues/a/feed.xml',
  title: 'Dark mode: status changes',
  pageUrl: 'https://roadmap.example.com/issues/a/',
  author: 'Product roadmap',
  language: 'en',
  updated: '2026-11-20T00:00:00.000Z',
  entries: [
    {
      id: 'https://roadmap.example.com/issues/a/#event-moved',
      title: 'Moved to “In progress”',
      updated: '2026-11-20T00:00:00.000Z',
      link: 'https://roadmap.example.com/issues/a/#event-moved',
      summary: 'Dark mode\nFirst line\nSecond line',
    },
    {
      id: 'urn:2',
      title: 'Shipped',
      updated: '2026-11-19T00:00:00.000Z',
      link: 'https://roadmap.example.com/',
      categories: ['Web', 'API'],
      contentHtml: '<p>It <em>shipped</em> &amp; works</p>',
    },
  ],
};

const hostile: AtomFeed = {
  url: `https://roadmap.example.com/issues/x/feed.xml?a=1&b="2"`,
  title: HOSTILE,
  pageUrl: `https://roadmap.example.com/issues/x/?q='<>'`,
  author: HOSTILE,
  updated: '2026-11-20T00:00:00.000Z',
  entries: [{ id: HOSTILE, title: HOSTILE, updated: HOSTILE, link: HOSTILE, summary: HOSTILE, categories: [HOSTILE, ''], contentHtml: HOSTILE }],
};

describe('an Atom feed', () => {
  it("is the text fast-xml-parser's builder writes, for an ordinary feed, a hostile one, and one without entries or language", () => {
    for (const feed of [ordinary, hostile, { ...ordinary, entries: [], language: undefined }]) {
      expect(atomFeed(feed)).toBe(built(feed));
    }
  });

  it('self-closes an empty title, as the builder does', () => {
    const feed = { ...ordinary, title: '', entries: [{ ...ordinary.entries[0]!, title: '', summary: '' }] };
    expect(atomFeed(feed)).toBe(built(feed));
    expect(atomFeed(feed)).toContain('  <title/>\n');
  });

  it('gives every hostile text back as it was to an XML parser, with no element of its own', () => {
    const parsed = new XMLParser({ ignoreAttributes: false, htmlEntities: true, processEntities: true }).parse(atomFeed(hostile)) as {
      feed: { title: string; author: { name: string }; script?: unknown; entry: { summary: string; content: { '#text': string }; category: { '@_term': string }[] } };
    };
    expect(parsed.feed.title).toBe(HOSTILE);
    expect(parsed.feed.author.name).toBe(HOSTILE);
    expect(parsed.feed.script).toBeUndefined();
    expect(parsed.feed.entry.summary).toBe(HOSTILE);
    expect(parsed.feed.entry.content['#text']).toBe(HOSTILE);
    expect(parsed.feed.entry.category[0]!['@_term']).toBe(HOSTILE);
  });
});
