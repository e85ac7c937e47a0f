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

/** A message cut at its placeholders: text of the translation, and the values (data) put in its place. */
export type MessagePart = { text: string; value: boolean };

/** `template` as parts, each `{name}` replaced by `values[name]` (unknown ones left as text), so a page can isolate the values. */
export function messageParts(template: string, values: Record<string, string | number>): MessagePart[] {
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name !== undefined && name in values ? { text: String(values[name]), value: true } : { text: part, value: false };
    });
}

/** The form of `forms` for a plural `category`, filled with `values` and `{count}`; a form the message lacks falls back to `other`. */
export function pluralText(forms: PluralForms, category: Intl.LDMLPluralRule, formattedCount: string, values: Record<string, string | number> = {}): string {
  return fill(forms[category] ?? forms.other, { ...values, count: formattedCount });
}
