/**
 * The site's words in the visitor's language. The messages themselves are
 * data, one JSON file per language in src/i18n/translations/ (English is the
 * reference); this module picks the file for a locale, applies the config's
 * `labels` overrides, and says counts with `Intl.PluralRules`.
 *
 * The locale does two jobs: its language picks the translation (`de-AT` → de,
 * `pt` and `pt-PT` → pt-BR, a language that does not ship → English, with a
 * warning), and the whole tag formats dates and numbers (`de-AT` keeps
 * Austrian dates with the German interface).
 */
import { LANGUAGES, TRANSLATIONS, type LabelKey, type Labels, type Language, type PluralKey, type StringKey } from './translation-files.ts';
import { pluralCategories } from './translation-schema.ts';
import { fill, type PluralForms } from './messages.ts';
import { countText } from './counts.ts';
import { statusKey } from '../shared/status-key.ts';

export { fill, LANGUAGES, TRANSLATIONS };
export type { LabelKey, Labels, Language, PluralForms, PluralKey, StringKey };

/** The reference language's messages (src/i18n/translations/en.json): the keys every translation has. */
export const EN: Labels = TRANSLATIONS.en;

/**
 * `labels` in the config: a plain message replaces one key in every
 * language. For a counted key it may be a plain string (the same text for
 * every count, `{count}` allowed) or plural forms, of which `other` is
 * required and any other form missing falls back to `other`.
 */
export type LabelOverrides = { [K in StringKey]?: string | undefined } & { [K in PluralKey]?: string | PluralForms | undefined };

/** The translation a locale gets, or null when its language does not ship. */
export function translationLanguage(locale: string): Language | null {
  const tag = new Intl.Locale(locale);
  const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.baseName.toLowerCase());
  if (exact) return exact;
  // One translation per language: pt-BR serves every Portuguese (Brazilian is CLDR's default for `pt`).
  return LANGUAGES.find((language) => new Intl.Locale(language).language === tag.language) ?? null;
}

/** The messages for a locale's language (English when it does not ship), with the config's overrides applied. */
export function labelsFor(locale: string, overrides: LabelOverrides = {}): Labels {
  const base = TRANSLATIONS[translationLanguage(locale) ?? 'en'];
  const defined = Object.entries(overrides)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, typeof value === 'string' && typeof base[key as LabelKey] !== 'string' ? { other: value } : value]);
  return { ...base, ...Object.fromEntries(defined) } as Labels;
}

/** The note after a cut description, in the main language, `locale`: the content layer reads it from the settings (`truncatedNote`). */
export function truncationNoteText(config: { locale: string; labels?: LabelOverrides }): string {
  return labelsFor(config.locale, config.labels).descriptionTruncated;
}

export type TextDirection = 'ltr' | 'rtl';

/** Writing direction of a language, from CLDR (`Intl.Locale` text info). */
export function textDirection(language: string): TextDirection {
  const locale = new Intl.Locale(language) as Intl.Locale & { getTextInfo?: () => { direction?: string }; textInfo?: { direction?: string } };
  const info = locale.getTextInfo?.() ?? locale.textInfo;
  return info?.direction === 'rtl' ? 'rtl' : 'ltr';
}

/** Everything a page needs to speak one language: the messages, counts, project states, direction. */
export interface Ui {
  /** The translation in use (`pt-BR`, `de`, …). Plural rules are this language's, so every form the file holds is reachable. */
  language: Language;
  /** The configured BCP 47 tag: `<html lang>`, dates and numbers. */
  locale: string;
  dir: TextDirection;
  labels: Labels;
  /** A counted message for `count` (`{count}` formatted for the locale), with other placeholders from `values`. */
  count(key: PluralKey, count: number, values?: Record<string, string | number>): string;
  /** A project state in the visitor's language; a state this site does not know is shown as sent. */
  projectState(state: string): string;
  /** An issue priority in the visitor's language; one this site does not know is shown as sent. */
  priority(priority: string): string;
}

export function uiFor(locale: string, overrides: LabelOverrides = {}): Ui {
  const language = translationLanguage(locale) ?? 'en';
  const labels = labelsFor(locale, overrides);
  return {
    language,
    locale,
    dir: textDirection(language),
    labels,
    count: (key, count, values = {}) => countText(labels[key], count, language, locale, values),
    projectState: (state) => termLabel('projectState', state, labels) ?? state,
    priority: (priority) => termLabel('priority', priority, labels) ?? priority,
  };
}

