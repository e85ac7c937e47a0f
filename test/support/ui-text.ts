/**
 * Finds the site's own English words in a page meant for another language.
 * The reference is the English file itself (src/i18n/translations/en.json, read from
 * disk): each message, with its placeholders as wildcards, is matched against
 * the whole text of every element and against the attributes people hear
 * (aria-label, alt, title). Data (issue titles, team and project names,
 * statuses, descriptions) is written in whatever language the team wrote it
 * and is isolated on the page (<bdi>, dir="auto", .prose), so it is left out,
 * as is text marked with a `lang` of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { PROJECT_ROOT } from './build-site.ts';

type Messages = Record<string, string | Record<string, string>>;

export const readMessages = (language: string): Messages => JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/i18n/translations', `${language}.json`), 'utf8')) as Messages;

const texts = (message: string | Record<string, string>) => (typeof message === 'string' ? [message] : Object.values(message));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pattern = (text: string) =>
  new RegExp(
    `^${text
      .split(/\{\w+\}/)
      .map(escape)
      .join('.+')}$`,
  );

/** A message with no word of its own, only placeholders and punctuation ("{label}: {value}"): no English to find. */
const wordless = (text: string) => !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

/** English messages as patterns, minus those the language rightly shares ("Roadmap" in German) and those without words. */
export function englishPatterns(language: string): { key: string; pattern: RegExp }[] {
  const english = readMessages('en');
  const own = readMessages(language);
  const shared = new Set(Object.values(own).flatMap(texts));
  return Object.entries(english).flatMap(([key, message]) =>
    texts(message)
      .filter((text) => !shared.has(text) && !wordless(text))
      .map((text) => ({ key, pattern: pattern(text) })),
  );
}

/** Data, and text marked as another language (the switcher's "English", in `lang="en"`). */
const DATA = 'bdi, [dir="auto"], [lang], .prose, script, style, template';
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Each English UI text left in `html`, as `key: "text"`. */
export function englishLeftIn(html: string, patterns: { key: string; pattern: RegExp }[]): string[] {
  // linkedom, not jsdom: the test reads about 150 pages, and jsdom took 16 s of them (test/support/build-site.ts readPage).
  const { document } = parseHTML(html);
  const body = document.body;
  for (const element of body.querySelectorAll(DATA)) element.remove();
  // UI messages are short: longer texts are whole sections, whose parts are checked one by one anyway.
  const candidates = new Set([...body.querySelectorAll('*')].map((element) => normalise(element.textContent ?? '')).filter((text) => text && text.length <= 200));
  for (const element of [document.documentElement, ...document.querySelectorAll('[aria-label], [alt], [title]')]) {
    for (const name of ['aria-label', 'alt', 'title']) {
      const value = element.getAttribute(name);
      if (value) candidates.add(normalise(value));
    }
  }
  // One alternation finds the few texts worth naming; only those are matched message by message.
  const any = new RegExp(patterns.map(({ pattern }) => pattern.source).join('|'));
  const found: string[] = [];
  for (const text of candidates) {
    if (!any.test(text)) continue;
    for (const { key, pattern } of patterns) if (pattern.test(text)) found.push(`${key}: "${text}"`);
  }
  return found;
}
