/**
 * Share cards (src/share-cards/share-card.ts): a PNG of 1200×630 (read from its header, not from the module), one draw
 * per distinct card (the cache), text in scripts the fonts cannot draw refused, and a hostile title that costs no
 * more than a short one; the same of the site's card, drawn from the site's title, description and accent.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cachedCard,
  cardDigest,
  cardDrawable,
  drawCard,
  drawable,
  missingShareCardPackages,
  type CardInput,
  type NoteCardInput,
  type SiteCardInput,
} from '../../../src/share-cards/share-card.ts';
import { PAYLOADS } from '../../support/hostile.ts';

const input: CardInput = {
  kind: 'issue',
  title: 'Offline access to customer site notes',
  status: 'In progress',
  project: 'Field app',
  siteTitle: 'Acme roadmap',
  accent: '#1d4ed8',
};

const site: SiteCardInput = {
  kind: 'site',
  siteTitle: 'Acme roadmap',
  description: 'What we are building next, and what shipped.',
  accent: '#1d4ed8',
};

/** Width and height from a PNG's IHDR chunk (PNG spec §11.2.2), after the 8-byte signature. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** The card of an input drawn once for the file: for the tests that read a card, not those that draw one twice to compare. */
const drawn = new Map<string, Promise<Buffer>>();
function drawOnce(card: CardInput): Promise<Buffer> {
  const key = JSON.stringify(card);
  if (!drawn.has(key)) drawn.set(key, drawCard(card));
  return drawn.get(key)!;
}

describe('the packages cards need', () => {
  it('are optional: a project without them is told which are missing', () => {
    expect(missingShareCardPackages(mkdtempSync(join(tmpdir(), 'no-cards-')))).toEqual(['satori', '@resvg/resvg-js', '@fontsource/noto-sans']);
    expect(missingShareCardPackages(process.cwd())).toEqual([]);
  });
});

describe('a share card', () => {
  it('is a PNG of 1200×630', async () => {
    expect(pngSize(await drawOnce(input))).toEqual([1200, 630]);
  });

  it('is drawn once per distinct card: the same card comes from the cache, another is drawn, the site card alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cards-'));
    let draws = 0;
    const counting = async (card: CardInput) => {
      draws++;
      return drawOnce(card);
    };
    const first = await cachedCard(input, dir, counting);
    const again = await cachedCard({ ...input }, dir, counting);
    expect(again.equals(first)).toBe(true);
    expect(draws).toBe(1);
    await cachedCard({ ...input, status: 'Shipped' }, dir, counting);
    expect(draws).toBe(2);
    // The site's card is cached the same way.
    const siteCard = await cachedCard(site, dir, counting);
    expect((await cachedCard({ ...site }, dir, counting)).equals(siteCard)).toBe(true);
    expect(draws).toBe(3);
    expect(readdirSync(dir).filter((file) => file.endsWith('.png'))).toHaveLength(3);
  });

  it('has a digest of everything it shows, and of nothing else', () => {
    const digests = new Set(
      [
        input,
        { ...input, title: 'x' },
        { ...input, status: 'x' },
        { ...input, project: undefined },
        { ...input, siteTitle: 'x' },
        { ...input, accent: '#000000' },
        { ...input, kind: 'project' as const },
      ].map(cardDigest),
    );
    expect(digests.size).toBe(7);
    expect(cardDigest({ ...input })).toBe(cardDigest(input));
  });

  it('refuses text its fonts cannot draw: Arabic, Hebrew, Japanese, emoji; takes Latin, Greek, Cyrillic and marks', () => {
    expect(['Modo oscuro', 'Zoë’s café – “quoted”', 'Ελληνικά', 'Тёмная тема', 'Tiếng Việt', '<script>&amp;</script>'].map(drawable)).toEqual([true, true, true, true, true, true]);
    expect(['الوضع الداكن', 'מצב כהה', 'ダークモード', '暗色模式', 'Dark mode 🌙'].map(drawable)).toEqual([false, false, false, false, false]);
    expect(cardDrawable({ ...input, project: 'مشروع' })).toBe(false);
  });

  it('draws hostile titles as text, and a megabyte title', async () => {
    for (const payload of PAYLOADS.filter(drawable).slice(0, 5)) expect(pngSize(await drawCard({ ...input, title: payload }))).toEqual([1200, 630]);
    expect(pngSize(await drawOnce({ ...input, title: 'word '.repeat(200_000) }))).toEqual([1200, 630]);
  });

  it('draws what it is given: the same card twice is the same image, another title or an empty one another image', async () => {
    const card = await drawOnce(input);
    expect((await drawCard({ ...input })).equals(card)).toBe(true);
    expect((await drawCard({ ...input, title: 'Dark mode for the mobile app' })).equals(card)).toBe(false);
    expect((await drawCard({ ...input, title: '' })).equals(card)).toBe(false);
    expect((await drawOnce({ ...input, status: 'Shipped' })).equals(card)).toBe(false);
    expect((await drawCard({ ...input, accent: '#b91c1c' })).equals(card)).toBe(false);
  });

  it('draws a megabyte title as its first 140 characters, cut at a word and ended with "…"', async () => {
    // 27 words of 4 letters and their spaces fill 134 of the 140 characters; the 28th would pass them.
    const shortened = `${Array.from({ length: 27 }, () => 'word').join(' ')}…`;
    expect((await drawOnce({ ...input, title: 'word '.repeat(200_000) })).equals(await drawCard({ ...input, title: shortened }))).toBe(true);
  });
});

