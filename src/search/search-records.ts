/**
 * The search index's records, made from the data instead of read back from the built pages, so that Pagefind indexes
 * them while the pages render. What search reads of an issue, project or release note page is written once here, as
 * its search text (`issueSearchText`, `projectSearchText`, `releaseNoteMeta`): the page's component shows those texts
 * in the article it marks with `data-pagefind-body` (everything else in it marked `data-pagefind-ignore`), and the
 * record is made of them alone, in the same order, the title as the `<h1>` (Pagefind weighs it as the page's) and the
 * same `<html lang>`. Pagefind reads text, headings and element boundaries, not the page's layout, so the record and
 * the page make the same index, byte for byte (test/integration/search-records.test.ts holds them to it).
 * Pagefind's custom records (`addCustomRecord`) would carry no heading weight, so a title match would rank like any
 * word of a description.
 *
 * Every text goes in as escaped text (hast-util-to-html); the one piece of markup is each description's or note's
 * HTML, which the sanitiser made (src/descriptions/markdown.ts) and the page itself carries as it is.
 */
import { createHash } from 'node:crypto';
import type { Element, ElementContent, Properties, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { BoardColumn } from '../shown/columns.ts';
import type { Labels } from '../i18n/labels.ts';
import { labelBefore, separatedParts, separator } from '../i18n/joins.ts';
import { compareCodeUnits } from '../shared/values.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { issuePath, projectPath, releasePath } from '../view/paths.ts';
import { issueColumnLabel } from '../view/roadmap-view.ts';
import { releaseNoteMeta, type ReleaseNote } from '../release-notes/notes.ts';

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

/**
 * What search reads of an issue page (src/components/IssueDetail.astro), in the page's order: the title, the team,
 * the project (its name after the hidden "Project: "), the summary's lines and the description. The page shows these
 * in its article, marked with `marks`; its record is made of them.
 */
export interface IssueSearchText {
  marks: SearchMarks;
  title: string;
  team: string | null;
  project: Project | undefined;
  summary: readonly string[];
  descriptionHtml: string;
}

export function issueSearchText(data: Pick<SearchData, 'projectById' | 'columnByIssue' | 'descriptionHtml' | 'ui'>, issue: Issue): IssueSearchText {
  return {
    marks: issueSearchMarks(issue, issueColumnLabel(data, issue), data.ui.showUpvotes),
    title: issue.title,
    team: issue.team,
    project: issue.projectId ? data.projectById.get(issue.projectId) : undefined,
    summary: issue.summary,
    descriptionHtml: data.descriptionHtml('issues', issue.id),
  };
}

/** What search reads of a project page (src/components/ProjectDetail.astro, not embedded): its name and description. */
export interface ProjectSearchText {
  marks: SearchMarks;
  name: string;
  descriptionHtml: string;
}

export function projectSearchText(data: Pick<SearchData, 'descriptionHtml' | 'labels' | 'ui'>, project: Project): ProjectSearchText {
  return { marks: projectSearchMarks(project, data), name: project.name, descriptionHtml: data.descriptionHtml('projects', project.id) };
}

/** An issue page's record: its search text. */
export function issueSearchRecord(data: SearchData, issue: Issue): string {
  const { labels, ui } = data;
  const text = issueSearchText(data, issue);
  const article = h(
    'article',
    marksAsProperties(text.marks),
    h('h1', {}, h('bdi', {}, text.title)),
    text.team && h('p', {}, h('bdi', {}, text.team)),
    text.project && h('p', {}, h('span', {}, labelBefore(labels, labels.project)), h('bdi', {}, text.project.name)),
    text.summary.length > 0 && h('ul', {}, ...text.summary.map((line) => h('li', {}, h('bdi', {}, line)))),
    text.descriptionHtml && h('div', {}, sanitised(text.descriptionHtml)),
  );
  return page(ui.locale, article);
}

/** A project page's record: its search text. */
export function projectSearchRecord(data: SearchData, project: Project): string {
  const text = projectSearchText(data, project);
  const article = h('article', marksAsProperties(text.marks), h('h1', {}, h('bdi', {}, text.name)), text.descriptionHtml && h('div', {}, sanitised(text.descriptionHtml)));
  return page(data.ui.locale, article);
}

/**
 * A release note page's record (src/components/ReleaseNoteArticle.astro): its title, its line of facts
 * (`releaseNoteMeta`, as src/components/ReleaseTags.astro shows it), its image and its text.
 */
export function releaseNoteSearchRecord(data: SearchData, note: ReleaseNote, imageSrc: string | undefined): string {
  const { labels, ui, config } = data;
  const noteLocale = note.lang ?? config.locales[0]!;
  // The note's own text (title, image, body) in its language, the rest in the page's, as the page has it.
  const textLang = noteLocale === ui.locale ? {} : { lang: noteLocale };
  const meta = releaseNoteMeta(note, labels, ui.locale, ui.releaseTagLabels);
  const article = h(
    'article',
    { dataPagefindBody: '' },
    h('h1', {}, h('bdi', textLang, note.title)),
    h(
      'p',
      {},
      h('time', {}, meta.date),
      ...(meta.version ? [separator(labels), h('bdi', {}, meta.version)] : []),
      ...meta.tags.flatMap((tag) => [separator(labels), h('span', {}, tag)]),
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
