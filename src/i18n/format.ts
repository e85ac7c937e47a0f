/** Dates and numbers for the configured locale, with `Intl`. Formatters are made once per locale: making one costs more than using it. */

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `12 March 2026` style date in `locale`, in UTC so a build gives the same text wherever it runs. */
export function formatDate(iso: string, locale: string): string {
  return cached(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' })).format(new Date(iso));
}

/** From here on a count is shown compactly (`1.2M`): a card has room for a few characters, and the portal may send any number. */
const COMPACT_FROM = 1e6;
/** From here on compact notation has no word left (it would print `1,000,000T`), so the count is shown in scientific notation (`1E18`). */
const SCIENTIFIC_FROM = 1e15;

export function formatNumber(value: number, locale: string): string {
  const size = Math.abs(value);
  if (size >= SCIENTIFIC_FROM) return cached(`scientific:${locale}`, () => new Intl.NumberFormat(locale, { notation: 'scientific', maximumFractionDigits: 1 })).format(value);
  if (size >= COMPACT_FROM) return cached(`compact:${locale}`, () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })).format(value);
  return cached(`number:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })).format(value);
}

export function formatPercent(percent: number, locale: string): string {
  return cached(`percent:${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(percent / 100);
}

/** `November 2026` style month of an ISO date (or `YYYY-MM`), in UTC. */
export function formatMonth(iso: string, locale: string): string {
  const date = /^\d{4}-\d{2}$/.test(iso) ? `${iso}-01T00:00:00Z` : iso;
  return cached(`month:${locale}`, () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })).format(new Date(date));
}

/** Titles in the order a reader of `locale` expects: numbers by value ("Step 6" before "Step 10"), case and accents aside. */
export function titleOrder(locale: string): (a: string, b: string) => number {
  return new Intl.Collator(locale, { numeric: true, sensitivity: 'base' }).compare;
}

/** Worked out once per tag: every page's head asks, and maximising a locale took 0.4 s of a 10,000-issue build. */
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
