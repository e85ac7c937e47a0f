/**
 * The translations: every file holds exactly English's keys with the plural
 * forms its language needs, counts read right in each language, nothing is
 * left in English that should not be, and the locale option says what it
 * does. Run this file after adding or editing a translation:
 * `npx vitest run --config test/vitest.config.ts test/unit/i18n.test.ts`.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_FILES, translationProblems } from '../../../src/i18n/translation-files.ts';
import { EN, LANGUAGES, TRANSLATIONS, labelsFor, localeWarnings, translationLanguage, uiFor, type LabelKey } from '../../../src/i18n/labels.ts';
import { columnLabel } from '../../../src/shown/columns.ts';
import { alternatePaths, languageOfPath, siteLanguages } from '../../../src/view/languages.ts';
import { configIn, parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { DEMO_DATA_WARNING, resolveSettings } from '../../../src/config/settings.ts';
import { ConfigError } from '../../../src/shared/errors.ts';
import { PROJECT_ROOT } from '../../support/build-site.ts';

const I18N_DIR = join(PROJECT_ROOT, 'src/i18n/translations');
/** The files as JSON on disk, read independently of the module's imports. */
const onDisk = (language: string) => JSON.parse(readFileSync(join(I18N_DIR, `${language}.json`), 'utf8')) as Record<string, unknown>;

