/**
 * The languages that ship: one JSON file each, imported statically so Astro
 * bundles them (no file reads at run time), each checked against the English
 * reference when first used, as Starlight does with its
 * `translations/*.json`. A broken file stops the build with the key to fix.
 * To add a language: add its file here and in LANGUAGE_FILES, then run
 * `npx vitest run test/unit/i18n.test.ts` (docs/languages.md).
 */
import type { PluralForms } from './messages.ts';
import { pluralCategories, ReferenceSchema, translationSchema } from './translation-schema.ts';
import ar from './translations/ar.json' with { type: 'json' };
import de from './translations/de.json' with { type: 'json' };
import en from './translations/en.json' with { type: 'json' };
import es from './translations/es.json' with { type: 'json' };
import fr from './translations/fr.json' with { type: 'json' };
import it from './translations/it.json' with { type: 'json' };
import ja from './translations/ja.json' with { type: 'json' };
import ptBR from './translations/pt-BR.json' with { type: 'json' };

/** The files as they are on disk, by language tag (the file name). */
export const LANGUAGE_FILES = { en, de, fr, es, 'pt-BR': ptBR, it, ja, ar } as const satisfies Record<string, unknown>;

export type Language = keyof typeof LANGUAGE_FILES;
/** In the order the README and the warnings list them. */
export const LANGUAGES = Object.keys(LANGUAGE_FILES) as Language[];

type Reference = typeof en;
export type LabelKey = keyof Reference;
/** Keys of counted messages (`{ one, other }` in English). */
export type PluralKey = { [K in LabelKey]: Reference[K] extends string ? never : K }[LabelKey];
export type StringKey = Exclude<LabelKey, PluralKey>;
/** One language's UI messages. */
export type Labels = { [K in StringKey]: string } & { [K in PluralKey]: PluralForms };

/** Problems of a translation file, one line each (`de.json: issueCount.one: …`); empty when it is complete and correct. */
export function translationProblems(language: string, data: unknown, reference: Readonly<Record<string, unknown>> = en): string[] {
  const referenceCheck = ReferenceSchema.safeParse(reference);
  if (!referenceCheck.success) return referenceCheck.error.issues.map((issue) => `en.json: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  const result = translationSchema(referenceCheck.data, language).safeParse(data);
  if (result.success) return [];
  return result.error.issues.flatMap((issue) => {
    const at = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) =>
        at
          ? `${language}.json: ${at}.${key}: ${language} has no "${key}" plural form; it uses ${pluralCategories(language).join(', ')}`
          : `${language}.json: ${key}: not in en.json; remove it, or add it to en.json first`,
      );
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) return [`${language}.json: ${at}: missing; translate en.json's "${at}"`];
    return [`${language}.json: ${at}: ${issue.message}`];
  });
}

/**
 * The translation files found complete in this process, by language and text. A build loads this module three times
 * (the integration, the content config through Vite, the bundled pages), each a module of its own; the same file need
 * not be checked again in each. Keyed by the text, so a file that
 * differs is checked again.
 */
const CHECKED_FILES: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[Symbol.for('portal-roadmap.checked-translations')] ??= new Set());

function checked(language: Language): Labels {
  const file = `${language}\n${JSON.stringify(LANGUAGE_FILES[language])}`;
  if (!CHECKED_FILES.has(file)) {
    const problems = translationProblems(language, LANGUAGE_FILES[language]);
    if (problems.length > 0) throw new Error(`The ${language} translation (src/i18n/translations/${language}.json) is not complete:\n  - ${problems.join('\n  - ')}`);
    CHECKED_FILES.add(file);
  }
  return LANGUAGE_FILES[language] as Labels;
}

/**
 * Each language's messages, checked the first time they are asked for: a site in one language pays for one check, not
 * eight (building every schema at load was a large share of a small build: @see docs/project/performance-log.md,
 * "Measurements behind the code"). Every file is still checked by test/unit/i18n.test.ts, and a language a site uses
 * is checked before its first page.
 */
export const TRANSLATIONS: Readonly<Record<Language, Labels>> = Object.defineProperties(
  {},
  Object.fromEntries(
    LANGUAGES.map((language) => {
      let labels: Labels | undefined;
      return [language, { enumerable: true, get: () => (labels ??= checked(language)) }];
    }),
  ),
) as Record<Language, Labels>;
