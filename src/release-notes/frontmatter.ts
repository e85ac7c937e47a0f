/**
 * A release note's file and frontmatter (docs/release-notes.md): the rules the config sets, the one-line error a
 * wrong value gets, the note's address and which files are notes. Pure. The collection (src/content/release-notes.ts)
 * reads the files with these rules.
 */
import { z } from 'astro/zod';
import { ConfigError } from '../shared/errors.ts';
import { formatIssues } from '../shared/friendly-errors.ts';
import { cleanText, quotedList } from '../shared/text.ts';
import { DEFAULT_RELEASE_TAGS } from '../config/schemas/release-note-defaults.ts';
import type { ReleaseNoteSource } from './notes.ts';

/** What the config allows in a note's frontmatter: `releaseNotes.tags`, and the site's `locales` for `lang`. */
export interface ReleaseNoteRules {
  tags: readonly string[];
  locales: readonly string[];
  /**
   * `lang` may be any language, not only one of `locales`: the demo's notes are in the languages they were written
   * in whatever the site's, and a language the site lacks is never shown (`notesInLanguage`).
   */
  anyLanguage?: boolean;
}

/**
 * The rules a build checks its notes by: the config's, or for the demo's notes (src/data/demo/releases/) any
 * language and the default tags too, so that no config of the team's fails the build on a note it did not write.
 */
export function releaseNoteRules(config: { locales: readonly string[]; releaseNotes: { tags: readonly string[] } }, demo: boolean): ReleaseNoteRules {
  if (!demo) return { tags: config.releaseNotes.tags, locales: config.locales };
  return { tags: [...new Set([...config.releaseNotes.tags, ...DEFAULT_RELEASE_TAGS])], locales: config.locales, anyLanguage: true };
}

const LANGUAGE_TAG_ERROR = 'must be a language tag, e.g. "en" or "de-DE"';
const languageTag = z.string({ error: LANGUAGE_TAG_ERROR }).refine(
  (tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  },
  { error: LANGUAGE_TAG_ERROR },
);

/** Text that reaches pages and feeds: trimmed, cleaned as the portal's text is (`cleanText`). */
const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .transform((value) => cleanText(value).trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'must not be empty' })
        .max(max, { error: `must be at most ${max} characters` }),
    );

const names = z
  .array(
    z.union([z.string(), z.number()]).transform((value) => cleanText(String(value)).trim()),
    { error: 'must be a list, e.g. ["APP-12"]' },
  )
  .max(100)
  .default([]);

/** A `YYYY-MM-DD` date: YAML reads an unquoted one as a Date (midnight UTC), a quoted one as text. */
const DATE_ERROR = 'must be a date, e.g. 2026-11-20';
const day = z
  .union([z.date({ error: DATE_ERROR }), z.iso.date({ error: DATE_ERROR })], { error: DATE_ERROR })
  .transform((value) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10)));

/** The frontmatter's fields but the image, which only Astro's `image()` can check (src/content/release-notes.ts adds it). */
export function releaseNoteFields(rules: ReleaseNoteRules) {
  return {
    title: text(200),
    date: day,
    /** Text, so that 2.10 is not the number 2.1. */
    version: z.string({ error: 'must be text in quotes, e.g. "2.10" (YAML reads 2.10 unquoted as the number 2.1)' }).pipe(text(40)).optional(),
    tags: z.array(z.enum(rules.tags as [string, ...string[]], { error: `must be one of ${rules.tags.join(', ')} (releaseNotes.tags)` })).default([]),
    issues: names,
    projects: names,
    /** A sentence or two the changelog and the what's-new panel show under the title; else the body's first paragraph. */
    summary: text(300).optional(),
    /** The image's text alternative: required with an image (checked by `checkReleaseNote`). */
    imageAlt: text(300).optional(),
    lang: (rules.anyLanguage
      ? languageTag
      : z.enum(rules.locales as [string, ...string[]], { error: `must be one of the site's locales: ${rules.locales.join(', ')}` })
    ).optional(),
  };
}

const FIELD_NAMES = ['title', 'date', 'summary', 'version', 'tags', 'issues', 'projects', 'image', 'imageAlt', 'lang'];

/** A note's address, from its file name, whatever its folder: `releases/de/faster-search.md` → `faster-search`. */
export const NOTE_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * A note's file: a `.md` file (`.mdx` where the site has MDX) whose name does not start with `_` (an example or a
 * draft, never published). The extension in lower case, as Astro's loader reads it: `shout.MD` is none
 * (`notesFolderWarnings` names it).
 */
