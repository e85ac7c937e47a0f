/**
 * Feeds carry titles and categories as plain text, which a reader lays out with nothing to isolate them: a
 * right-to-left override in an issue's title would reverse the rest of the line ("gnp.exe" read as "exe.png").
 * Both feed formats drop the bidirectional controls there, and keep the words.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { atomFeed } from '../../../src/feeds/atom.ts';
import { plainTextItems } from '../../../src/feeds/plain-text.ts';

// U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE, U+2069 POP DIRECTIONAL ISOLATE, U+200F RIGHT-TO-LEFT MARK.
const SPOOFED = 'Invoice \u202Egnp.exe';
const ISOLATED = '\u2066Mobile\u2069 \u200Fteam';
const CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

describe('plain text in feeds', () => {
  it('RSS items: titles and categories lose their bidirectional controls and keep their words', () => {
    const [item] = plainTextItems([{ title: SPOOFED, categories: [ISOLATED], link: 'https://x.test/', content: '<p>\u202Ekept in HTML</p>' }]);
    expect(item).toEqual({ title: 'Invoice gnp.exe', categories: ['Mobile team'], link: 'https://x.test/', content: '<p>\u202Ekept in HTML</p>' });
  });

  it('Atom: the feed title, author, entry titles, categories and text summaries have none left', () => {
    const xml = atomFeed({
      url: 'https://x.test/feed.xml',
      pageUrl: 'https://x.test/',
      title: `Follow ${SPOOFED}`,
      author: ISOLATED,
      updated: '2026-11-20T10:00:00.000Z',
      entries: [{ id: 'https://x.test/#a', link: 'https://x.test/', updated: '2026-11-20T10:00:00.000Z', title: SPOOFED, summary: ISOLATED, categories: [SPOOFED] }],
    });
    const { feed } = new XMLParser({ ignoreAttributes: false }).parse(xml);
    const texts = [feed.title, feed.author.name, feed.entry.title, feed.entry.summary, feed.entry.category['@_term']];
    expect(texts).toEqual(['Follow Invoice gnp.exe', 'Mobile team', 'Invoice gnp.exe', 'Mobile team', 'Invoice gnp.exe']);
    expect(xml).not.toMatch(CONTROLS);
  });
});
