/**
 * The second reading of the languages fixture (test/support/fixtures.ts: the demo in eight languages, Arabic at
 * the root) as a native writer of each would read it: what the code puts between words (dates, colons, brackets)
 * and the wording of the translations, on the built pages. The expected texts are written out by hand from each
 * language's typography, or read from its translation file; none comes from the modules that write the pages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { listFiles, readPage } from '../support/build-site.ts';
import { readMessages } from '../support/ui-text.ts';

const build = inject('fixtures').languages;
const folder = (locale: string) => (locale === 'ar' ? '' : `${locale.toLowerCase()}/`);
const OTHER_FOLDERS = ['en/', 'de/', 'fr/', 'es/', 'pt-br/', 'it/', 'ja/', 'sv/'];
/** The HTML pages of one language. */
const pagesOf = (locale: string) =>
  listFiles(build.outDir).filter((file) => file.endsWith('.html') && (locale === 'ar' ? !OTHER_FOLDERS.some((other) => file.startsWith(other)) : file.startsWith(folder(locale))));
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/[ \t\n]+/g, ' ').trim();
/** Every `<time>` of a language's pages, as written. */
const timesOf = (locale: string) => pagesOf(locale).flatMap((file) => [...readPage(build.outDir, file).querySelectorAll('time')].map((time) => time.textContent ?? ''));
/** The issue that moved away and back in the fixture's last week: its timeline has every kind of step. */
const movedIssue = (locale: string) =>
  readPage(build.outDir, `${folder(locale)}changes/index.html`)
    .querySelector('.changes-list a[href*="/issues/"]')!
    .getAttribute('href')!;
const pageAt = (href: string) => readPage(build.outDir, `${href.replace(/^\//, '').replace(/#.*$/, '')}index.html`);

