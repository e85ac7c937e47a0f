/**
 * One site in several languages (`locales` in the config): the first
 * language at the root, each other in a folder of its own (`/de/`,
 * `/pt-br/`), every page in every language at the same path below its root.
 * Pure: the routes, the switcher, the `hreflang` alternates and the sitemap
 * all ask this module where a language lives.
 */
import { localeSegment } from '../i18n/locale-segment.ts';
import { TRANSLATIONS, textDirection, translationLanguage, type TextDirection } from '../i18n/labels.ts';
import { withBase } from './paths.ts';

export interface SiteLanguage {
  /** The BCP 47 tag as configured: `lang`, `hreflang`, dates and numbers. */
  locale: string;
  /** URL folder below the base; undefined for the main language, whose pages sit directly below the base. */
  segment: string | undefined;
  /** The language root: the path of the language's home page, base included: `/`, `/de/`, `/roadmap/de/`. */
  root: string;
  /** The language's name in itself, for the switcher: `Deutsch`, `日本語`. */
  name: string;
  /** Direction of that name's script. */
  dir: TextDirection;
}

export function siteLanguages(locales: readonly string[], base: string): SiteLanguage[] {
  const names = locales.map((locale) => TRANSLATIONS[translationLanguage(locale) ?? 'en'].languageName);
  return locales.map((locale, index) => {
    const segment = index === 0 ? undefined : localeSegment(locale);
    // Two tags of one language (en-US, en-GB) or a language that does not ship: CLDR's own name, region included.
    const shipped = translationLanguage(locale) !== null && names.indexOf(names[index]!) === names.lastIndexOf(names[index]!);
    return {
      locale,
      segment,
      root: withBase(base, segment ? `${segment}/` : ''),
      name: shipped ? names[index]! : displayName(locale),
      dir: textDirection(locale),
    };
  });
}

function displayName(locale: string): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** The language a page belongs to: the one whose folder the path is in, else the main language. */
export function languageOfPath(pathname: string, languages: readonly SiteLanguage[]): SiteLanguage {
  return languages.find((language) => language.segment && pathname.startsWith(language.root)) ?? languages[0]!;
}

/** The same page in every language: `/de/issues/x/` → `/issues/x/`, `/de/issues/x/`, … */
export function alternatePaths(pathname: string, languages: readonly SiteLanguage[]): { language: SiteLanguage; path: string }[] {
  const current = languageOfPath(pathname, languages);
  const rest = pathname.startsWith(current.root) ? pathname.slice(current.root.length) : '';
  return languages.map((language) => ({ language, path: `${language.root}${rest}` }));
}