describe('translation files', () => {
  it('are the eight languages, each file registered', () => {
    const files = readdirSync(I18N_DIR)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual(['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'pt-BR']);
    expect([...LANGUAGES].sort()).toEqual(files);
    for (const language of files) expect(LANGUAGE_FILES[language as keyof typeof LANGUAGE_FILES], language).toEqual(onDisk(language));
  });

  for (const language of ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'ja', 'ar']) {
    it(`${language}: exactly English's keys, the plural forms ${language} needs, English's placeholders`, () => {
      expect(translationProblems(language, onDisk(language))).toEqual([]);
    });
  }

  it('a missing key, an extra key, a wrong placeholder are each named', () => {
    const de = onDisk('de');
    delete de.noIssues;
    de.boardd = 'Übersicht';
    de.showAll = 'Alle {anzahl} anzeigen';
    expect(translationProblems('de', de)).toEqual([
      'de.json: noIssues: missing; translate en.json\'s "noIssues"',
      'de.json: showAll: use the placeholders of English, {count}; found {anzahl}',
      'de.json: boardd: not in en.json; remove it, or add it to en.json first',
    ]);
  });

  it('counted messages need exactly the CLDR forms of their language', () => {
    const ja = onDisk('ja');
    ja.issueCount = { one: '{count}件', other: '{count}件' };
    expect(translationProblems('ja', ja)).toEqual(['ja.json: issueCount.one: ja has no "one" plural form; it uses other']);
    const ar = onDisk('ar');
    ar.issueCount = { one: 'عنصر واحد', other: '{count} عنصر' };
    expect(translationProblems('ar', ar)).toEqual([
      'ar.json: issueCount.zero: missing; translate en.json\'s "issueCount.zero"',
      'ar.json: issueCount.two: missing; translate en.json\'s "issueCount.two"',
      'ar.json: issueCount.few: missing; translate en.json\'s "issueCount.few"',
      'ar.json: issueCount.many: missing; translate en.json\'s "issueCount.many"',
    ]);
    const fr = onDisk('fr');
    fr.issueCount = { one: '{count} élément', many: '{count} d’éléments', other: 'des éléments' };
    expect(translationProblems('fr', fr)).toEqual(['fr.json: issueCount.other: the "other" form must use {count}']);
  });

  // Words that are the same in English and the language, and rightly so. Anything else equal to English is a missed translation.
  // `changeMoved` ("“{from}” → “{column}”") has no words, only an arrow and the quotation marks, which are English's in Brazilian Portuguese.
  const SAME_AS_ENGLISH: Record<string, string[]> = {
    de: ['board', 'boardHeading', 'status', 'team', 'filterTeam', 'filterStatus', 'stateBacklog', 'releaseVersion'],
    fr: ['importance', 'description', 'pagination', 'releaseVersion'],
    es: [],
    'pt-BR': ['board', 'status', 'filterStatus'],
    it: ['board', 'team', 'filterTeam', 'siteHome'],
    ja: [],
    ar: [],
  };
  for (const [language, allowed] of Object.entries(SAME_AS_ENGLISH)) {
    it(`${language}: no message is left in English (except ${allowed.join(', ') || 'none'})`, () => {
      const file = onDisk(language);
      const english = onDisk('en');
      // A pattern of placeholders and punctuation alone ("{label}: {value}") has no English word to leave.
      const worded = (key: string) => /\p{L}/u.test(JSON.stringify(english[key]).replace(/\{\w+\}/g, ''));
      const same = Object.keys(english).filter((key) => worded(key) && JSON.stringify(file[key]) === JSON.stringify(english[key]));
      expect(same.sort()).toEqual([...allowed].sort());
    });
  }
});

describe('counts', () => {
  const NUMBERS = [0, 1, 2, 3, 11, 100];

  // Written out by hand from each language's grammar, not computed.
  const ISSUE_COUNTS: Record<string, string[]> = {
    en: ['0 issues', '1 issue', '2 issues', '3 issues', '11 issues', '100 issues'],
    de: ['0 Einträge', '1 Eintrag', '2 Einträge', '3 Einträge', '11 Einträge', '100 Einträge'],
    // French counts 0 as singular.
    fr: ['0 élément', '1 élément', '2 éléments', '3 éléments', '11 éléments', '100 éléments'],
    'pt-BR': ['0 item', '1 item', '2 itens', '3 itens', '11 itens', '100 itens'],
    es: ['0 elementos', '1 elemento', '2 elementos', '3 elementos', '11 elementos', '100 elementos'],
    ja: ['0件', '1件', '2件', '3件', '11件', '100件'],
    // Arabic: no items, one item, a dual, 3–10 plural, 11–99 accusative singular, 100 genitive singular.
    ar: ['لا توجد عناصر', 'عنصر واحد', 'عنصران', '3 عناصر', '11 عنصرًا', '100 عنصر'],
  };
  for (const [language, expected] of Object.entries(ISSUE_COUNTS)) {
    it(`${language}: 0, 1, 2, 3, 11 and 100 issues`, () => {
      const ui = uiFor(language);
      expect(NUMBERS.map((n) => ui.count('issueCount', n))).toEqual(expected);
    });
  }

  // From a million on, counts are compact (src/i18n/format.ts: a card has room for a few characters).
  it('a million takes the "many" form where the language has one', () => {
    expect(uiFor('fr').count('issueCount', 1_000_000)).toBe('1\u00a0M d’éléments');
    expect(uiFor('es').count('upvoteCount', 1_000_000)).toBe('1\u00a0M de votos');
    expect(uiFor('en').count('issueCount', 1_000_000)).toBe('1M issues');
  });

  it('every language picks the form Intl.PluralRules names, for every count and every counted message', () => {
    for (const language of LANGUAGES) {
      const ui = uiFor(language);
      const rules = new Intl.PluralRules(language);
      const file = onDisk(language);
      for (const key of ['issueCount', 'upvoteCount'] as const) {
        for (const n of [...NUMBERS, 101, 102, 1_000_000]) {
          const form = (file[key] as Record<string, string>)[rules.select(n)];
          expect(form, `${language} ${key} ${n}`).toBeDefined();
          const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1, notation: n >= 1_000_000 ? 'compact' : 'standard' }).format(n);
          expect(ui.count(key, n), `${language} ${key} ${n}`).toBe(form!.replace('{count}', number));
        }
      }
    }
  });

  it('the filter status counts the total and shows how many are shown', () => {
    expect(uiFor('en').count('showingCount', 1, { shown: 1 })).toBe('Showing 1 of 1 issue');
    expect(uiFor('en').count('showingCount', 20, { shown: 9 })).toBe('Showing 9 of 20 issues');
    expect(uiFor('de').count('showingCount', 9, { shown: 3 })).toBe('3 von 9 Einträgen');
    expect(uiFor('ja').count('showingCount', 20, { shown: 9 })).toBe('20件中 9件を表示');
    expect(uiFor('ar').count('showingCount', 2, { shown: 1 })).toBe('عرض 1 من أصل عنصرين');
  });

  it('numbers follow the whole locale, words its language', () => {
    expect(uiFor('de-CH').count('issueCount', 1234)).toBe("1'234 Einträge");
    expect(uiFor('sv').count('issueCount', 1234)).toBe('1\u00a0234 issues');
  });
});

