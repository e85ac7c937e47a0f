/**
 * A count in a sentence ("1,5 M d’éléments"): the number as `locale` writes
 * it, and the plural form for that number as shown, compact included. Only
 * format.ts and messages.ts below it, so the browser scripts say counts with
 * the same code as the pages.
 */
import { formatCount } from './format.ts';
import { pluralText, type PluralForms } from './messages.ts';

/**
 * Languages whose CLDR plural rules read the compact exponent `e`: their
 * `many` form is for a count shown as millions or more ("1,5 M d’éléments",
 * "1,5 Mln di elementi": `e != 0..5`), whatever the digits. `Intl.PluralRules`
 * cannot be given the exponent (its `notation` option is in neither Node 24
 * nor every browser), so the rule is applied here; every other rule reads the
 * number as shown.
 */
const COMPACT_MANY = new Set(['fr', 'es', 'it', 'pt', 'ca']);

const rulesByLanguage = new Map<string, Intl.PluralRules>();

/** The plural category of a number shown as `shown`, written with `exponent` (0 when in full), in `language`. */
export function pluralCategory(language: string, shown: number, exponent: number): Intl.LDMLPluralRule {
  let rules = rulesByLanguage.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    rulesByLanguage.set(language, rules);
  }
  if (exponent > 5 && COMPACT_MANY.has(new Intl.Locale(language).language)) return 'many';
  return rules.select(shown);
}

/**
 * `forms` (a counted message of `language`'s translation) for `count`, with
 * `{count}` written for `locale` and other placeholders from `values`. A
 * form the message lacks (a partial override in the config) falls back to `other`.
 */
export function countText(forms: PluralForms, count: number, language: string, locale: string, values: Record<string, string | number> = {}): string {
  const { text, shown, exponent } = formatCount(count, locale);
  return pluralText(forms, pluralCategory(language, shown, exponent), text, values);
}
