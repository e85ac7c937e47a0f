/**
 * A long date as a language writes it (`dateStyle: 'long'`, UTC): `Intl` (CLDR) with the customs it lacks. The
 * site's dates (`formatDate`, src/i18n/format.ts) and the what's-new panel's (src/client-scripts/whats-new.ts, in the
 * browser) are both written here, so they agree. No imports: the panel's bundle holds this file alone.
 */

/**
 * What a language writes in a long date that `Intl` does not: the first of a month as an ordinal (French "1er novembre
 * 2026", Portuguese "1º de novembro de 2026", Italian "1º novembre 2026", read "primo" as the Accademia della Crusca
 * advises; CLDR writes "1"), and a space after the day that must not break (German
 * "23. Juli 2026" with a no-break space, so a narrow line cannot end at "23.").
 */
const DATE_CUSTOMS: Readonly<Record<string, { firstDay?: string; unbrokenAfterDay?: true }>> = {
  fr: { firstDay: '1er' },
  pt: { firstDay: '1º' },
  it: { firstDay: '1º' },
  de: { unbrokenAfterDay: true },
};

/** The long date's formatter for `locale` (a caller may keep it: making one costs more than using it). */
export const longDateFormat = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });

/**
 * `date` written in `locale` by `format` (`longDateFormat(locale)`) with the language's customs, e.g.
 * `writeLongDate(new Date('2026-11-23'), 'de-DE')` is `'23.\u00a0November 2026'`. Throws a RangeError for a tag
 * that is no locale.
 */
export function writeLongDate(date: Date, locale: string, format = longDateFormat(locale)): string {
  const customs = DATE_CUSTOMS[new Intl.Locale(locale).language];
  if (!customs) return format.format(date);
  const parts = format.formatToParts(date);
  return parts
    .map(({ type, value }, index) => {
      if (type === 'day' && value === '1' && customs.firstDay) return customs.firstDay;
      if (type === 'literal' && customs.unbrokenAfterDay && parts[index - 1]?.type === 'day') return value.replace(/ /g, '\u00a0');
      return value;
    })
    .join('');
}