describe('choosing the language', () => {
  it('maps a locale to the translation of its language', () => {
    expect(['en-GB', 'de-AT', 'fr-CA', 'es-MX', 'pt', 'pt-PT', 'pt-BR', 'it-CH', 'ja-JP', 'ar-EG', 'sv', 'zh-Hant'].map(translationLanguage)).toEqual([
      'en',
      'de',
      'fr',
      'es',
      'pt-BR',
      'pt-BR',
      'pt-BR',
      'it',
      'ja',
      'ar',
      null,
      null,
    ]);
    expect(labelsFor('de-AT').board).toBe('Roadmap');
    expect(labelsFor('de-AT').boardHeading).toBe('Board');
    expect(labelsFor('de-AT').noIssues).toBe('Noch nichts hier.');
    expect(labelsFor('sv').boardHeading).toBe('Board');
  });

  it('Arabic reads right to left, the others left to right', () => {
    expect(Object.fromEntries(LANGUAGES.map((language) => [language, uiFor(language).dir]))).toEqual({
      en: 'ltr',
      de: 'ltr',
      fr: 'ltr',
      es: 'ltr',
      'pt-BR': 'ltr',
      it: 'ltr',
      ja: 'ltr',
      ar: 'rtl',
    });
    expect(uiFor('ar-SA').dir).toBe('rtl');
  });

  it('translates the default columns, the known project states and priorities; shows others as sent', () => {
    expect(columnLabel({ id: 'in-progress' }, labelsFor('ja'))).toBe('対応中');
    expect(columnLabel({ id: 'backlog' }, labelsFor('ar'))).toBe('قيد الدراسة');
    expect(columnLabel({ id: 'done', label: 'Livré !' }, labelsFor('fr'))).toBe('Livré !');
    const de = uiFor('de');
    expect(['backlog', 'planned', 'started', 'In Progress', 'paused', 'completed', 'canceled', 'Cancelled', 'frozen'].map(de.projectState)).toEqual([
      'Backlog',
      'Geplant',
      'In Arbeit',
      'In Arbeit',
      'Pausiert',
      'Abgeschlossen',
      'Abgebrochen',
      'Abgebrochen',
      'frozen',
    ]);
    expect(uiFor('en').projectState('started')).toBe('In progress');
    const ja = uiFor('ja');
    expect(['Urgent', 'high', 'Medium', 'low', 'No priority', 'P2'].map(ja.priority)).toEqual(['緊急', '高', '中', '低', '優先度なし', 'P2']);
  });
});

describe('label overrides', () => {
  it('a plain override replaces the message; for a counted key it serves every count', () => {
    const ui = uiFor('en', { shipped: 'Released', board: undefined, issueCount: '{count} requests' });
    expect(ui.labels.shipped).toBe('Released');
    expect(ui.labels.board).toBe(EN.board);
    expect([0, 1, 5].map((n) => ui.count('issueCount', n))).toEqual(['0 requests', '1 requests', '5 requests']);
  });

  it('plural forms override per form; a form left out falls back to "other", with a warning', () => {
    const overrides = { issueCount: { one: 'طلب واحد', other: '{count} طلب' } };
    const ui = uiFor('ar', overrides);
    expect([1, 2, 3].map((n) => ui.count('issueCount', n))).toEqual(['طلب واحد', '2 طلب', '3 طلب']);
    expect(localeWarnings('ar', overrides)).toEqual([
      'labels.issueCount: العربية counts use the forms zero, one, two, few, many, other; zero, two, few, many are missing and fall back to "other". Add them to say every count right.',
    ]);
    expect(localeWarnings('en', { issueCount: { one: '{count} request', other: '{count} requests' } })).toEqual([]);
  });

  it('the config accepts a string or plural forms for a counted key, and refuses forms without "other"', () => {
    expect(parseRoadmapConfig({ labels: { issueCount: '{count} requests' } }).labels.issueCount).toBe('{count} requests');
    expect(parseRoadmapConfig({ labels: { issueCount: { one: 'a', other: 'b' } } }).labels.issueCount).toEqual({ one: 'a', other: 'b' });
    expect(() => parseRoadmapConfig({ labels: { issueCount: { one: 'a' } } })).toThrow(ConfigError);
    expect(() => parseRoadmapConfig({ labels: { board: { other: 'x' } } })).toThrow(/labels\.board/);
  });
});

