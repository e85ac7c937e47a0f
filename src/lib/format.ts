/** Dates and numbers for the configured locale, with `Intl`. */

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `12 March 2026` style date in `locale`, in UTC so a build gives the same text wherever it runs. */
export function formatDate(iso: string, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}
