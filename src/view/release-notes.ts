/**
 * Release notes: Markdown files the team keeps in its repository, each joined
 * to the issues and projects it names (docs/release-notes.md). Pure: the
 * frontmatter's rules, the one-line error a wrong value gets, the note's
 * address, which note a language shows, and what a note's names refer to.
 * The collection (src/content/release-notes.ts) reads the files; the route
 * data (src/route-data/release-notes.ts) renders and joins them.
 */
import { fromHtml } from 'hast-util-from-html';
import { toString as textOf } from 'hast-util-to-string';
import { z } from 'astro/zod';
import { ConfigError } from '../shared/errors.ts';
import { formatIssues } from '../shared/friendly-errors.ts';
import { quotedList, withoutXmlForbidden } from '../shared/text.ts';
import type { ChangelogEntry } from '../history/timeline.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { DEFAULT_RELEASE_TAGS } from '../config/schemas/release-notes.ts';

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

/** Text that reaches pages and feeds: trimmed, without the characters XML 1.0 forbids. */
const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .transform((value) => withoutXmlForbidden(value).trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'must not be empty' })
        .max(max, { error: `must be at most ${max} characters` }),
    );

const names = z
  .array(
    z.union([z.string(), z.number()]).transform((value) => String(value).trim()),
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
    /** The image's text alternative: required with an image (checked by `checkReleaseNote`). */
    imageAlt: text(300).optional(),
    lang: (rules.anyLanguage
      ? languageTag
      : z.enum(rules.locales as [string, ...string[]], { error: `must be one of the site's locales: ${rules.locales.join(', ')}` })
    ).optional(),
  };
}

const FIELD_NAMES = ['title', 'date', 'version', 'tags', 'issues', 'projects', 'image', 'imageAlt', 'lang'];