describe('the locale option', () => {
  const message = (input: unknown) => {
    try {
      parseRoadmapConfig(input);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('an invalid tag is an error naming the option, the value and a fix', () => {
    expect(message({ locale: 'german' })).toContain('locale: "german" is not a BCP 47 language tag: use "de"');
    expect(message({ locale: 'Swedish' })).toContain('locale: "Swedish" is not a BCP 47 language tag: use "sv"');
    expect(message({ locale: 'en_US!' })).toContain('locale: "en_US!" is not a BCP 47 language tag: use a tag such as "en" or "de-DE"');
    expect(message({ locale: 'sv' })).toBe('accepted');
    expect(message({ locale: 'de-AT' })).toBe('accepted');
  });

  it('a language that does not ship is a warning listing those that do; Portuguese other than Brazilian is a note', () => {
    expect(localeWarnings('sv')).toEqual([
      'locale "sv": no translation ships for Swedish (sv), so the interface is in English; dates and numbers follow "sv". ' +
        'Languages that ship: en (English), de (Deutsch), fr (Français), es (Español), pt-BR (Português (Brasil)), it (Italiano), ja (日本語), ar (العربية). ' +
        'Use one of them in "locale" or "locales", or add a translation (docs/languages.md).',
    ]);
    expect(localeWarnings('pt-PT')).toEqual([
      'locale "pt-PT": Portuguese ships as Brazilian Portuguese (pt-BR), so the interface uses Brazilian wording; dates and numbers follow "pt-PT". Override single strings with "labels" if you need to.',
    ]);
    for (const locale of ['en', 'de-AT', 'fr', 'pt', 'pt-BR', 'ja', 'ar-EG']) expect(localeWarnings(locale), locale).toEqual([]);
  });

  it('the settings carry the warning, for astro.config.mjs to print', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-settings-'));
    writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify({ locale: 'sv' }));
    const settings = resolveSettings(PROJECT_ROOT, { ROADMAP_CONFIG: join(dir, 'roadmap.config.json') });
    const warnings = settings.warnings.filter((warning) => warning !== DEMO_DATA_WARNING);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^locale "sv": no translation ships for Swedish/);
    expect(resolveSettings(PROJECT_ROOT, {}).warnings).toEqual([]);
  });
});

describe('every language is complete where the pages look', () => {
  it('every message key of English exists in every language, with text', () => {
    for (const language of LANGUAGES) {
      for (const key of Object.keys(EN) as LabelKey[]) expect(TRANSLATIONS[language][key], `${language}.${key}`).toBeTruthy();
    }
  });
});

describe('one site in several languages', () => {
  it('the first language sits at the root, the others in lower-case folders, each named in itself', () => {
    expect(siteLanguages(['en', 'de', 'pt-BR', 'ar', 'sv'], '/')).toEqual([
      { locale: 'en', segment: undefined, root: '/', name: 'English', dir: 'ltr' },
      { locale: 'de', segment: 'de', root: '/de/', name: 'Deutsch', dir: 'ltr' },
      { locale: 'pt-BR', segment: 'pt-br', root: '/pt-br/', name: 'Português (Brasil)', dir: 'ltr' },
      { locale: 'ar', segment: 'ar', root: '/ar/', name: 'العربية', dir: 'rtl' },
      { locale: 'sv', segment: 'sv', root: '/sv/', name: 'Svenska', dir: 'ltr' },
    ]);
    expect(siteLanguages(['de', 'en'], '/roadmap').map((l) => l.root)).toEqual(['/roadmap/', '/roadmap/en/']);
    // Two tags of one language get CLDR's names, which tell them apart.
    expect(siteLanguages(['en-US', 'en-GB'], '/').map((l) => l.name)).toEqual(['American English', 'British English']);
  });

  it("finds a page's language and the same page in every language", () => {
    const languages = siteLanguages(['en', 'de', 'ja'], '/roadmap/');
    expect(['/roadmap/', '/roadmap/de/', '/roadmap/ja/issues/x/', '/roadmap/issues/de/'].map((path) => languageOfPath(path, languages).locale)).toEqual(['en', 'de', 'ja', 'en']);
    expect(alternatePaths('/roadmap/de/status/done/2/', languages).map(({ language, path }) => [language.locale, path])).toEqual([
      ['en', '/roadmap/status/done/2/'],
      ['de', '/roadmap/de/status/done/2/'],
      ['ja', '/roadmap/ja/status/done/2/'],
    ]);
    expect(alternatePaths('/roadmap/', languages).map(({ path }) => path)).toEqual(['/roadmap/', '/roadmap/de/', '/roadmap/ja/']);
  });

  it('locales: the first is the main language; locale must agree; each language once', () => {
    expect(parseRoadmapConfig({ locales: ['de', 'en'] })).toMatchObject({ locale: 'de', locales: ['de', 'en'] });
    expect(parseRoadmapConfig({ locale: 'fr' })).toMatchObject({ locale: 'fr', locales: ['fr'] });
    expect(parseRoadmapConfig({})).toMatchObject({ locale: 'en', locales: ['en'] });
    expect(parseRoadmapConfig({ locale: 'de', locales: ['de', 'en'] }).locale).toBe('de');
    expect(message({ locale: 'en', locales: ['de', 'en'] })).toContain('locale: "en" is not the first of locales ("de", "en")');
    expect(message({ locales: ['de', 'en', 'DE'] })).toContain('locales[2]: "DE" is listed twice (as "de")');
    expect(message({ locales: ['de', 'german'] })).toContain('locales[1]: "german" is not a BCP 47 language tag: use "de"');
    expect(message({ locales: [] })).toContain('locales: list at least one language');
  });

  it('warns about each language that does not ship, and about labels shared by several languages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-locales-'));
    writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify({ locales: ['en', 'sv', 'fi'], labels: { board: 'Plan' } }));
    const warnings = resolveSettings(PROJECT_ROOT, { ROADMAP_CONFIG: join(dir, 'roadmap.config.json') }).warnings.filter((warning) => warning !== DEMO_DATA_WARNING);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^locale "sv": no translation ships for Swedish \(sv\), so the interface is in English/);
    expect(warnings[1]).toMatch(/^locale "fi": no translation ships for Finnish \(fi\), so the interface is in English/);
    expect(warnings[2]).toBe(
      'labels: with several locales (en, sv, fi), "board" replaces the message in every language. Give each a text per language, e.g. {"en": "…", "sv": "…"}, or leave it out.',
    );
  });
});