/** Labels of the default columns, by column id. */
export const DEFAULT_COLUMN_LABELS: Readonly<Record<string, StringKey>> = {
  backlog: 'columnBacklog',
  planned: 'columnPlanned',
  'in-progress': 'columnInProgress',
  done: 'columnDone',
  canceled: 'columnCanceled',
};

/**
 * Project states the site translates, by `statusKey` (case, spaces, dashes
 * and underscores ignored). The spec does not list the states (docs/portal-api.md,
 * "Enumerated values … not shown"); these are the ones trackers use. Any
 * other state is shown as the portal sends it.
 */
export const PROJECT_STATE_LABELS: Readonly<Record<string, StringKey>> = {
  backlog: 'stateBacklog',
  planned: 'statePlanned',
  started: 'stateStarted',
  'in progress': 'stateStarted',
  paused: 'statePaused',
  completed: 'stateCompleted',
  canceled: 'stateCanceled',
  cancelled: 'stateCanceled',
};

/** Issue priorities the site translates (the names trackers use), by `statusKey`. Others are shown as sent. */
export const PRIORITY_LABELS: Readonly<Record<string, StringKey>> = {
  urgent: 'priorityUrgent',
  high: 'priorityHigh',
  medium: 'priorityMedium',
  low: 'priorityLow',
  'no priority': 'priorityNone',
};

/** Values from the portal that the site translates when it knows them. */
export type TermKind = 'projectState' | 'priority';
const TERMS: Record<TermKind, Readonly<Record<string, StringKey>>> = { projectState: PROJECT_STATE_LABELS, priority: PRIORITY_LABELS };

/** The translation of a known portal value, or undefined for one the site does not know. */
export function termLabel(kind: TermKind, value: string, labels: Labels): string | undefined {
  const key = TERMS[kind][statusKey(value)];
  return key ? labels[key] : undefined;
}

/** `en (English), de (Deutsch), …`: the languages that ship, for messages. */
export function shippedLanguagesList(): string {
  return LANGUAGES.map((language) => `${language} (${TRANSLATIONS[language].languageName})`).join(', ');
}

/**
 * What the build should say about the locale and the label overrides: a
 * language without a translation, Portuguese other than Brazilian, and
 * counted overrides that lack forms the language needs.
 */
export function localeWarnings(locale: string, overrides: LabelOverrides = {}): string[] {
  const warnings: string[] = [];
  const language = translationLanguage(locale);
  const tag = new Intl.Locale(locale);
  if (!language) {
    const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag.language);
    warnings.push(
      `locale "${locale}": no translation ships for ${name ? `${name} (${tag.language})` : `"${tag.language}"`}, so the interface is in English; dates and numbers follow "${locale}". ` +
        `Languages that ship: ${shippedLanguagesList()}. Use one of them in "locale" or "locales", or add a translation (docs/languages.md).`,
    );
  } else if (language === 'pt-BR' && tag.region && tag.region !== 'BR') {
    warnings.push(
      `locale "${locale}": Portuguese ships as Brazilian Portuguese (pt-BR), so the interface uses Brazilian wording; dates and numbers follow "${locale}". Override single strings with "labels" if you need to.`,
    );
  }
  const categories = pluralCategories(language ?? 'en');
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined || typeof value === 'string') continue;
    const missing = categories.filter((category) => !(category in value));
    if (missing.length > 0) {
      warnings.push(
        `labels.${key}: ${TRANSLATIONS[language ?? 'en'].languageName} counts use the forms ${categories.join(', ')}; ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing and fall${missing.length > 1 ? '' : 's'} back to "other". Add ${missing.length > 1 ? 'them' : 'it'} to say every count right.`,
      );
    }
  }
  return warnings;
}

/**
 * A suggestion for a locale that is not a BCP 47 tag but names a language in
 * English or in itself: "german" → "de", "Deutsch" → "de", "swedish" → "sv".
 */
export function suggestLocale(input: string): string | undefined {
  const wanted = input.trim().toLowerCase();
  for (const language of LANGUAGES) {
    if (TRANSLATIONS[language].languageName.toLowerCase() === wanted) return language;
  }
  const english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  // Every two-letter ISO 639-1 code is 676 lookups: cheap, and only ever run for a tag that is already wrong.
  for (const first of letters) {
    for (const second of letters) {
      const code = `${first}${second}`;
      if (english.of(code)?.toLowerCase() === wanted) return code;
    }
  }
  return undefined;
}