export function isNoteFile(path: string, mdx = false): boolean {
  const name = path.split(/[\\/]/).pop() ?? '';
  return (name.endsWith('.md') || (mdx && name.endsWith('.mdx'))) && !name.startsWith('_');
}

/**
 * An MDX note's body as Markdown for the places that show notes as HTML text (the changelog, feeds, search): its
 * ESM blocks (`import` and `export` paragraphs, which MDX requires to stand apart) left out. Its components and
 * expressions then go through the descriptions' sanitiser like any HTML: their text stays, their markup does not.
 * The note's own page renders the MDX itself.
 */
export function markdownOfMdx(body: string): string {
  return body
    .split(/\r?\n(?:[ \t]*\r?\n)+/)
    .filter((block) => !/^(?:import|export)\s/.test(block.trimStart()))
    .join('\n\n');
}

export function releaseSlug(file: string): string {
  return (file.split(/[\\/]/).pop() ?? '').replace(/\.mdx?$/i, '').toLowerCase();
}

/**
 * Checks a note's frontmatter and file name before Astro does, so that a wrong value is one line naming the file,
 * the key and what it may be (Astro's own message spans many). `text`: the file as written, for what parsing hides.
 */
export function checkReleaseNote(file: string, data: unknown, rules: ReleaseNoteRules, text?: string): void {
  const fail = (problem: string) => {
    throw new ConfigError(`Release note ${file}: ${problem}`);
  };
  const impossible = text === undefined ? undefined : impossibleWrittenDate(text);
  if (impossible) fail(`${impossible}.`);
  if (!NOTE_SLUG.test(releaseSlug(file))) fail(`its file name is its address: use lower-case letters, digits and hyphens (at most 80), e.g. "faster-search.md".`);
  const schema = z.strictObject({
    ...releaseNoteFields(rules),
    image: z.string({ error: 'must be the path of an image file, relative to the note, e.g. "./search.png"' }).optional(),
  });
  const result = schema.safeParse(data ?? {}, { reportInput: true });
  if (!result.success) {
    const issue = result.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') fail(`unknown key ${quotedList(issue.keys)}; a note's keys are ${FIELD_NAMES.join(', ')}.`);
    if (issue.code === 'invalid_type' && issue.input === undefined && issue.path.length === 1) fail(`"${String(issue.path[0])}" is missing: every note has a title and a date.`);
    fail(`${formatIssues([issue]).replace(/^\s*- /, '')}.`);
  }
  if (result.data?.image !== undefined && result.data.imageAlt === undefined) fail('"imageAlt" is missing: an image needs a text alternative saying what it shows.');
}

/** A calendar day as written, `YYYY-MM-DD`, with an optional time of day that a clock can show. */
const WRITTEN_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

/**
 * The note's `date` as written in its file, when it is not a day of the calendar. YAML reads an unquoted
 * `2026-13-01` or `2026-02-30` as a date and JavaScript rolls it over (January 1, 2027; March 2), so the parsed
 * value cannot tell; the file's text can. `file`: the note's whole text. Undefined when the date is sound, quoted
 * (the schema checks a quoted one) or not found.
 */
export function impossibleWrittenDate(file: string): string | undefined {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(file)?.[1];
  const written = frontmatter && /^date[ \t]*:[ \t]*([^'"\s#][^#\r\n]*?)[ \t]*(?:#.*)?$/m.exec(frontmatter)?.[1];
  if (!written) return undefined;
  const parts = WRITTEN_DATE.exec(written);
  if (parts) {
    const [year, month, day] = parts.slice(1, 4).map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return undefined;
  }
  return `date: ${DATE_ERROR}; got "${written}", which is no day of the calendar`;
}

/**
 * Two files that are the same note in the same language (`de/x.md` without `lang: de` is the main language's, as
 * `x.md` is): one would replace the other on every page and feed without a word. One line naming both and the fix.
 */
export function duplicateNoteVersions(all: readonly Pick<ReleaseNoteSource, 'slug' | 'lang' | 'file'>[], mainLocale: string): string | undefined {
  const seen = new Map<string, string>();
  for (const note of all) {
    const lang = (note.lang ?? mainLocale).toLowerCase();
    const key = `${note.slug}\u0000${lang}`;
    const first = seen.get(key);
    if (first !== undefined) {
      return (
        `Release notes ${first} and ${note.file} are both the "${lang}" version of "${note.slug}": ` +
        'give the translation its language (e.g. "lang: de" in its frontmatter), or rename one of them.'
      );
    }
    seen.set(key, note.file);
  }
  return undefined;
}
