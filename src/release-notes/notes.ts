/**
 * Release notes as pages show them: which note a language shows, what a note's names refer to on the site, its
 * tags' labels, and the changelog with the notes at their dates. Pure. The route data
 * (src/route-data/release-notes.ts) renders and joins them.
 */
import type { ChangelogEntry } from '../history/timeline.ts';
import { formatDate } from '../i18n/format.ts';
import { fill } from '../i18n/labels.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import type { NoteImage } from './note-page.ts';
import { isScheduled } from './schedule.ts';

/** A note as its file says it: frontmatter checked, body not yet rendered. */
export interface ReleaseNoteSource {
  /** The file, relative to the project root (named in warnings). */
  file: string;
  slug: string;
  title: string;
  date: string;
  version?: string | undefined;
  /** The frontmatter's `summary`: what the changelog and the panel show under the title (`noteSummary`). */
  summary?: string | undefined;
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

/** Finds the issue a note's name means among `issues`: its portal id, or its identifier in any case (`fn-112`). */
function issueByName<Named extends Pick<Issue, 'id' | 'identifier'>>(issues: readonly Named[]): (name: string) => Named | undefined {
  const byName = new Map<string, Named>();
  for (const issue of issues) {
    byName.set(issue.id, issue);
    if (issue.identifier) byName.set(issue.identifier.toUpperCase(), issue);
  }
  return (name) => byName.get(name) ?? byName.get(name.toUpperCase());
}

/**
 * What a note names, found among what the site shows: an issue by its portal id or its identifier (any case), a
 * project by its id. `unknown` are the names nothing shown answers to (the note still builds).
 */
export function joinNote(note: ReleaseNoteSource, issues: readonly Issue[], projects: readonly Project[]): { note: ReleaseNote; unknown: string[] } {
  const issueNamed = issueByName(issues);
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const unknown: string[] = [];
  const linkedIssues: Issue[] = [];
  for (const name of note.issues) {
    const issue = issueNamed(name);
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

/**
 * A tag as the site, the panel and chat posts show it: the team's label for it in the language (`own`, from
 * `releaseTagLabelsIn`, ./tag-labels.ts), else the translated word of a default tag, else the tag capitalised as written
 * (`security` → "Security").
 */
export function releaseTagLabel(
  tag: string,
  labels: { releaseTagNew: string; releaseTagImproved: string; releaseTagFixed: string },
  own: Readonly<Record<string, string>> = {},
): string {
  if (Object.hasOwn(own, tag)) return own[tag]!;
  if (tag === 'new') return labels.releaseTagNew;
  if (tag === 'improved') return labels.releaseTagImproved;
  if (tag === 'fixed') return labels.releaseTagFixed;
  return tag.charAt(0).toUpperCase() + tag.slice(1);
}

/** A note's line of facts, in words: its date, its version ("Version 2.4") and its tags' labels. */
export interface ReleaseNoteMeta {
  /** The date as the page's language writes it, e.g. "23 November 2026". */
  date: string;
  version: string | undefined;
  tags: string[];
}

/**
 * The words of a note's line of facts, which src/components/ReleaseTags.astro shows (on the note's page and in the
 * changelog) and the note's search record reads (src/search/search-records.ts): one writing of them for both.
 */
export function releaseNoteMeta(
  note: Pick<ReleaseNote, 'date' | 'version' | 'tags'>,
  labels: Parameters<typeof releaseTagLabel>[1] & { releaseVersion: string },
  locale: string,
  own?: Readonly<Record<string, string>>,
): ReleaseNoteMeta {
  return {
    date: formatDate(note.date, locale),
    version: note.version ? fill(labels.releaseVersion, { version: note.version }) : undefined,
    tags: note.tags.map((tag) => releaseTagLabel(tag, labels, own)),
  };
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

/**
 * Per shipped issue, the midnight (UTC) of the earliest day a note of a build on `day` names it, in any language: a
 * note tells what shipped, so the issue shipped on or before it, and the "on or before" bound of a first publish
 * takes it (`boundedSince`, src/history/timeline.ts). `shipped`: the issues in a shipped column (a note's date says
 * nothing of the column of one that is not). A note dated after `day` is not published yet (./schedule.ts) and counts
 * for nothing. E.g. a note of 2026-10-02 naming `FN-133` gives `FN-133`'s id `'2026-10-02T00:00:00.000Z'`.
 */
export function shippedNoteDates(
  notes: readonly Pick<ReleaseNoteSource, 'date' | 'issues'>[],
  shipped: readonly Pick<Issue, 'id' | 'identifier'>[],
  day: string,
): Map<string, string> {
  const issueNamed = issueByName(shipped);
  const dates = new Map<string, string>();
  for (const note of notes) {
    if (isScheduled(note.date, day)) continue;
    const at = `${note.date}T00:00:00.000Z`;
    for (const name of note.issues) {
      const id = issueNamed(name)?.id;
      const known = id === undefined ? undefined : dates.get(id);
      if (id !== undefined && (known === undefined || at < known)) dates.set(id, at);
    }
  }
  return dates;
}
