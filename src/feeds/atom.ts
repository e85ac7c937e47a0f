/**
 * An issue's own Atom feed (RFC 4287), so a reader can follow one item
 * without an account: one entry per step of its timeline, each with an id of
 * its own (the step's anchor on the issue page). Written with fast-xml-parser's
 * builder, which escapes every text and attribute (the same builder @astrojs/rss uses).
 */
import { XMLBuilder } from 'fast-xml-parser';
import { withoutBidiControls as text } from '../shared/text.ts';

export interface AtomEntry {
  /** A URL unique to the entry: the page, with the event's anchor. */
  id: string;
  title: string;
  updated: string;
  link: string;
  /** Plain text, escaped as XML only (RFC 4287 §4.2.13, type text). */
  summary?: string | undefined;
  /** Sanitised HTML, escaped as XML so a reader gets the markup back (§4.1.3, type html). */
  contentHtml?: string | undefined;
  /** Category terms (§4.2.2). */
  categories?: readonly string[] | undefined;
}

export interface AtomFeed {
  /** The feed's own URL (its id and `rel="self"`). */
  url: string;
  title: string;
  /** The page the feed is about. */
  pageUrl: string;
  /** Who publishes it: the site title. */
  author: string;
  /** BCP 47 tag of the feed's words (`xml:lang`), as the RSS feed has `<language>`. */
  language?: string;
  /** Newest first. */
  entries: AtomEntry[];
  /** When the feed last changed: the newest entry, or the build's snapshot date. */
  updated: string;
}

const builder = new XMLBuilder({ ignoreAttributes: false, suppressEmptyNode: true, format: true });

export function atomFeed(feed: AtomFeed): string {
  const xml = builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      ...(feed.language ? { '@_xml:lang': feed.language } : {}),
      id: feed.url,
      // Plain-text fields lose their bidirectional controls, as RSS items do (src/feeds/plain-text.ts).
      title: text(feed.title),
      updated: feed.updated,
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': feed.url },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': feed.pageUrl },
      ],
      author: { name: text(feed.author) },
      entry: feed.entries.map((entry) => ({
        id: entry.id,
        title: text(entry.title),
        updated: entry.updated,
        link: { '@_rel': 'alternate', '@_type': 'text/html', '@_href': entry.link },
        ...(entry.categories?.length ? { category: entry.categories.map((term) => ({ '@_term': text(term) })) } : {}),
        ...(entry.summary ? { summary: text(entry.summary) } : {}),
        ...(entry.contentHtml ? { content: { '@_type': 'html', '#text': entry.contentHtml } } : {}),
      })),
    },
  }) as string;
  return xml;
}
