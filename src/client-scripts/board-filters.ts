/**
 * The board's filter island: filters by team, project and status, and sorts,
 * over every published issue, keeping the state in the URL so a filtered view
 * can be linked. Progressive enhancement: without scripting CSS hides the form
 * and the board reads as the server made it.
 *
 * The page holds only the first cards of each column, so with a filter or a
 * sort on, the island fetches the filter index (src/exports/board-index.ts, once,
 * never at page load) and draws each column's first matching cards itself,
 * from the server's own card markup (board-card.ts). Each column shows its true
 * matching count; its "Show all" link and a column page's pagination keep the
 * filter. With the filters cleared the server's markup comes back. Should the
 * index not load, the cards on the page are filtered instead.
 *
 * None of this loads with the page: board-filters-loader.ts imports it at the
 * first change of the form (or at load when the link carries a filter), when
 * the index is fetched too, so the board's JavaScript at load stays small.
 */
import type { BoardIndex, IndexedIssue } from '../exports/board-index.ts';
import { fill, type PluralForms } from '../i18n/messages.ts';
import { countText } from '../i18n/counts.ts';
import { formatNumber } from '../i18n/format.ts';
import { textAround } from '../i18n/joins.ts';
import { cardDrawer } from './board-card.ts';

const FIELDS = ['team', 'project', 'status', 'sort'] as const;
const SORT_KEYS = ['upvotes', 'importance', 'updated'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** One issue as the island filters, sorts and draws it. */
interface Card extends Record<SortKey, number> {
  order: number;
  team: string;
  project: string;
  draw: () => Node;
}

/** UI strings of the page's language, from the form's `data-labels` (Filters.astro); counted ones as plural forms. */
interface Labels {
  showing: PluralForms;
  issueCount: PluralForms;
  /** Absent when the site hides upvote counts (the index then has none). */
  upvoteCount?: PluralForms;
  showAll: string;
  /** "{label}: {value}", the language's colon: the "Show all" link names its column after it (Column.astro). */
  labelValue: string;
  /** "Sorted by {sort}.", said before the count when the sort changes, so the live region tells the new order. */
  sorted: string;
  noIssues: string;
  voteFor: string;
  commaSeparated: string;
  page: string;
  previousPage: string;
  nextPage: string;
}

/** The filter's fields as the form has them: `''` for "all" and the team's own order. */
interface FilterState {
  team: string;
  project: string;
  /** The one column shown, by id. */
  only: string;
  sort: SortKey | undefined;
}

/** The page's words, numbers and counts, as the server wrote them (src/i18n/labels.ts `count`): compact from a million, in the plural form of the number shown. */
interface PageText {
  labels: Labels;
  number: (n: number) => string;
  counted: (forms: PluralForms, count: number, values?: Record<string, string>) => string;
}

function pageText(form: HTMLFormElement): PageText {
  const locale = document.documentElement.lang || navigator.language;
  return {
    labels: JSON.parse(form.dataset.labels ?? '{}') as Labels,
    number: (n) => formatNumber(n, locale),
    counted: (forms, count, values = {}) => countText(forms, count, form.dataset.pluralLanguage ?? 'en', locale, values),
  };
}

function h(tag: string, className = '', ...children: (Node | string)[]): HTMLElement {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.append(...children);
  return el;
}

function link(href: string, className: string, ...children: (Node | string)[]): HTMLAnchorElement {
  const a = h('a', className, ...children) as HTMLAnchorElement;
  a.href = href;
  return a;
}

/** The filter index, or null when it cannot be had (the island then filters the cards on the page). */
function fetchIndex(url: string): Promise<BoardIndex | null> {
  return fetch(url)
    .then((response) => (response.ok ? (response.json() as Promise<BoardIndex>) : null))
    .then((data) => (data?.v === 1 ? data : null))
    .catch(() => null);
}

/** A column's issues from the index, each drawn from the page's card template (board-card.ts). */
function indexedCards(index: BoardIndex, issues: readonly IndexedIssue[], draw: ReturnType<typeof cardDrawer>): Card[] {
  return issues.map((row, order) => {
    const [, , , teamAt, projectAt, upvotes, importance, updated] = row;
    return {
      order,
      team: index.teams[teamAt] ?? '',
      project: index.projects[projectAt]?.[0] ?? '',
      // Null when the site hides upvote counts: then no one sorts by them (Filters.astro offers no such sort).
      upvotes: upvotes ?? 0,
      importance,
      updated,
      draw: () => draw(row, order),
    };
  });
}

/** The fallback: the cards the server put on this page (`served`: the column's markup as served). */
function servedCards(served: Element): Card[] {
  return [...served.querySelectorAll<HTMLElement>('[data-card]')].map((el) => {
    const data = el.dataset;
    return {
      order: Number(data.order),
      team: data.team ?? '',
      project: data.project ?? '',
      upvotes: Number(data.upvotes ?? 0),
      importance: Number(data.importance),
      updated: Number(data.updated),
      draw: () => el.cloneNode(true),
    };
  });
}

/** A column's status tab (ColumnIndex.astro) is hidden with its column: a link to a hidden column would lead nowhere. */
function showTab(id: string, shown: boolean): void {
  const item = document.querySelector(`[data-tab="${CSS.escape(id)}"]`)?.closest('li');
  if (item) item.hidden = !shown;
}

/** The board's status tabs (ColumnIndex.astro) say each column's count, as its heading does. */
function setTabCount(id: string, count: number, text: PageText): void {
  const shownCount = document.querySelector(`[data-tab-count="${CSS.escape(id)}"]`);
  if (shownCount) shownCount.textContent = text.number(count);
  const label = document.querySelector(`[data-tab-count-label="${CSS.escape(id)}"]`);
  if (label) label.textContent = text.counted(text.labels.issueCount, count);
}

/**
 * Draws one column (Column.astro) with its matching cards: the heading's count, this page's share of the cards, and
 * the "Show all" link (`query`: the filter, which the link keeps) when they are cut. Returns the number of pages.
 */
function drawColumn(section: HTMLElement, matches: readonly Card[], query: string, text: PageText): number {
  const { labels } = text;
  const limit = Number(section.dataset.limit) || matches.length;
  const page = Number(section.dataset.page) || 1;
  const heading = section.querySelector('.column-title')!;
  const count = heading.querySelector('[data-count]');
  if (count) count.textContent = text.number(matches.length);
  const countLabel = heading.querySelector('[data-count-label]');
  if (countLabel) countLabel.textContent = text.counted(labels.issueCount, matches.length);
  const shownCards = matches.slice((page - 1) * limit, page * limit);
  const parts: Node[] = [heading, shownCards.length ? h('ul', 'cards', ...shownCards.map((card) => card.draw())) : h('p', 'empty', labels.noIssues)];
  if (section.dataset.more !== undefined && matches.length > limit) {
    const label = h('span', 'visually-hidden', `${textAround(labels.labelValue)[1] ?? ': '}${section.dataset.label}`);
    const more = h('p', 'more', link(`${section.dataset.href ?? ''}${query}`, '', fill(labels.showAll, { count: text.number(matches.length) }), label));
    more.dataset.cut = '';
    parts.push(more);
  }
  section.replaceChildren(...parts);
  return Math.max(1, Math.ceil(matches.length / limit));
}

/** A column page's pagination (Pagination.astro) for the filtered column: `href` is the column's first page. */
function drawPagination(nav: HTMLElement, page: number, pages: number, href: string, query: string, labels: Labels): void {
  const pageLink = (to: number, label: string, rel: string) => {
    const a = link(`${href}${to > 1 ? `${to}/` : ''}${query}`, '', label);
    a.rel = rel;
    return a;
  };
  nav.hidden = pages < 2 && page < 2;
  nav.replaceChildren(
    page > 1 ? pageLink(Math.min(page - 1, pages), labels.previousPage, 'prev') : h('span'),
    h('span', '', fill(labels.page, { page, pages })),
    page < pages ? pageLink(page + 1, labels.nextPage, 'next') : h('span'),
  );
}

/**
 * Runs the island on `form` (Filters.astro). `changed`: started by a change of
 * the form (the name of the field changed, `''` for a reset), whose state then
 * goes into the URL; `false`: by a filter in the link.
 */
export function startFilters(form: HTMLFormElement, changed: string | false): void {
  const text = pageText(form);
  const { labels } = text;
  const value = (name: string) => (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? '';
  const status = form.querySelector<HTMLElement>('[data-filter-status]');
  const template = document.querySelector<HTMLTemplateElement>('template[data-card-template]');
  const sections = [...document.querySelectorAll<HTMLElement>('[data-column]')];
  const nav = document.querySelector<HTMLElement>('.pagination');
  // The server's markup, to come back when the filters are cleared.
  const pristine = new Map<Element, Node>([...sections, ...(nav ? [nav] : [])].map((el) => [el, el.cloneNode(true)]));
  const pristineStatus = status?.textContent?.trim() ?? '';
  const cardContext = {
    issueHref: form.dataset.issueHref ?? '',
    projectHref: form.dataset.projectHref ?? '',
    voteFor: labels.voteFor,
    commaSeparated: labels.commaSeparated,
    number: text.number,
    upvoteCount: (n: number) => (labels.upvoteCount ? text.counted(labels.upvoteCount, n) : ''),
  };

  /** The status line; after a change of the sort, it names the new order first ("Sorted by Most upvoted. Showing 9 of 42 issues"). */
  const say = (count: string, sortChanged: boolean) => {
    const sortName = (form.elements.namedItem('sort') as HTMLSelectElement | null)?.selectedOptions[0]?.text.trim();
    if (status) status.textContent = sortChanged && sortName && labels.sorted ? `${fill(labels.sorted, { sort: sortName })} ${count}` : count;
  };

  let index: Promise<BoardIndex | null> | undefined;
  const loadIndex = () => (index ??= fetchIndex(form.dataset.index ?? ''));

  /** A column's cards: all of its issues from the index, else the ones the server put on this page. */
  const cardsOf = (section: HTMLElement, data: BoardIndex | null): Card[] => {
    const issues = data?.columns.find((column) => column.id === section.dataset.column)?.issues;
    if (!data || !issues || !template) return servedCards(pristine.get(section) as Element);
    return indexedCards(data, issues, cardDrawer(template, data, cardContext));
  };

  /** The filter as a query string, for links: the status is the column itself there. */
  const query = () => {
    const params = new URLSearchParams();
    for (const name of FIELDS) if (name !== 'status' && value(name)) params.set(name, value(name));
    return params.size ? `?${params}` : '';
  };

  const restore = (sortChanged: boolean) => {
    for (const [el, copy] of pristine) {
      el.replaceChildren(...copy.cloneNode(true).childNodes);
      (el as HTMLElement).hidden = false;
    }
    for (const section of sections) {
      setTabCount(section.dataset.column ?? '', Number(section.dataset.total), text);
      showTab(section.dataset.column ?? '', true);
    }
    say(pristineStatus, sortChanged);
  };

  const draw = (filter: FilterState, data: BoardIndex | null, sortChanged: boolean) => {
    let shown = 0;
    let total = 0;
    for (const section of sections) {
      const id = section.dataset.column ?? '';
      const cards = cardsOf(section, data);
      total += cards.length;
      section.hidden = Boolean(filter.only) && id !== filter.only;
      showTab(id, !section.hidden);
      if (section.hidden) continue;
      const matches = cards.filter((card) => (!filter.team || card.team === filter.team) && (!filter.project || card.project === filter.project));
      matches.sort((a, b) => (filter.sort ? b[filter.sort] - a[filter.sort] : 0) || a.order - b.order);
      shown += matches.length;
      setTabCount(id, matches.length, text);
      const pages = drawColumn(section, matches, query(), text);
      if (nav) drawPagination(nav, Number(section.dataset.page) || 1, pages, section.dataset.href ?? '', query(), labels);
    }
    say(text.counted(labels.showing, total, { shown: text.number(shown) }), sortChanged);
  };

  let run = 0;
  const apply = async (sortChanged = false) => {
    const mine = ++run;
    const [team, project, only, sortValue] = FIELDS.map(value) as [string, string, string, string];
    const filter: FilterState = { team, project, only, sort: SORT_KEYS.find((key) => key === sortValue) };
    if (!team && !project && !only && !filter.sort) {
      restore(sortChanged);
      form.removeAttribute('aria-busy');
      return;
    }
    form.setAttribute('aria-busy', 'true');
    const data = await loadIndex();
    if (mine !== run) return;
    draw(filter, data, sortChanged);
    form.removeAttribute('aria-busy');
  };

  const save = () => {
    const params = new URLSearchParams(location.search);
    for (const name of FIELDS) {
      if (value(name)) params.set(name, value(name));
      else params.delete(name);
    }
    history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}${location.hash}`);
  };
  const update = (sortChanged = false) => {
    void apply(sortChanged);
    save();
  };

  const params = new URLSearchParams(location.search);
  for (const name of FIELDS) {
    const field = form.elements.namedItem(name) as HTMLSelectElement | null;
    const wanted = params.get(name);
    if (field && wanted && [...field.options].some((option) => option.value === wanted)) field.value = wanted;
  }
  form.addEventListener('change', (event) => update((event.target as HTMLSelectElement | null)?.name === 'sort'));
  form.addEventListener('reset', () => setTimeout(() => update()));
  if (changed !== false) update(changed === 'sort');
  else if (FIELDS.some(value)) void apply();
  else form.removeAttribute('aria-busy');
}
