/**
 * What a native reader of each language notices and the translation checks
 * (test/unit/i18n.test.ts) cannot: Italian elides its article before a date
 * said with a vowel, a compact count takes the plural form of the number as
 * shown, a column name is quoted wherever a sentence names it, and signs are
 * the locale's. Expected texts are written out by hand from each language's
 * grammar, not computed by the modules under test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uiFor } from '../../../src/i18n/labels.ts';
import { fillDated } from '../../../src/i18n/dates.ts';
import { formatSigned } from '../../../src/i18n/format.ts';
import { PROJECT_ROOT } from '../../support/build-site.ts';

const onDisk = (language: string) =>
  JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/i18n/translations', `${language}.json`), 'utf8')) as Record<string, string | Record<string, string>>;
const texts = (message: string | Record<string, string>) => (typeof message === 'string' ? [message] : Object.values(message));

describe('Italian before a date', () => {
  const it_ = onDisk('it');
  const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T09:00:00Z`;

  it('elides the article on days 8 and 11, and only there; the first is "il 1º" (primo)', () => {
    expect(fillDated(it_.changelogShipped as string, at(8), 'it')).toBe('rilasciato l’8 marzo 2026');
    expect(fillDated(it_.trendGainSince as string, at(11), 'it', { gain: '+3' })).toBe('+3 dall’11 marzo 2026');
    expect(fillDated(it_.changelogEarlier as string, at(1), 'it')).toBe('Rilasciato prima del 1º marzo 2026');
    expect(fillDated(it_.timelineMoved as string, at(1), 'it', { column: 'In corso' })).toBe('Spostato nella colonna «In corso» il 1º marzo 2026');
    expect(fillDated(it_.changelogShipped as string, at(3), 'it')).toBe('rilasciato il 3 marzo 2026');
    expect(fillDated(it_.trendGainSince as string, at(18), 'it', { gain: '+3' })).toBe('+3 dal 18 marzo 2026');
  });

  it('in every Italian message with a date', () => {
    const dated = Object.entries(it_).flatMap(([key, message]) =>
      texts(message)
        .filter((text) => text.includes('{date}'))
        .map((text) => [key, text] as const),
    );
    expect(dated.length).toBeGreaterThanOrEqual(12);
    for (const [key, text] of dated) {
      for (const day of [1, 8, 11]) expect(fillDated(text, at(day), 'it', { count: 7 }), `${key}, day ${day}`).not.toMatch(/(^|\s)(il|al|dal|del|nel|sul) (1|8|11) |’1º/i);
      expect(fillDated(text, at(3), 'it', { count: 7 }), key).not.toContain('’3');
    }
  });

  it('leaves other languages as they are', () => {
    expect(fillDated('il {date}', at(8), 'fr')).toBe('il 8 mars 2026');
  });
});

describe('a compact count', () => {
  // CLDR: French, Spanish, Portuguese and Italian say a count shown in millions with "de"/"di" (the `many` form, exponent 6).
  it('takes the plural form of the number as shown, 1,5 M', () => {
    expect(uiFor('fr').count('issueCount', 1_500_000)).toBe('1,5\u00a0M d’éléments');
    expect(uiFor('es').count('issueCount', 1_500_000)).toBe('1,5\u00a0M de elementos');
    expect(uiFor('pt-BR').count('issueCount', 1_500_000)).toBe('1,5\u00a0mi de itens');
    expect(uiFor('it').count('issueCount', 1_500_000)).toBe('1,5\u00a0Mln di elementi');
    expect(uiFor('fr').count('upvoteCount', 2_345_678)).toBe('2,3\u00a0M de votes');
    expect(uiFor('fr').count('issueCount', 999_999)).toBe('999\u202f999 éléments');
    expect(uiFor('en').count('issueCount', 1_500_000)).toBe('1.5M issues');
  });

  it('reads the rounded number, not the raw count, in Arabic', () => {
    // 1,512,345 is "many" (ends in 45) but reads as 1.5 million: the genitive singular after a million.
    expect(uiFor('ar').count('issueCount', 1_512_345)).toBe('1.5\u00a0مليون عنصر');
  });
});

describe('column names in a sentence', () => {
  /** Each language's quotation marks, as its typography writes them. */
  const QUOTES: Record<string, [string, string]> = {
    en: ['“', '”'],
    de: ['„', '“'],
    fr: ['«\u00a0', '\u00a0»'],
    es: ['«', '»'],
    'pt-BR': ['“', '”'],
    it: ['«', '»'],
    ja: ['「', '」'],
    ar: ['«', '»'],
  };
  for (const [language, [open, close]] of Object.entries(QUOTES)) {
    it(`${language}: every {column} is quoted ${open}…${close}`, () => {
      const file = onDisk(language);
      const found = Object.entries(file)
        .flatMap(([key, message]) => texts(message).map((text) => [key, text] as const))
        .filter(([, text]) => text.includes('{column}'));
      expect(found.length).toBeGreaterThanOrEqual(9);
      for (const [key, text] of found) {
        const bare = text.replaceAll(`${open}{column}${close}`, '').replaceAll(`${open}{from}${close}`, '');
        expect(bare, `${language}.${key}`).not.toMatch(/\{(column|from)\}/);
      }
    });
  }
});

describe('a column named after a preposition', () => {
  /** Each language's "in the column" before a quoted column name, as pt-BR's "na coluna “{column}”": never "En «En curso»". */
  const COLUMN_WORD: Record<string, RegExp> = {
    de: /(der|die) Spalte „\{column\}“/,
    fr: /la colonne «\u00a0\{column\}\u00a0»/,
    es: /la columna «\{column\}»/,
    'pt-BR': /(coluna|para) “\{column\}”/,
    it: /(nella|la) colonna «\{column\}»/,
  };
  const KEYS = ['timelineSeenAtLeast', 'timelineSeen', 'timelineMoved', 'timelineBack', 'changeSeen', 'changeBack'];
  for (const [language, pattern] of Object.entries(COLUMN_WORD)) {
    it(`${language}: the timeline and the changes say "column" before the name`, () => {
      const file = onDisk(language);
      for (const key of KEYS) expect(file[key], `${language}.${key}`).toMatch(pattern);
    });
  }

  it('ja: a column the issue has been in since at least a date ends in a verb', () => {
    expect(onDisk('ja').timelineSeenAtLeast).toBe('遅くとも{date}から「{column}」に掲載');
  });
});

describe('signs', () => {
  it('are the locale’s, from Intl', () => {
    expect([formatSigned(3, 'en'), formatSigned(-3, 'en'), formatSigned(0, 'en')]).toEqual(['+3', '-3', '0']);
    expect(formatSigned(3, 'ar-EG')).toBe('\u061c+٣');
    expect(formatSigned(-3, 'sv')).toBe('\u22123');
  });
});