describe('the languages, read again', () => {
  it('builds', () => {
    expect(build.code, build.output).toBe(0);
  });

  // "En «En curso»": a column named straight after a preposition reads as a stutter; pt-BR's "na coluna" is the model.
  const COLUMN_WORDS: Record<string, { said: RegExp; stutter: RegExp }> = {
    es: { said: /la columna «/, stutter: /(^|\s)En «/ },
    it: { said: /colonna «/, stutter: /(^|\s)In «/ },
    de: { said: /Spalte „/, stutter: /(^|\s)In „/ },
    fr: { said: /colonne «/, stutter: /(^|\s)Dans «/ },
  };
  for (const [locale, { said, stutter }] of Object.entries(COLUMN_WORDS)) {
    it(`${locale}: the timeline says "column" before a column's name`, () => {
      const steps = [...pageAt(movedIssue(locale)).querySelectorAll('.timeline li')].map(text);
      expect(steps.length).toBeGreaterThanOrEqual(3);
      for (const step of steps) {
        expect(step, step).toMatch(said);
        expect(step).not.toMatch(stutter);
      }
      // The fixture's recent changes are moves ("«En curso» → «Planificado»"); none stutters either.
      for (const line of readPage(build.outDir, `${folder(locale)}changes/index.html`).querySelectorAll('.changes-list li')) expect(text(line)).not.toMatch(stutter);
    });
  }

  // "Anterior en «En curso»": the links to an issue's neighbours name their column as the timeline does.
  const NEIGHBOUR_WORDS: Record<string, RegExp> = { es: /en la columna «/, it: /nella colonna «/, de: /in der Spalte „/, fr: /dans la colonne «/, 'pt-BR': /na coluna “/ };
  for (const [locale, said] of Object.entries(NEIGHBOUR_WORDS)) {
    it(`${locale}: the links to the previous and next issue say "column" before its name`, () => {
      const links = [...pageAt(movedIssue(locale)).querySelectorAll('.column-neighbours a')].map(text);
      expect(links.length).toBeGreaterThanOrEqual(1);
      for (const link of links) expect(link, link).toMatch(said);
    });
  }

  it('ja: the oldest step has its verb, and an issue status as sent is in full-width brackets', () => {
    const issuePages = pagesOf('ja').filter((file) => file.startsWith('ja/issues/'));
    const atLeast = issuePages.flatMap((file) => [...readPage(build.outDir, file).querySelectorAll('.timeline li')].map(text)).filter((step) => step.startsWith('遅くとも'));
    expect(atLeast.length).toBeGreaterThanOrEqual(1);
    for (const step of atLeast) expect(step).toMatch(/^遅くとも.+から「.+」に掲載/);
    const statuses = issuePages
      .map((file) => text(readPage(build.outDir, file).querySelector('.facts .status')))
      .filter((status) => status.includes('In Progress') || status.includes('In Review'));
    expect(statuses.length).toBeGreaterThanOrEqual(1);
    for (const status of statuses) expect(status).toMatch(/^[^ (（]+（In (Progress|Review)）$/);
  });

  it('fr: the first of a month is "1er", in every date', () => {
    const times = timesOf('fr');
    expect(times.filter((time) => /^1er /.test(time)).length).toBeGreaterThanOrEqual(1);
    expect(times.filter((time) => /^1 /.test(time))).toEqual([]);
  });

  it('pt-BR: the first of a month is "1º de"', () => {
    const times = timesOf('pt-BR');
    expect(times.filter((time) => /^1º de /.test(time)).length).toBeGreaterThanOrEqual(1);
    expect(times.filter((time) => /^1 de /.test(time))).toEqual([]);
  });

  it('de: a date keeps its day on the line of its month (a no-break space after "23.")', () => {
    const times = timesOf('de').filter((time) => /^\d+\./.test(time));
    expect(times.length).toBeGreaterThanOrEqual(10);
    for (const time of times) expect(time).toMatch(/^\d+\.\u00a0\S/);
  });

  it("fr, es, it, pt-BR: the changelog's month headings start with a capital", () => {
    for (const locale of ['fr', 'es', 'it', 'pt-BR']) {
      const headings = [...readPage(build.outDir, `${folder(locale)}changelog/index.html`).querySelectorAll('.changelog h2, main h2[id^="month-"]')].map(text);
      expect(headings.length, locale).toBeGreaterThanOrEqual(1);
      for (const heading of headings) expect(heading, locale).toMatch(/^\p{Lu}/u);
    }
  });

  it("the recent changes join an item's name and its change with the language's colon", () => {
    const COLONS: Record<string, RegExp> = { en: /^[^:]+\S: \S/, fr: /\S\u00a0: \S/, ja: /\S：\S/, de: /\S: \S/ };
    const DOTS: Record<string, string> = { en: ' · ', fr: ' · ', ja: '・', de: ' · ' };
    for (const [locale, colon] of Object.entries(COLONS)) {
      const lines = [...readPage(build.outDir, `${folder(locale)}changes/index.html`).querySelectorAll('.changes-list li')];
      expect(lines.length, locale).toBeGreaterThanOrEqual(3);
      // The line after its date and the dot: the name, the colon, the change.
      for (const line of lines) expect(text(line).split(DOTS[locale]!).slice(1).join(DOTS[locale]), `${locale}: ${text(line)}`).toMatch(colon);
    }
    for (const line of readPage(build.outDir, 'fr/changes/index.html').querySelectorAll('.changes-list li')) expect(text(line)).not.toMatch(/\S: /);
    for (const line of readPage(build.outDir, 'ja/changes/index.html').querySelectorAll('.changes-list li')) expect(text(line)).not.toMatch(/: /);
  });

  it("fr and ja: the words a screen reader hears before a project and a progress bar take the language's colon", () => {
    const fr = readMessages('fr') as Record<string, string>;
    const ja = readMessages('ja') as Record<string, string>;
    const frChips = pagesOf('fr').flatMap((file) => [...readPage(build.outDir, file).querySelectorAll('.project-chip .visually-hidden')].map((span) => span.textContent));
    expect(frChips.length).toBeGreaterThanOrEqual(1);
    expect(new Set(frChips)).toEqual(new Set([`${fr.project}\u00a0: `]));
    const jaBars = [...readPage(build.outDir, 'ja/index.html').querySelectorAll('progress[aria-label]')].map((bar) => bar.getAttribute('aria-label')!);
    for (const label of jaBars) expect(label.startsWith(`${ja.progress}：`), label).toBe(true);
  });

  it('it: a fact is labelled without an article before its date; fr and it say "Thème", "Tema"', () => {
    const issue = readPage(
      build.outDir,
      pagesOf('it').find((file) => file.startsWith('it/issues/'))!,
    );
    const labels = [...issue.querySelectorAll('.facts dt')].map(text);
    expect(labels).toEqual(expect.arrayContaining(['Creato', 'Aggiornato']));
    expect(labels.filter((label) => / il$/.test(label))).toEqual([]);
    expect(readPage(build.outDir, 'fr/index.html').querySelector('[data-theme-switch]')?.getAttribute('aria-label')).toBe('Thème');
    expect(readPage(build.outDir, 'it/index.html').querySelector('[data-theme-switch]')?.getAttribute('aria-label')).toBe('Tema');
  });

  it('ar: one term for the roadmap, خارطة الطريق, on every page and in every feed', () => {
    const files = listFiles(build.outDir).filter((file) => /\.(html|xml|json)$/.test(file) && !OTHER_FOLDERS.some((other) => file.startsWith(other)));
    const found = files.filter((file) => readFileSync(join(build.outDir, file), 'utf8').includes('خريطة'));
    expect(found).toEqual([]);
    expect(text(readPage(build.outDir, 'changes/index.html').querySelector('h1'))).toBe('نشاط خارطة الطريق');
  });

  /** Every `<span class="team">`'s hidden label in a page's HTML, the card template's included. */
  const teamLabels = (file: string) =>
    [...readFileSync(join(build.outDir, file), 'utf8').matchAll(/<span class="team"><span class="visually-hidden">([^<]*)<\/span>/g)].map((match) => match[1]);

  it("a card's hidden team label, the server's and the filter island's template, takes the language's colon", () => {
    const LABELS: Record<string, string> = { fr: '\u00a0: ', ja: '：', de: ': ' };
    for (const [locale, colon] of Object.entries(LABELS)) {
      const labels = teamLabels(`${folder(locale)}index.html`);
      // The board's cards and the template's one.
      expect(labels.length, locale).toBeGreaterThanOrEqual(11);
      expect(new Set(labels), locale).toEqual(new Set([`${(readMessages(locale) as Record<string, string>).team}${colon}`]));
    }
  });

  it('fr, ja: the "Show all" link names its column after the language\'s colon', () => {
    const COLONS: Record<string, string> = { fr: '\u00a0: ', ja: '：' };
    for (const [locale, colon] of Object.entries(COLONS)) {
      // The embed ends every column with the link.
      const hidden = [...readPage(build.outDir, `${folder(locale)}embed/index.html`).querySelectorAll('.more a .visually-hidden')].map((span) => span.textContent ?? '');
      expect(hidden.length, locale).toBeGreaterThanOrEqual(1);
      for (const label of hidden) expect(label.startsWith(colon) && !label.startsWith(`${colon} `), `${locale}: ${JSON.stringify(label)}`).toBe(true);
    }
  });

  it("ja: a line's facts are joined with 「・」, a page's title and a feed's end with 「｜」 and the site's", () => {
    const ja = readMessages('ja') as Record<string, string>;
    const shipped = readPage(build.outDir, 'ja/shipped/index.html');
    const lines = [...shipped.querySelectorAll('.shipped-list li')].map(text);
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) expect(line).not.toContain(' · ');
    expect(lines.filter((line) => line.includes('・')).length).toBeGreaterThanOrEqual(10);
    const metas = pagesOf('ja')
      .filter((file) => file.startsWith('ja/changelog/') || file.startsWith('ja/releases/'))
      .flatMap((file) => [...readPage(build.outDir, file).querySelectorAll('.release-meta, .issue-list li')].map(text));
    expect(metas.filter((meta) => meta.includes('・')).length).toBeGreaterThanOrEqual(3);
    for (const meta of metas) expect(meta).not.toMatch(/ · /);
    expect(text(shipped.querySelector('title'))).toBe(`${ja.shipped}｜${ja.siteTitle}`);
    const feedTitles = [...shipped.querySelectorAll('link[rel="alternate"][title]')].map((link) => link.getAttribute('title'));
    expect(feedTitles).toEqual(expect.arrayContaining([`${ja.shippedIssues}｜${ja.siteTitle}`]));
    expect(readFileSync(join(build.outDir, 'ja/shipped/rss.xml'), 'utf8')).toContain(`<title>${ja.shippedIssues}｜${ja.siteTitle}</title>`);
  });

  it('ja: brackets after Japanese text are full-width with no space before them: a column\'s count, "（現在）", a vote total', () => {
    const projectPages = pagesOf('ja').filter((file) => /^ja\/projects\/[^/]+\/index\.html$/.test(file));
    const groups = projectPages.flatMap((file) => [...readPage(build.outDir, file).querySelectorAll('h3[id^="group-"]')].map(text));
    expect(groups.length).toBeGreaterThanOrEqual(3);
    for (const group of groups) expect(group, group).toMatch(/^\S+（\d+）/);
    const issue = pageAt(movedIssue('ja'));
    expect(text(issue.querySelector('.timeline li.current'))).toMatch(/\S（現在）$/);
    expect(text(issue.querySelector('.vote-total .visually-hidden'))).toMatch(/^（\d+票）$/);
  });

  it("ja, ar: a vote link's name puts the language's comma between the title and the count", () => {
    const COMMAS: Record<string, RegExp> = { ja: /」に投票、$/, ar: /»، $/ };
    for (const [locale, comma] of Object.entries(COMMAS)) {
      const names = [...readPage(build.outDir, `${folder(locale)}index.html`).querySelectorAll('.vote-link > .visually-hidden:first-child')].map((span) => span.textContent ?? '');
      expect(names.length, locale).toBeGreaterThanOrEqual(10);
      for (const name of names) expect(name, locale).toMatch(comma);
    }
  });

  it('it: the first of a month is "1º" (primo), and the article before it is not elided', () => {
    const times = timesOf('it');
    expect(times.filter((time) => /^1º /.test(time)).length).toBeGreaterThanOrEqual(1);
    expect(times.filter((time) => /^1 /.test(time))).toEqual([]);
    const shipped = [...readPage(build.outDir, 'it/shipped/index.html').querySelectorAll('.shipped-list li')].map(text);
    expect(shipped.filter((line) => line.includes('il 1º ')).length).toBeGreaterThanOrEqual(1);
    expect(shipped.filter((line) => /l’1\D/.test(line))).toEqual([]);
  });

  it("ar: the what's-new button names its unread count with the counted noun", () => {
    // Arabic is the fixture's first language, so latest.json speaks it.
    const latest = JSON.parse(readFileSync(join(build.outDir, 'latest.json'), 'utf8')) as { lang: string; labels: { unreadCounts: string[] } };
    expect(latest.lang).toBe('ar');
    expect(latest.labels.unreadCounts.slice(0, 3)).toEqual(['ما الجديد، عنصر واحد غير مقروء', 'ما الجديد، عنصران غير مقروءين', 'ما الجديد، 3 عناصر غير مقروءة']);
  });
});