describe("the site's card", () => {
  it('is a PNG of 1200×630, with no upvote count to draw (it takes none)', async () => {
    expect(pngSize(await drawOnce(site))).toEqual([1200, 630]);
    expect(pngSize(await drawCard({ ...site, description: '' }))).toEqual([1200, 630]);
  });

  it('has a digest of its title, description and accent, apart from any issue card with the same site title', () => {
    const digests = new Set([site, { ...site, siteTitle: 'x' }, { ...site, description: 'x' }, { ...site, accent: '#000000' }, input].map(cardDigest));
    expect(digests.size).toBe(5);
    expect(cardDigest({ ...site })).toBe(cardDigest(site));
  });

  it('refuses a title or description its fonts cannot draw', () => {
    expect(cardDrawable(site)).toBe(true);
    expect(cardDrawable({ ...site, siteTitle: 'خارطة الطريق' })).toBe(false);
    expect(cardDrawable({ ...site, description: 'ロードマップ' })).toBe(false);
  });

  it('draws hostile site titles and descriptions as text, and megabyte ones shortened before layout', async () => {
    // Each payload as the title and as the description of one card.
    for (const payload of PAYLOADS.filter(drawable).slice(0, 5)) expect(pngSize(await drawCard({ ...site, siteTitle: payload, description: payload }))).toEqual([1200, 630]);
    expect(pngSize(await drawCard({ ...site, siteTitle: 'word '.repeat(200_000), description: 'word '.repeat(200_000) }))).toEqual([1200, 630]);
  });
});

describe("a release note's card", () => {
  const note: NoteCardInput = {
    kind: 'note',
    title: 'Invoices in one tap',
    date: '20 November 2026',
    tags: ['New', 'Improved'],
    fallbackTag: 'Release notes',
    siteTitle: 'Acme roadmap',
    accent: '#1d4ed8',
  };

  it('is a PNG of 1200×630 that shows its title, tags and date: another of any is another image', async () => {
    const card = await drawCard(note);
    expect(pngSize(card)).toEqual([1200, 630]);
    for (const other of [{ title: 'Faster search' }, { date: '1 December 2026' }, { tags: ['Fixed'] }, { tags: [] }, { accent: '#b91c1c' }])
      expect((await drawCard({ ...note, ...other })).equals(card), JSON.stringify(other)).toBe(false);
  });

  it('has a digest of what it shows, apart from an issue card of the same title; tags past the fourth are not drawn', () => {
    const digests = new Set(
      [
        note,
        { ...note, title: 'x' },
        { ...note, date: 'x' },
        { ...note, tags: ['New'] },
        { ...note, tags: ['New, Improved'] },
        { ...note, tags: [] },
        { ...note, tags: [], fallbackTag: 'x' },
        { ...input, title: note.title },
      ].map(cardDigest),
    );
    expect(digests.size).toBe(8);
    expect(cardDigest({ ...note, tags: ['a', 'b', 'c', 'd', 'e'] })).toBe(cardDigest({ ...note, tags: ['a', 'b', 'c', 'd', 'f'] }));
  });

  it('draws hostile titles and tags as text, a megabyte title shortened, and refuses a script its fonts cannot draw', async () => {
    for (const payload of PAYLOADS.filter(drawable).slice(0, 5)) expect(pngSize(await drawCard({ ...note, title: payload, tags: [payload] }))).toEqual([1200, 630]);
    expect(pngSize(await drawCard({ ...note, title: 'word '.repeat(200_000), tags: ['word '.repeat(10_000)] }))).toEqual([1200, 630]);
    expect(cardDrawable(note)).toBe(true);
    expect(cardDrawable({ ...note, tags: ['新'] })).toBe(false);
    expect(cardDrawable({ ...note, date: '2026年11月20日' })).toBe(false);
  });
});
