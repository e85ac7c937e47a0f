/**
 * Words a team writes in the config (`title`, `description`, column labels,
 * `labels`), in one language or in each: a text, or an object keyed by
 * language, `{"en": "Shipped", "de": "Ausgeliefert"}`. A language the site
 * builds but the object lacks falls back to the main language (the first of
 * `locales`), and the build warns once, naming the key and the language.
 */
import { z } from 'zod';
import { localeSegment } from '../../i18n/locale-segment.ts';

/** One text for every language, or one per language tag. */
export type LocalText<T> = T | { [language: string]: T };

/** The texts of one language, as the rest of the site reads them. */
export interface LanguageTexts<Labels> {
  title: string | undefined;
  description: string | undefined;
  /** Column label by column id (undefined: the translation's own label for a default column, else the id). */
  columnLabels: Record<string, string | undefined>;
  labels: Labels;
}

/** The keys of plural forms (`{"one": …, "other": …}`), which are objects too: never language tags here. */
const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** `inner`, or an object of `inner` keyed by language (checked against `locales` by `checkLocalTexts`). */
export function localText<T extends z.ZodType>(inner: T) {
  return z.union([
    inner,
    z
      .record(z.string(), inner)
      .refine(
        (value) => !Object.keys(value).some((key) => PLURAL_CATEGORIES.has(key)),
        'give a text, plural forms with "other" where the message counts, or one text per language',
      ),
  ]);
}

/** Whether a value is a per-language object rather than a text or plural forms. */
export function isPerLanguage(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Object.keys(value).some((key) => PLURAL_CATEGORIES.has(key));
}

interface TextSource {
  title?: LocalText<string> | undefined;
  description?: LocalText<string> | undefined;
  columns: { id: string; label?: LocalText<string> | undefined }[];
  labels: Record<string, unknown>;
  nav?: { label: LocalText<string> }[] | undefined;
}

/** Every per-language object of the config, with its path: `[["title"], {...}]`. */
function perLanguageValues(config: TextSource): [path: (string | number)[], value: Record<string, unknown>][] {
  const found: [(string | number)[], Record<string, unknown>][] = [];
  const visit = (path: (string | number)[], value: unknown) => {
    if (isPerLanguage(value)) found.push([path, value]);
  };
  visit(['title'], config.title);
  visit(['description'], config.description);
  config.columns.forEach((column, index) => visit(['columns', index, 'label'], column.label));
  for (const [key, value] of Object.entries(config.labels)) visit(['labels', key], value);
  config.nav?.forEach((link, index) => visit(['nav', index, 'label'], link.label));
  return found;
}

/** Each per-language object names only the site's languages, and has the main one, which the others fall back to. */
export function checkLocalTexts(config: TextSource, languages: readonly string[], ctx: z.RefinementCtx): void {
  const segments = new Set(languages.map(localeSegment));
  const main = languages[0]!;
  for (const [path, value] of perLanguageValues(config)) {
    const keys = Object.keys(value);
    for (const key of keys) {
      if (!segments.has(localeSegment(key))) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, key],
          message: `"${key}" is not one of the site's languages (${languages.join(', ')}): use one of them, or add it to "locales"`,
        });
      }
    }
    if (!keys.some((key) => localeSegment(key) === localeSegment(main))) {
      ctx.addIssue({ code: 'custom', path, message: `give a text for the main language "${main}" (the first of locales), which the other languages fall back to` });
    }
  }
}

/** The value for `locale` of a text that may be per language; the main language's when the object lacks it. */
export function localTextIn<T>(value: LocalText<T> | undefined, locale: string, main: string): T | undefined {
  if (!isPerLanguage(value)) return value;
  const entries = Object.entries(value as Record<string, T>);
  const find = (tag: string) => entries.find(([key]) => localeSegment(key) === localeSegment(tag))?.[1];
  return find(locale) ?? find(main);
}

/** The config's texts in `locale`. */
export function textsIn<Labels>(config: TextSource, locale: string, main: string): LanguageTexts<Labels> {
  return {
    title: localTextIn(config.title, locale, main),
    description: localTextIn(config.description, locale, main),
    columnLabels: Object.fromEntries(config.columns.map((column) => [column.id, localTextIn(column.label, locale, main)])),
    labels: Object.fromEntries(Object.entries(config.labels).map(([key, value]) => [key, localTextIn(value, locale, main)])) as Labels,
  };
}

/** One warning per text a built language falls back for, naming the key and the language. */
export function fallbackWarnings(config: TextSource, languages: readonly string[]): string[] {
  const main = languages[0]!;
  return perLanguageValues(config).flatMap(([path, value]) => {
    const name = path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index > 0 ? '.' : ''}${part}`)).join('');
    const keys = new Set(Object.keys(value).map(localeSegment));
    return languages
      .slice(1)
      .filter((language) => !keys.has(localeSegment(language)))
      .map((language) => `${name}: no text for "${language}", so its pages show the main language's ("${main}"). Add "${language}" to ${name}.`);
  });
}
