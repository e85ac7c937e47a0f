/**
 * An issue's own Atom feed (RFC 4287), so a reader can follow one item
 * without an account: one entry per step of its timeline, each with an id of
 * its own (the step's anchor on the issue page). Every text and attribute is
 * escaped with XML's five entities.
 */
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

/** XML's five predefined entities: every text and attribute value is escaped, so no data can open or close an element. */
const XML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&apos;', '"': '&quot;' };

function escaped(value: string): string {
  return value.replace(/[&<>'"]/g, (character) => XML_ENTITIES[character]!);
}

function attributes(pairs: Readonly<Record<string, string>>): string {
  return Object.entries(pairs)
    .map(([name, value]) => ` ${name}="${escaped(value)}"`)
    .join('');
}

/** One element on a line of its own, `indent` deep: its escaped text, or self-closed when it has none. */
function element(indent: string, name: string, text: string, attributePairs: Readonly<Record<string, string>> = {}): string {
  const open = `${indent}<${name}${attributes(attributePairs)}`;
  return text === '' ? `${open}/>\n` : `${open}>${escaped(text)}</${name}>\n`;
}

/**
 * The feed as text, written directly: a 1,000-issue build writes a thousand of these, too many for a generic XML
 * builder (@see docs/project/performance-log.md, "Measurements behind the code"). The layout is the one
 * fast-xml-parser's builder gave (two-space indent, empty elements self-closed), which test/unit/feeds/atom.test.ts
 * compares it with, hostile texts included.
 */
export function atomFeed(feed: AtomFeed): string {
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>\n',
    `<feed${attributes({ xmlns: 'http://www.w3.org/2005/Atom', ...(feed.language ? { 'xml:lang': feed.language } : {}) })}>\n`,
    element('  ', 'id', feed.url),
    // Plain-text fields lose their bidirectional controls, as RSS items do (src/feeds/plain-text.ts).
    element('  ', 'title', text(feed.title)),
    element('  ', 'updated', feed.updated),
    element('  ', 'link', '', { rel: 'self', type: 'application/atom+xml', href: feed.url }),
    element('  ', 'link', '', { rel: 'alternate', type: 'text/html', href: feed.pageUrl }),
    '  <author>\n',
    element('    ', 'name', text(feed.author)),
    '  </author>\n',
  ];
  for (const entry of feed.entries) {
    lines.push(
      '  <entry>\n',
      element('    ', 'id', entry.id),
      element('    ', 'title', text(entry.title)),
      element('    ', 'updated', entry.updated),
      element('    ', 'link', '', { rel: 'alternate', type: 'text/html', href: entry.link }),
      ...(entry.categories ?? []).map((term) => element('    ', 'category', '', { term: text(term) })),
      entry.summary ? element('    ', 'summary', text(entry.summary)) : '',
      entry.contentHtml ? element('    ', 'content', entry.contentHtml, { type: 'html' }) : '',
      '  </entry>\n',
    );
  }
  lines.push('</feed>\n');
  return lines.join('');
}