/** A note's address, from its file name, whatever its folder: `releases/de/faster-search.md` → `faster-search`. */
export const NOTE_SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** A note's file: a `.md` file whose name does not start with `_` (an example or a draft, never published). */
export function isNoteFile(path: string, mdx = false): boolean {
  const name = path.split(/[\\/]/).pop() ?? '';
  return (name.toLowerCase().endsWith('.md') || (mdx && name.toLowerCase().endsWith('.mdx'))) && !name.startsWith('_');
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

/** The longest description a note's page gives search engines and link previews, in characters. */
export const NOTE_DESCRIPTION_LENGTH = 160;

/**
 * What a note's page says of itself in `<meta name="description">` and link previews: the text of its body's first
 * paragraph (its sanitised HTML, `html`), cut at a word with "…", or `fallback` (its title) when the body has none.
 */
export function noteDescription(html: string, fallback: string): string {
  const paragraph = fromHtml(html, { fragment: true }).children.find((node) => node.type === 'element' && node.tagName === 'p');
  const text = paragraph ? textOf(paragraph).replace(/\s+/g, ' ').trim() : '';
  if (!text) return fallback;
  if (text.length <= NOTE_DESCRIPTION_LENGTH) return text;
  const cut = text.slice(0, NOTE_DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), NOTE_DESCRIPTION_LENGTH / 2)).trimEnd()}…`;
}

/** An image Astro optimised (the `ImageMetadata` of `astro:assets`, as the core needs it). */
export interface NoteImage {
  src: string;
  width: number;
  height: number;
  format: 'png' | 'jpg' | 'jpeg' | 'tiff' | 'webp' | 'gif' | 'svg' | 'avif' | 'apng';
}

/**
 * How a note's image is shown on its page (src/components/ReleaseNoteArticle.astro): the widths Astro makes and the
 * sizes hint. The note's search record names the same image (src/route-data/search-records.ts).
 */
export function noteImageLayout(image: NoteImage): { widths: number[]; sizes: string } {
  // Shown as wide as the article (at most 760 px: src/components/ReleaseNote.css), the page's 1rem margins aside.
  return { widths: [640, Math.min(NOTE_IMAGE_WIDEST, image.width)], sizes: '(min-width: 800px) 760px, calc(100vw - 2rem)' };
}

/** The widest copy of a note's image its page offers (two device pixels a CSS pixel of the 760 px article, about). */
const NOTE_IMAGE_WIDEST = 1280;

/** Formats every reader of a page's JSON-LD takes as they are (Google's image guidelines list these and more). */
const JSON_LD_FORMATS: ReadonlySet<NoteImage['format']> = new Set(['png', 'jpg', 'jpeg', 'webp', 'gif']);

/**
 * The note's image as its JSON-LD names it: the file in the note's folder (Astro publishes it too) when it is in a web
 * format and no wider than the page's widest copy, else that copy (`noteImageLayout`). It was a PNG made from it, which
 * the image service wrote four times the size of the demo's palette PNG (25 to 98 KB). `optimised`: Astro's
 * `getImage` of the page's route.
 */
export async function jsonLdImageSrc(image: NoteImage, optimised: (options: { src: NoteImage; width: number }) => Promise<{ src: string }>): Promise<string> {
  if (JSON_LD_FORMATS.has(image.format) && image.width <= NOTE_IMAGE_WIDEST) return image.src;
  return (await optimised({ src: image, width: Math.max(...noteImageLayout(image).widths) })).src;
}

/** A note as its file says it: frontmatter checked, body not yet rendered. */
export interface ReleaseNoteSource {
  /** The file, relative to the project root (named in warnings). */
  file: string;
  slug: string;
  title: string;
  date: string;
  version?: string | undefined;
  tags: string[];
  issues: string[];
  projects: string[];
  image?: NoteImage | undefined;
  imageAlt?: string | undefined;
  /** The note's language; undefined: the site's main language. */
  lang?: string | undefined;
  /** Sanitised HTML of the body (src/descriptions/); of an MDX note's, its Markdown (`markdownOfMdx`). */
  html: string;
  /** An MDX note's rendered content (Astro's `Content` component), which its own page shows instead of `html`. */
  content?: unknown;
}

/** A note as one language's pages show it, with what it names found on the site. */
export interface ReleaseNote extends ReleaseNoteSource {
  /** The shown issues it names, in its order. */
  linkedIssues: Issue[];
  linkedProjects: Project[];
}

/** Whether a note in `lang` is in `locale`: the same tag, or the language alone (`de`) and a locale of it (`de-DE`). */
export function inLocale(lang: string, locale: string): boolean {
  const [note, site] = [lang.toLowerCase(), locale.toLowerCase()];
  return note === site || (!note.includes('-') && site.split('-')[0] === note);
}

/**
 * The notes one language shows, newest first (then by address): each note's version in that language, else in
 * the main one, else the one highest in the notes' folder (translations are in folders of their language). `missing`
 * lists the addresses of notes shown in another language.
 */
export function notesInLanguage(all: readonly ReleaseNoteSource[], locale: string, mainLocale: string): { notes: ReleaseNoteSource[]; missing: string[] } {
  const bySlug = new Map<string, ReleaseNoteSource[]>();
  for (const note of all) bySlug.set(note.slug, [...(bySlug.get(note.slug) ?? []), note]);
  const notes: ReleaseNoteSource[] = [];
  const missing: string[] = [];
  const depth = (note: ReleaseNoteSource) => note.file.split('/').length;
  for (const [slug, versions] of bySlug) {
    // The locale's own tag first (`en-GB`), then the language's (`en`).
    const inLanguage = (wanted: string) =>
      versions.find((note) => (note.lang ?? mainLocale).toLowerCase() === wanted.toLowerCase()) ?? versions.find((note) => inLocale(note.lang ?? mainLocale, wanted));
    const own = inLanguage(locale);
    if (!own) missing.push(slug);
    const highest = [...versions].sort((a, b) => depth(a) - depth(b) || a.file.localeCompare(b.file))[0]!;
    notes.push(own ?? inLanguage(mainLocale) ?? highest);
  }
  notes.sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1));
  return { notes, missing: missing.sort() };
}

/**
 * What a note names, found among what the site shows: an issue by its portal id or its identifier (any case), a
 * project by its id. `unknown` are the names nothing shown answers to (the note still builds).
 */
export function joinNote(note: ReleaseNoteSource, issues: readonly Issue[], projects: readonly Project[]): { note: ReleaseNote; unknown: string[] } {
  const issueByName = new Map<string, Issue>();
  for (const issue of issues) {
    issueByName.set(issue.id, issue);
    if (issue.identifier) issueByName.set(issue.identifier.toUpperCase(), issue);
  }
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const unknown: string[] = [];
  const linkedIssues: Issue[] = [];
  for (const name of note.issues) {
    const issue = issueByName.get(name) ?? issueByName.get(name.toUpperCase());
    if (!issue) unknown.push(name);
    else if (!linkedIssues.includes(issue)) linkedIssues.push(issue);
  }
  const linkedProjects: Project[] = [];
  for (const name of note.projects) {
    const project = projectById.get(name);
    if (!project) unknown.push(name);
    else if (!linkedProjects.includes(project)) linkedProjects.push(project);
  }
  return { note: { ...note, linkedIssues, linkedProjects }, unknown };
}

/** A tag as pages show it: the translated word of a default tag, any other as it is written. */
export function releaseTagLabel(tag: string, labels: { releaseTagNew: string; releaseTagImproved: string; releaseTagFixed: string }): string {
  return tag === 'new' ? labels.releaseTagNew : tag === 'improved' ? labels.releaseTagImproved : tag === 'fixed' ? labels.releaseTagFixed : tag;
}

/** The notes that name an issue, in the notes' order (newest first): its page links them. */
export function notesNaming<Note extends { linkedIssues: readonly { id: string }[] }>(notes: readonly Note[], issueId: string): Note[] {
  return notes.filter((note) => note.linkedIssues.some((issue) => issue.id === issueId));
}

/** A note on the changelog, at its date (its address as `id`). */
export interface ChangelogNote {
  kind: 'note';
  id: string;
  at: string;
  atLeast: false;
}
export type ChangelogItem = ChangelogEntry | ChangelogNote;

/**
 * The changelog with the notes at their dates: a note comes before what shipped on its day or earlier (a note is
 * written after what it tells), and the issues and projects a note names are shown in it rather than apart. What
 * no note names keeps its place; what shipped before the history (undated) stays last.
 */
export function changelogWithNotes(entries: readonly ChangelogEntry[], notes: readonly ReleaseNote[]): ChangelogItem[] {
  if (!notes.length) return [...entries];
  const named = new Set(notes.flatMap((note) => [...note.linkedIssues.map((issue) => `issue:${issue.id}`), ...note.linkedProjects.map((project) => `project:${project.id}`)]));
  const rest = entries.filter((entry) => !named.has(`${entry.kind}:${entry.id}`));
  const items: ChangelogItem[] = [];
  let next = 0;
  // Notes come newest first (`notesInLanguage`), as the entries do.
  for (const note of notes) {
    const at = `${note.date}T23:59:59.999Z`;
    while (next < rest.length && !rest[next]!.atLeast && rest[next]!.at > at) items.push(rest[next++]!);
    items.push({ kind: 'note', id: note.slug, at: `${note.date}T00:00:00.000Z`, atLeast: false });
  }
  items.push(...rest.slice(next));
  return items;
}
