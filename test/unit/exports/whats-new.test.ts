/** The "what's new" feed and script: what /latest.json lists and says, and what the script weighs and may call. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { latestDocument, latestImageSize, type LatestLanguage } from '../../../src/exports/whats-new.ts';
import { formatDate } from '../../../src/i18n/format.ts';
import { labelsFor } from '../../../src/i18n/labels.ts';
import { runPanel, WHATS_NEW_SCRIPT } from '../../support/whats-new-dom.ts';

const english: LatestLanguage = { locale: 'en', dir: 'ltr', labels: labelsFor('en'), tags: ['new', 'improved', 'fixed'] };

describe('latest.json', () => {
  const changelog = Array.from({ length: 25 }, (_, index) => ({
    kind: index % 5 === 0 ? ('project' as const) : ('issue' as const),
    id: `id-${index}`,
    at: new Date(Date.UTC(2026, 10, 30 - index)).toISOString(),
    atLeast: index === 24,
  }));
  const noTags = () => undefined;

  it("lists the newest 20 of the changelog in its order, with absolute URLs under the base path and the changelog's", () => {
    const document = latestDocument({ siteRoot: 'https://acme.example.com/roadmap/', changelog, title: (entry) => `Title of ${entry.id}`, tags: noTags, language: english });
    expect(document.changelog).toBe('https://acme.example.com/roadmap/changelog/');
    expect(document.items).toHaveLength(20);
    expect(document.items.map((item) => item.id)).toEqual(changelog.slice(0, 20).map((entry) => entry.id));
    expect(document.items[0]).toEqual({
      kind: 'project',
      id: 'id-0',
      title: 'Title of id-0',
      summary: null,
      image: null,
      url: 'https://acme.example.com/roadmap/projects/id-0/',
      shippedAt: '2026-11-30T00:00:00.000Z',
      approximate: false,
      tags: [],
      dateLabel: 'project completed {date}',
    });
    expect(document.items[1]!.url).toBe('https://acme.example.com/roadmap/issues/id-1/');
    expect(document.items[1]!.dateLabel).toBe('shipped {date}');
  });

  it('marks an item the history saw already shipped as approximate: its date is "on or before"', () => {
    const seenShipped = changelog.map((entry, index) => ({ ...entry, atLeast: index === 3 }));
    const document = latestDocument({ siteRoot: 'https://acme.example.com/', changelog: seenShipped, title: () => undefined, tags: noTags, language: english });
    expect(document.items.map((item) => item.approximate)).toEqual(Array.from({ length: 20 }, (_, index) => index === 3));
    expect(document.items[3]!.dateLabel).toBe('shipped on or before {date}');
  });

  it("carries a note's tags as its frontmatter lists them, and the panel's words in the site's main language", () => {
    const note = { kind: 'note' as const, id: 'faster-search', at: '2026-11-20T00:00:00.000Z', atLeast: false as const };
    const german: LatestLanguage = { locale: 'de-DE', dir: 'ltr', labels: labelsFor('de-DE'), tags: ['new', 'improved', 'fixed', 'security'] };
    const document = latestDocument({
      siteRoot: 'https://acme.example.com/',
      changelog: [note],
      title: () => 'Schneller suchen',
      tags: () => ['improved', 'security'],
      language: german,
    });
    expect(document.lang).toBe('de-DE');
    expect(document.dir).toBe('ltr');
    expect(document.labels).toEqual({
      heading: 'Neuigkeiten',
      close: 'Schließen',
      unread: 'Ungelesen',
      changelog: 'Das vollständige Änderungsprotokoll',
      empty: 'Noch nichts ausgeliefert.',
      // A tag of the team's own without a label is said capitalised as written.
      tags: { new: 'Neu', improved: 'Verbessert', fixed: 'Behoben', security: 'Security' },
      unreadCounts: expect.any(Array),
    });
    // From src/i18n/translations/de.json's whatsNewUnreadCount, by count, then "19+" from the 20th on.
    expect(document.labels.unreadCounts[0]).toBe('Neuigkeiten, 1 ungelesen');
    expect(document.labels.unreadCounts[4]).toBe('Neuigkeiten, 5 ungelesen');
    expect(document.labels.unreadCounts.at(-1)).toBe('Neuigkeiten, 19+ ungelesen');
    expect(document.items[0]).toMatchObject({ kind: 'note', url: 'https://acme.example.com/releases/faster-search/', tags: ['improved', 'security'], dateLabel: '{date}' });
  });

  it('writes the word before the date in the form the date needs (Italian elides "il" before the 8th, not the 1st, "il 1º")', () => {
    const italian: LatestLanguage = { locale: 'it', dir: 'ltr', labels: labelsFor('it'), tags: ['new'] };
    const on = (day: string) => [{ kind: 'issue' as const, id: 'a', at: `2026-03-${day}T10:00:00.000Z`, atLeast: false }];
    const dateLabel = (day: string) =>
      latestDocument({ siteRoot: 'https://acme.example.com/', changelog: on(day), title: () => 'A', tags: noTags, language: italian }).items[0]!.dateLabel;
    expect(dateLabel('08')).toBe('rilasciato l’{date}');
    expect(dateLabel('01')).toBe('rilasciato il {date}');
  });

  it("names a note's image as a copy at most 640 px wide, with its height in proportion and its text alternative", () => {
    // The fixture's invoices.png is 800 × 400: its copy is 640 × 320; a narrower image keeps its size.
    expect(latestImageSize(800, 400)).toEqual({ width: 640, height: 320 });
    expect(latestImageSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(latestImageSize(1000, 333)).toEqual({ width: 640, height: 213 });
    const note = { kind: 'note' as const, id: 'invoices', at: '2026-11-20T00:00:00.000Z', atLeast: false as const };
    const image = { url: 'https://acme.example.com/_astro/invoices.webp', alt: 'An invoice on a phone', width: 640, height: 320 };
    const document = latestDocument({
      siteRoot: 'https://acme.example.com/',
      changelog: [note, ...changelog.slice(0, 1)],
      title: () => 'Invoices',
      tags: noTags,
      image: (entry) => (entry.kind === 'note' ? image : undefined),
      language: english,
    });
    expect(document.items.map((item) => item.image)).toEqual([image, null]);
  });

  it("says the config's own words for the panel (labels overrides)", () => {
    const own: LatestLanguage = { ...english, labels: labelsFor('en', { whatsNew: 'Fresh from the team' }) };
    const document = latestDocument({ siteRoot: 'https://acme.example.com/', changelog: [], title: () => undefined, tags: noTags, language: own });
    expect(document.labels.heading).toBe('Fresh from the team');
    expect(document.items).toEqual([]);
  });
});

describe('whats-new.js', () => {
  it('weighs under 3 KB gzipped, as served', () => {
    expect(gzipSync(WHATS_NEW_SCRIPT).length).toBeLessThan(3 * 1024);
  });

  it('is a classic script that parses: one IIFE, no module syntax', () => {
    expect(() => new Function(WHATS_NEW_SCRIPT)).not.toThrow();
    expect(WHATS_NEW_SCRIPT).not.toMatch(/^\s*(import|export)\b|import\.meta/m);
  });

  it('calls no HTML sink: every text is set as text', () => {
    expect(WHATS_NEW_SCRIPT).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|srcdoc|createContextualFragment|setHTMLUnsafe|parseHTMLUnsafe|DOMParser|\beval\b|new Function/,
    );
    expect(WHATS_NEW_SCRIPT).toContain('textContent');
  });
});

describe('the panel, run in a DOM', () => {
  const item = (over: object) => ({
    kind: 'note',
    id: 'a',
    title: 'A',
    url: 'https://roadmap.example/releases/a/',
    shippedAt: '2026-11-20T00:00:00.000Z',
    tags: [],
    dateLabel: '{date}',
    ...over,
  });
  const counts = Array.from({ length: 20 }, (_, index) => `What's new, ${index + 1 < 20 ? index + 1 : '19+'} unread`);
  const latest = (items: object[], lang = 'en') => ({
    format: 'portal-roadmap.latest',
    version: 1,
    lang,
    dir: 'ltr',
    labels: { heading: "What's new", unread: 'New', unreadCounts: counts },
    items,
  });

  it('links no item whose url is null or missing: its title is shown without a link', async () => {
    const panel = await runPanel(
      latest([item({ url: null, title: 'No page' }), item({ url: undefined, title: 'None either' }), item({ title: 'Linked' })]),
      '2026-01-01T00:00:00.000Z',
    );
    panel.open();
    const entries = [...panel.shadow().querySelectorAll('li')].map((entry) => [entry.lastElementChild!.textContent, entry.querySelector('a')?.getAttribute('href') ?? null]);
    expect(entries).toEqual([
      ['No page', null],
      ['None either', null],
      ['Linked', 'https://roadmap.example/releases/a/'],
    ]);
  });

  it('never remembers a date after now, so that an item dated far ahead leaves later ones unread', async () => {
    const ahead = latest([item({ shippedAt: '2099-12-31T00:00:00.000Z' })]);
    const first = await runPanel(ahead);
    expect(first.seen()! < '2099').toBe(true);
    expect(Number.isNaN(Date.parse(first.seen()!))).toBe(false);
    // A date kept by an earlier version is taken as now: what ships next counts as unread.
    const earlier = await runPanel(ahead, '2099-12-31T00:00:00.000Z');
    earlier.open();
    expect(earlier.seen()! < '2099').toBe(true);
  });

  it('names the button with the count in words ("What\'s new, 5 unread") until the panel opens, then gives it back its own name', async () => {
    const five = latest(Array.from({ length: 5 }, (_, index) => item({ id: `n${index}`, shippedAt: `2026-11-2${index}T00:00:00.000Z` })));
    const panel = await runPanel(five, '2026-01-01T00:00:00.000Z');
    expect(panel.button.getAttribute('aria-label')).toBe("What's new, 5 unread");
    panel.open();
    expect(panel.button.hasAttribute('aria-label')).toBe(false);
    expect(panel.button.textContent).toBe('News');
  });

  it("shows each note's summary under its title, and isolates the direction of both", async () => {
    const panel = await runPanel(latest([item({ title: 'שלום update', summary: 'Sync is twice as fast.' }), item({ kind: 'issue', summary: null })]), '2026-01-01T00:00:00.000Z');
    panel.open();
    const [note, issue] = [...panel.shadow().querySelectorAll('li')];
    expect(note!.querySelector('a')!.getAttribute('dir')).toBe('auto');
    expect(note!.querySelector('p.s')!.textContent).toBe('Sync is twice as fast.');
    expect(note!.querySelector('p.s')!.getAttribute('dir')).toBe('auto');
    expect(issue!.querySelector('p.s')).toBeNull();
  });

  it("shows a note's image under its title, with its text alternative and size, from an http(s) address only", async () => {
    const image = { url: 'https://roadmap.example/_astro/invoices.webp', alt: 'An invoice on a phone', width: 640, height: 320 };
    const panel = await runPanel(
      latest([item({ image, summary: 'One tap.' }), item({ image: { ...image, url: 'javascript:alert(1)' } }), item({ image: null }), item({ kind: 'issue' })]),
      '2026-01-01T00:00:00.000Z',
    );
    panel.open();
    const entries = [...panel.shadow().querySelectorAll('li')].map((entry) => [...entry.children].map((child) => child.tagName.toLowerCase()));
    expect(entries).toEqual([
      ['p', 'a', 'img', 'p'],
      ['p', 'a'],
      ['p', 'a'],
      ['p', 'a'],
    ]);
    const shown = panel.shadow().querySelector('img')!;
    expect([shown.getAttribute('src'), shown.getAttribute('alt'), shown.getAttribute('width'), shown.getAttribute('height')]).toEqual([image.url, image.alt, '640', '320']);
  });

  it('writes each date as the site does, in the roadmap\'s language: "23.\u00a0November" unbroken in German, "1er" in French', async () => {
    const dates = ['2026-11-23T00:00:00.000Z', '2026-11-01T00:00:00.000Z'];
    for (const [lang, expected] of [
      ['de-DE', ['23.\u00a0November 2026', '1.\u00a0November 2026']],
      ['fr', ['23 novembre 2026', '1er novembre 2026']],
      ['pt-BR', ['23 de novembro de 2026', '1º de novembro de 2026']],
      ['en', ['November 23, 2026', 'November 1, 2026']],
    ] as const) {
      const panel = await runPanel(
        latest(
          dates.map((shippedAt) => item({ shippedAt })),
          lang,
        ),
        '2026-01-01T00:00:00.000Z',
      );
      panel.open();
      const written = [...panel.shadow().querySelectorAll('time')].map((time) => time.textContent);
      // The site's own dates (src/i18n/format.ts), and the same written out by hand.
      expect(written).toEqual(dates.map((date) => formatDate(date, lang)));
      expect(written).toEqual(expected);
    }
  });
});
