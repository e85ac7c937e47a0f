/**
 * What a translation file must hold, in the manner of Starlight's
 * `builtinI18nSchema`: exactly English's keys (en.json is the reference), a
 * plain message where English has one, and for a counted message exactly the
 * plural categories the language needs (CLDR, through `Intl.PluralRules`:
 * Japanese only `other`, Arabic `zero` to `other`). Placeholders must match
 * English's, so `{count}` cannot go missing in a translation.
 */
import { z } from 'zod';
import type { PluralForms } from './messages.ts';

export type Message = string | PluralForms;

export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const satisfies readonly Intl.LDMLPluralRule[];

/** The plural categories of `language`'s counts, in CLDR order. */
export function pluralCategories(language: string): Intl.LDMLPluralRule[] {
  const used = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
  return PLURAL_CATEGORIES.filter((category) => used.has(category));
}

/** The `{name}` placeholders of a message, sorted, each once. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!))].sort();
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);

function stringMessage(english: string) {
  const expected = placeholders(english);
  return z
    .string()
    .trim()
    .min(1, 'translate this message; it cannot be empty')
    .refine((text) => sameSet(placeholders(text), expected), {
      error: (issue) =>
        `use the placeholders of English, ${expected.map((p) => `{${p}}`).join(' ') || 'none'}; found ${
          placeholders(String(issue.input))
            .map((p) => `{${p}}`)
            .join(' ') || 'none'
        }`,
    });
}

/**
 * A counted message: exactly `categories`. Every form may use only English's
 * placeholders, and `other` must use them all (Arabic's `two` may say
 * "عنصران" without a number; `other` must show it).
 */
function pluralMessage(english: PluralForms, categories: Intl.LDMLPluralRule[]) {
  const expected = placeholders(english.other);
  const shape = Object.fromEntries(categories.map((category) => [category, z.string().trim().min(1, `give the "${category}" form`)]));
  return z.strictObject(shape).superRefine((forms, ctx) => {
    for (const [category, text] of Object.entries(forms)) {
      const found = placeholders(text);
      const unknown = found.filter((p) => !expected.includes(p));
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: [category],
          message: `unknown placeholder ${unknown.map((p) => `{${p}}`).join(' ')}; English uses ${expected.map((p) => `{${p}}`).join(' ')}`,
        });
      if (category === 'other' && !sameSet(found, expected))
        ctx.addIssue({ code: 'custom', path: [category], message: `the "other" form must use ${expected.map((p) => `{${p}}`).join(' ')}` });
    }
  });
}

/** The schema of `language`'s file, made from the English reference. */
export function translationSchema(reference: Readonly<Record<string, Message>>, language: string) {
  const categories = pluralCategories(language);
  const shape = Object.fromEntries(
    Object.entries(reference).map(([key, english]) => [key, typeof english === 'string' ? stringMessage(english) : pluralMessage(english, categories)]),
  );
  return z.strictObject(shape);
}

/** Schema of English itself: every message given, counted ones with English's categories. */
export const ReferenceSchema = z.record(
  z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'use camelCase keys'),
  z.union([z.string().trim().min(1), z.strictObject({ one: z.string().min(1), other: z.string().min(1) })]),
);
