/** Dates and numbers for the configured locale, with `Intl`. Formatters are made once per locale: making one costs more than using it. */
import { longDateFormat, writeLongDate } from './long-date.ts';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Dates already written, by locale and ISO date: a build writes the same few over and over (the data's date in every
 * page's footer, each issue's dates on its page, its card and its feed). Bounded by the dates of the data.
 */
const writtenDates = new Map<string, string>();

function writeDate(iso: string, locale: string): string {
  return writeLongDate(
    new Date(iso),
    locale,
    cached(`date:${locale}`, () => longDateFormat(locale)),
  );
}

/** `12 March 2026` style date in `locale` (with the language's customs: src/i18n/long-date.ts), in UTC so a build gives the same text wherever it runs. */
export function formatDate(iso: string, locale: string): string {
  const key = `${locale}\n${iso}`;
  let written = writtenDates.get(key);
  if (written === undefined) {
    written = writeDate(iso, locale);
    writtenDates.set(key, written);
  }
  return written;
}

/** From here on a count is shown compactly (`1.2M`): a card has room for a few characters, and the portal may send any number. */
const COMPACT_FROM = 1e6;
/** From here on compact notation has no word left (it would print `1,000,000T`), so the count is shown in scientific notation (`1E18`). */
const SCIENTIFIC_FROM = 1e15;

/** How `value` is written in `locale`: in full, compact from a million, scientific from 10¹⁵. */
function notationOf(value: number): 'standard' | 'compact' | 'scientific' {
  const size = Math.abs(value);
  return size >= SCIENTIFIC_FROM ? 'scientific' : size >= COMPACT_FROM ? 'compact' : 'standard';
}

/** The variants of a number's formatter: as shown, with its sign, in Latin digits (read back by `formatCount`). */
const VARIANTS = { shown: {}, signed: { signDisplay: 'exceptZero' }, latn: { numberingSystem: 'latn' } } as const satisfies Record<string, Intl.NumberFormatOptions>;

function numberFormat(locale: string, notation: 'standard' | 'compact' | 'scientific', variant: keyof typeof VARIANTS = 'shown'): Intl.NumberFormat {
  return cached(`${notation}:${variant}:${locale}`, () => new Intl.NumberFormat(locale, { notation, maximumFractionDigits: 1, ...VARIANTS[variant] }));
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, notationOf(value)).format(value);
}

/** A change in a count with its sign, as `locale` writes one (`+40`, `-3`, Arabic's `؜+٣`); zero has none. */
export function formatSigned(value: number, locale: string): string {
  return numberFormat(locale, notationOf(value), 'signed').format(value);
}

/**
 * A count as the page shows it, and what its plural form depends on: the
 * number a reader sees (1,512,345 shown as `1,5 M` reads as 1,500,000) and
 * the exponent that a compact or scientific notation puts after it (CLDR's
 * operand `e`: 6 for `M`, 4 for Japanese `万`, 0 when written in full).
 */
export interface ShownCount {
  text: string;
  shown: number;
  exponent: number;
}

export function formatCount(value: number, locale: string): ShownCount {
  const notation = notationOf(value);
  const text = numberFormat(locale, notation).format(value);
  if (notation === 'standard') return { text, shown: Math.round(value * 10) / 10, exponent: 0 };
  // The same number in Latin digits, to read back the digits shown (an Arabic locale writes ١٫٥).
  const parts = numberFormat(locale, notation, 'latn').formatToParts(value);
  const digits = parts.map((part) => (part.type === 'integer' || part.type === 'fraction' ? part.value : part.type === 'decimal' ? '.' : '')).join('');
  const mantissa = Number(digits) * (value < 0 ? -1 : 1);
  const written = parts.find((part) => part.type === 'exponentInteger');
  const exponent = written ? Number(written.value) : Math.round(Math.log10(value / mantissa));
  return { text, shown: Math.round(mantissa * 10 ** exponent), exponent };
}

export function formatPercent(percent: number, locale: string): string {
  return cached(`percent:${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(percent / 100);
}

/**
 * `November 2026` style month of an ISO date (or `YYYY-MM`), in UTC, as a heading: starting with a capital
 * in every language (CLDR writes French, Spanish, Italian and Portuguese months in lower case: "novembre 2026").
 */
export function formatMonth(iso: string, locale: string): string {
  const date = /^\d{4}-\d{2}$/.test(iso) ? `${iso}-01T00:00:00Z` : iso;
  const month = cached(`month:${locale}`, () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(new Date(date));
  return month.charAt(0).toLocaleUpperCase(locale) + month.slice(1);
}

/** Titles in the order a reader of `locale` expects: numbers by value ("Step 6" before "Step 10"), case and accents aside. */
export function titleOrder(locale: string): (a: string, b: string) => number {
  return new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }).compare;
}

/**
 * Worked out once per tag: every page's head asks, and maximising a locale is slow.
 * @see docs/project/performance-log.md, "Measurements behind the code"
 */
const openGraphLocales = new Map<string, string>();

/**
 * A locale as Open Graph writes it, language and territory (`en_US`, `de_AT`): a tag without a region
 * gets its likely one from CLDR (`en` → `en_US`, `ja` → `ja_JP`, `ar` → `ar_EG`).
 */
export function openGraphLocale(tag: string): string {
  let value = openGraphLocales.get(tag);
  if (value === undefined) {
    const locale = new Intl.Locale(tag).maximize();
    value = locale.region ? `${locale.language}_${locale.region}` : locale.language;
    openGraphLocales.set(tag, value);
  }
  return value;
}
