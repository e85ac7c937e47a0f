/**
 * The search index's records, made from the data instead of read back from the built pages. Each record is the
 * searchable part of one page as Pagefind reads it there: the `data-pagefind-body` article of an issue, project or
 * release note page (src/components/IssueDetail.astro, ProjectDetail.astro, ReleaseNoteArticle.astro) with the parts
 * it marks `data-pagefind-ignore` left out, in the same elements. So Pagefind weighs the title as the page's `<h1>`
 * (and the rest as body text), takes the same title, filters, meta and excerpts, and splits by the same `<html lang>`:
 * what a visitor finds and sees is what the pages gave. Pagefind's custom records (`addCustomRecord`) would carry no
 * heading weight, so a title match would rank like any word of a description.
 *
 * Every text goes in as escaped text (hast-util-to-html); the one piece of markup is each description's or note's
 * HTML, which the sanitiser made (src/descriptions/markdown.ts) and the page itself carries as it is.
 */
import { createHash } from 'node:crypto';
import type { Element, ElementContent, Properties, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { BoardColumn } from '../shown/columns.ts';
import { formatDate } from '../i18n/format.ts';
import { fill, type Labels } from '../i18n/labels.ts';
import { labelBefore, separatedParts, separator } from '../i18n/joins.ts';
import { compareCodeUnits } from '../shared/values.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { issuePath, projectPath, releasePath } from '../view/paths.ts';
import { issueColumnLabel } from '../view/roadmap-view.ts';
import { releaseTagLabel, type ReleaseNote } from '../release-notes/notes.ts';

/** One page's record: its path below the roadmap's root (`issues/x/index.html`, `de/projects/y/index.html`), from which Pagefind makes its URL, and its searchable HTML. */
export interface SearchRecord {
  sourcePath: string;
  content: string;
}

/** One language's roadmap, as far as search reads it (src/route-data/roadmap.ts `Roadmap` is one). */
export interface SearchData {
  issues: readonly Issue[];
  projects: readonly Project[];
  projectById: ReadonlyMap<string, Project>;
  columnByIssue: ReadonlyMap<string, Pick<BoardColumn, 'label'>>;
  descriptionHtml: (collection: 'issues' | 'projects', id: string) => string;
  releaseNotes: readonly ReleaseNote[];
  labels: Labels;
  ui: { locale: string; showUpvotes: boolean; projectState: (state: string) => string; releaseTagLabels?: Record<string, string> };
  config: { locales: readonly string[] };
}

type Child = ElementContent | string | false | null | undefined;

function h(tagName: string, properties: Properties, ...children: Child[]): Element {
  return {
    type: 'element',
    tagName,
    properties,
    children: children
      .filter((child): child is ElementContent | string => child !== false && child !== null && child !== undefined && child !== '')
      .map((child) => (typeof child === 'string' ? { type: 'text', value: child } : child)),
  };
}

/** Sanitised HTML, as the page carries it (`set:html`). */
const sanitised = (html: string): ElementContent => ({ type: 'raw', value: html }) as unknown as ElementContent;

function page(locale: string, article: Element): string {
  const root: Root = { type: 'root', children: [h('html', { lang: locale }, h('body', {}, article))] };
  return toHtml(root, { allowDangerousHtml: true });
}

/** The attributes that mark a page's article for search, as the page writes them (kebab-case); unset ones are left out. */
export type SearchMarks = Record<`data-${string}`, string | undefined>;

/**
 * How an issue page's article is marked for search, on the page (src/components/IssueDetail.astro) and in its record
 * alike: the body Pagefind reads, the status and team as filters, the status and upvotes for the results list.
 */
export function issueSearchMarks(issue: Pick<Issue, 'team' | 'upvotes'>, status: string, showUpvotes: boolean): SearchMarks {
  return {
    'data-pagefind-body': '',
    'data-pagefind-filter': ['status[data-status]', ...(issue.team ? ['team[data-team]'] : [])].join(', '),
    'data-pagefind-meta': ['status[data-status]', ...(showUpvotes ? ['upvotes[data-upvotes]'] : [])].join(', '),
    'data-status': status,
    'data-team': issue.team ?? undefined,
    'data-upvotes': showUpvotes ? String(issue.upvotes) : undefined,
  };
}

/** How a project page's article is marked for search (src/components/ProjectDetail.astro, not embedded) and in its record. */
export function projectSearchMarks(project: Pick<Project, 'state' | 'upvotes'>, data: Pick<SearchData, 'labels' | 'ui'>): SearchMarks {
  const { labels, ui } = data;
  return {
    'data-pagefind-body': '',
    'data-pagefind-meta': ui.showUpvotes ? 'status[data-status], upvotes[data-upvotes]' : 'status[data-status]',
    'data-status': project.state ? separatedParts(labels, [labels.project, ui.projectState(project.state)]) : labels.project,
    'data-upvotes': ui.showUpvotes ? String(project.upvotes) : undefined,
  };
}

/** Search marks as hast properties: the attributes that are set. */
const marksAsProperties = (marks: SearchMarks): Properties => Object.fromEntries(Object.entries(marks).filter(([, value]) => value !== undefined));

/** An issue page's record (src/components/IssueDetail.astro). */
export function issueSearchRecord(data: SearchData, issue: Issue): string {
  const { labels, ui } = data;
  const project = issue.projectId ? data.projectById.get(issue.projectId) : undefined;
  const status = issueColumnLabel(data, issue);
  const descriptionHtml = data.descriptionHtml('issues', issue.id);
  const article = h(
    'article',
    marksAsProperties(issueSearchMarks(issue, status, ui.showUpvotes)),
    h('h1', {}, h('bdi', {}, issue.title)),
    // The page's layout: the facts beside (or above) the text.
    h(
      'div',
      {},
      h(
        'div',
        {},
        h(
          'dl',
          {},
          issue.team && h('div', {}, h('dd', {}, h('bdi', {}, issue.team))),
          h('div', {}, h('dd', {}, project && h('a', {}, h('span', {}, labelBefore(labels, labels.project)), h('bdi', {}, project.name)))),
        ),
      ),
      h(
        'div',
        {},
        issue.summary.length > 0 && h('section', {}, h('ul', {}, ...issue.summary.map((line) => h('li', {}, h('bdi', {}, line))))),
        descriptionHtml && h('section', {}, h('div', {}, sanitised(descriptionHtml))),
      ),
    ),
  );
  return page(ui.locale, article);
}

/** A project page's record (src/components/ProjectDetail.astro, not embedded). */
export function projectSearchRecord(data: SearchData, project: Project): string {
  const { ui } = data;
  const descriptionHtml = data.descriptionHtml('projects', project.id);
  const article = h(
    'article',
    marksAsProperties(projectSearchMarks(project, data)),
    h('h1', {}, h('bdi', {}, project.name)),
    h('div', {}, h('div', {}), h('div', {}, descriptionHtml && h('div', {}, sanitised(descriptionHtml)))),
  );
  return page(ui.locale, article);
}

/** A release note page's record (src/components/ReleaseNoteArticle.astro, its tags as src/components/ReleaseTags.astro writes them). */
export function releaseNoteSearchRecord(data: SearchData, note: ReleaseNote, imageSrc: string | undefined): string {
  const { labels, ui, config } = data;
  const noteLocale = note.lang ?? config.locales[0]!;
  // The note's own text (title, image, body) in its language, the rest in the page's, as the page has it.
  const textLang = noteLocale === ui.locale ? {} : { lang: noteLocale };
  const article = h(
    'article',
    { dataPagefindBody: '' },
    h('h1', {}, h('bdi', textLang, note.title)),
    h(
      'p',
      {},
      h('time', {}, formatDate(note.date, ui.locale)),
      ...(note.version ? [separator(labels), h('bdi', {}, fill(labels.releaseVersion, { version: note.version }))] : []),
      ...note.tags.flatMap((tag) => [separator(labels), h('span', {}, releaseTagLabel(tag, labels, ui.releaseTagLabels))]),
    ),
    // Pagefind takes the first image's address and text as the result's `image` and `image_alt`.
    note.image && h('img', { src: imageSrc, alt: note.imageAlt ?? '', ...textLang }),
    h('div', textLang, sanitised(note.html)),
  );
  return page(ui.locale, article);
}

/**
 * The records of one language's issue, project and release note pages. `segment`: the language's folder below the
 * roadmap's root (none for the main language), as in the pages' paths; `imageSrcs`: the address of each note's image
 * as its page shows it, by the note's file.
 */
export function searchRecords(data: SearchData, segment: string | undefined, imageSrcs: ReadonlyMap<string, string> = new Map()): SearchRecord[] {
  const below = (path: string) => `${segment ? `${segment}/` : ''}${path}index.html`;
  return [
    ...data.issues.map((issue) => ({ sourcePath: below(issuePath(issue.id)), content: issueSearchRecord(data, issue) })),
    ...data.projects.map((project) => ({ sourcePath: below(projectPath(project.id)), content: projectSearchRecord(data, project) })),
    ...data.releaseNotes.map((note) => ({ sourcePath: below(releasePath(note.slug)), content: releaseNoteSearchRecord(data, note, imageSrcs.get(note.file)) })),
  ];
}

/**
 * The records in the order Pagefind gets them: by path, in code-unit order. Pagefind numbers pages and lays out its
 * files in the order records reach it, so the same records in another order would make another index.
 */
export function inPathOrder(records: readonly SearchRecord[]): SearchRecord[] {
  return [...records].sort((a, b) => compareCodeUnits(a.sourcePath, b.sourcePath));
}

/** A digest of sorted records and what else shapes the index (`options`): equal digests make the same index. */
export function searchRecordsDigest(sorted: readonly SearchRecord[], options: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify(options));
  for (const record of sorted) hash.update(`\n${JSON.stringify([record.sourcePath, record.content])}`);
  return hash.digest('hex');
}
