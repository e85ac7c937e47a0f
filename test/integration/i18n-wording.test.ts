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
    for (const [locale, colon] of Object.entries(COLONS)) {
      const lines = [...readPage(build.outDir, `${folder(locale)}changes/index.html`).querySelectorAll('.changes-list li')];
      expect(lines.length, locale).toBeGreaterThanOrEqual(3);
      // The line after its date and "·": the name, the colon, the change.
      for (const line of lines) expect(text(line).split(' · ').slice(1).join(' · '), `${locale}: ${text(line)}`).toMatch(colon);
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
});