describe('texts per language', () => {
  const config = {
    locales: ['en', 'de', 'fr'],
    title: { en: 'Acme roadmap', de: 'Acme-Fahrplan' },
    description: 'What we build next.',
    columns: [
      { id: 'planned', statuses: ['Planned'] },
      { id: 'done', label: { en: 'Shipped', de: 'Ausgeliefert', fr: 'Livré' }, statuses: ['Done'] },
    ],
    labels: {
      vote: { en: 'Vote', de: 'Abstimmen' },
      upvoteCount: { en: { one: '{count} vote', other: '{count} votes' }, de: { one: '{count} Stimme', other: '{count} Stimmen' } },
    },
  };

  it("each language gets its own text; one the object lacks gets the main language's; a plain text is every language's", () => {
    const parsed = parseRoadmapConfig(config);
    expect([parsed.title, parsed.columns[1]!.label, parsed.labels.vote]).toEqual(['Acme roadmap', 'Shipped', 'Vote']);
    const de = configIn(parsed, 'de');
    expect([de.title, de.description, de.columns[1]!.label, de.columns[0]!.label, de.labels.vote, de.labels.upvoteCount]).toEqual([
      'Acme-Fahrplan',
      'What we build next.',
      'Ausgeliefert',
      undefined,
      'Abstimmen',
      { one: '{count} Stimme', other: '{count} Stimmen' },
    ]);
    const fr = configIn(parsed, 'fr');
    expect([fr.title, fr.columns[1]!.label, fr.labels.vote]).toEqual(['Acme roadmap', 'Livré', 'Vote']);
    // The German board's column heading and vote button, as the pages make them.
    expect(columnLabel(de.columns[1]!, uiFor('de', de.labels).labels)).toBe('Ausgeliefert');
    expect(uiFor('de', de.labels).count('upvoteCount', 1)).toBe('1 Stimme');
  });

  it('the build warns once per text and language that falls back, naming both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-texts-'));
    writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify(config));
    const warnings = resolveSettings(PROJECT_ROOT, { ROADMAP_CONFIG: join(dir, 'roadmap.config.json') }).warnings.filter((warning) => warning !== DEMO_DATA_WARNING);
    expect(warnings.filter((warning) => warning.includes('no text for'))).toEqual([
      'title: no text for "fr", so its pages show the main language\'s ("en"). Add "fr" to title.',
      'labels.upvoteCount: no text for "fr", so its pages show the main language\'s ("en"). Add "fr" to labels.upvoteCount.',
      'labels.vote: no text for "fr", so its pages show the main language\'s ("en"). Add "fr" to labels.vote.',
    ]);
    // French counts have a "many" form the English fallback lacks: said as for any override.
    expect(warnings.filter((warning) => !warning.includes('no text for'))).toEqual([
      expect.stringMatching(/^labels\.upvoteCount: Français counts use the forms one, many, other; many is missing/),
    ]);
  });

  it('a language the site does not build, or a missing main language, is an error naming the path', () => {
    expect(message({ ...config, title: { en: 'A', dee: 'B' } })).toContain(
      'title.dee: "dee" is not one of the site\'s languages (en, de, fr): use one of them, or add it to "locales"',
    );
    expect(message({ ...config, columns: [{ id: 'done', label: { de: 'Ausgeliefert' }, statuses: ['Done'] }] })).toContain(
      'columns[0].label: give a text for the main language "en" (the first of locales), which the other languages fall back to',
    );
  });
});

function message(input: unknown): string {
  try {
    parseRoadmapConfig(input);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}
