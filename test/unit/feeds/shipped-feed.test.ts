/**
 * The shipped feed's items with hostile data (test/support/hostile.ts): whatever a title or summary holds, a
 * reader gets it back as text, in RSS (@astrojs/rss, as the route writes it) and in Atom; only the sanitised
 * description is HTML. Read back with a strict XML parser, and descriptions as a reader reads them (innerHTML).
 */
import { getRssString } from '@astrojs/rss';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { atomFeed } from '../../../src/feeds/atom.ts';
import { shippedAtomEntries, shippedRssItems, type ShippedItem } from '../../../src/feeds/shipped-feed.ts';
import { PAYLOADS } from '../../support/hostile.ts';

const items: ShippedItem[] = PAYLOADS.map((payload, index) => ({
  url: `https://roadmap.test/issues/i${index}/#event-moved-2026-11-0${(index % 9) + 1}T09-00-00-000Z`,
  title: `${payload} ]]> & <!channel> @everyone`,
  at: `2026-11-0${(index % 9) + 1}T09:00:00.000Z`,
  summary: [payload, `second ${payload}`],
  descriptionHtml: '<p>Sanitised <strong>description</strong></p>',
  categories: [`Shipped ${payload}`],
}));

const xml = (text: string) => new JSDOM(text, { contentType: 'application/xml' }).window.document;
/** The elements a reader that shows `html` with innerHTML would make. */
function elementsOf(html: string): string[] {
  const container = new JSDOM('').window.document.createElement('div');
  container.innerHTML = html;
  return [...container.querySelectorAll('*')].map((element) => element.tagName.toLowerCase());
}

describe('the shipped feed with hostile titles and summaries', () => {
  it('RSS: titles and categories read back as written, summaries as text, the description as its HTML', async () => {
    const feed = xml(await getRssString({ title: 'T', description: 'D', site: 'https://roadmap.test/', items: shippedRssItems(items) }));
    const read = [...feed.querySelectorAll('item')];
    expect(read).toHaveLength(PAYLOADS.length);
    read.forEach((item, index) => {
      expect(item.querySelector('title')?.textContent).toBe(items[index]!.title);
      expect(item.querySelector('category')?.textContent).toBe(items[index]!.categories[0]);
      expect(item.querySelector('guid')?.textContent).toBe(items[index]!.url);
      expect(elementsOf(item.querySelector('description')?.textContent ?? '')).toEqual([]);
      expect(new JSDOM(item.querySelector('description')?.textContent ?? '').window.document.body.textContent).toBe(items[index]!.summary.join('\n'));
      expect(item.getElementsByTagName('content:encoded')[0]?.textContent).toBe('<p>Sanitised <strong>description</strong></p>');
    });
  });

  it('Atom: the same, with the summary of type text and the description of type html', () => {
    const feed = xml(
      atomFeed({
        url: 'https://roadmap.test/shipped/atom.xml',
        pageUrl: 'https://roadmap.test/shipped/',
        title: 'T',
        author: 'A',
        entries: shippedAtomEntries(items),
        updated: items[0]!.at,
      }),
    );
    const entries = [...feed.querySelectorAll('entry')];
    expect(entries).toHaveLength(PAYLOADS.length);
    entries.forEach((entry, index) => {
      expect(entry.querySelector('title')?.textContent).toBe(items[index]!.title);
      expect(entry.querySelector('id')?.textContent).toBe(items[index]!.url);
      // An attribute's tabs and line breaks read back as spaces (XML 1.0 §3.3.3, attribute-value normalisation).
      expect(entry.querySelector('category')?.getAttribute('term')).toBe(items[index]!.categories[0]!.replace(/[\t\n\r]/g, ' '));
      expect(entry.querySelector('summary')?.textContent).toBe(items[index]!.summary.join('\n'));
      expect(entry.querySelector('content')?.getAttribute('type')).toBe('html');
      expect(elementsOf(entry.querySelector('content')?.textContent ?? '')).toEqual(['p', 'strong']);
    });
  });
});
