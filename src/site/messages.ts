/**
 * Filling UI messages: `{name}` placeholders and plural forms. No imports, so
 * the browser scripts share it with the pages and a count reads the same
 * before and after the filter island changes it.
 */

/** A counted message: one text per CLDR plural category the language uses; `other` always. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** `{name}` placeholders filled in; unknown ones are left as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/**
 * The form of `forms` for `count`, as `rules` (the translation's language)
 * selects it, filled with `values` and `{count}`. A form the message lacks
 * (a partial override in the config) falls back to `other`.
 */
export function pluralText(forms: PluralForms, count: number, rules: Intl.PluralRules, formattedCount: string, values: Record<string, string | number> = {}): string {
  return fill(forms[rules.select(count)] ?? forms.other, { ...values, count: formattedCount });
}
