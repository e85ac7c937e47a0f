/**
 * A date inside a translated sentence. Italian elides the article or
 * articulated preposition before a day said with a vowel, 8 (otto) and
 * 11 (undici): "l’8 marzo", "dall’11 marzo", where every other day takes
 * "il 3 marzo", "dal 3 marzo", and the first, written "1º" and read "primo"
 * (src/i18n/format.ts), "il 1º marzo", "prima del 1º marzo". The translation
 * writes the full form ("il {date}"); the date decides.
 */
import { formatDate } from './format.ts';
import { fill } from './messages.ts';

/** A day Italian says with a vowel at the start of a `dateStyle: 'long'` date: "8 marzo 2026", "11 marzo 2026" (not "1º marzo"). */
const VOWEL_DAY = /^(?:8|11)(?!\d)/;
/** The article and the articulated prepositions that elide before a vowel ("il" → "l’", "dal" → "dall’"). */
const ELIDING = /(^|\s)(il|al|dal|del|nel|sul) \{date\}/giu;

function elided(word: string): string {
  const lower = word.toLowerCase();
  const form = lower === 'il' ? 'l’' : `${lower}l’`;
  return word[0] === word[0]!.toUpperCase() ? form[0]!.toUpperCase() + form.slice(1) : form;
}

/** `template` with the word before its `{date}` in the form `dateText` needs in `locale`'s language (only Italian changes). */
export function articleForDate(template: string, dateText: string, locale: string): string {
  if (!VOWEL_DAY.test(dateText) || new Intl.Locale(locale).language !== 'it') return template;
  return template.replace(ELIDING, (_, space: string, word: string) => `${space}${elided(word)}{date}`);
}

/** A message with `{date}` filled as a plain string (a feed title), the date written for `locale`. */
export function fillDated(template: string, iso: string, locale: string, values: Record<string, string | number> = {}): string {
  const date = formatDate(iso, locale);
  return fill(articleForDate(template, date, locale), { ...values, date });
}
