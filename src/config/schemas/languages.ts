/** The site's languages. */
import { z } from 'zod';
import { suggestLocale } from '../../i18n/labels.ts';

/** A BCP 47 tag; a language named in words ("german") is refused with the tag to use instead. */
function localeTag() {
  return z.string().refine((tag) => isLocale(tag), {
    error: (issue) => {
      const suggestion = typeof issue.input === 'string' ? suggestLocale(issue.input) : undefined;
      return `${JSON.stringify(issue.input)} is not a BCP 47 language tag: use ${suggestion ? `"${suggestion}"` : 'a tag such as "en" or "de-DE"'}`;
    },
  });
}

/**
 * A well-formed BCP 47 tag whose language subtag can exist: two or three
 * letters. The grammar also allows 5–8 letter language subtags, but none is
 * registered, so `"german"` (which `Intl` accepts) is refused here.
 */
function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1 && /^[a-z]{2,3}$/i.test(new Intl.Locale(tag).language);
  } catch {
    return false;
  }
}

export const languageOptions = {
  /** BCP 47 locale: its language picks the interface's translation, the whole tag formats dates and numbers, e.g. `en`, `de-AT`. */
  locale: localeTag().optional(),
  /**
   * One site in several languages, e.g. `["en", "de"]`: the first at the
   * root, each other under `/{tag}/` (lower case). Unset: the one `locale`.
   */
  locales: z.array(localeTag()).min(1, 'list at least one language, e.g. ["en", "de"]').optional(),
};
