/**
 * The board's filter island: filters by team, project and status, and sorts,
 * over every published issue, keeping the state in the URL so a filtered view
 * can be linked. Progressive enhancement: without scripting CSS hides the form
 * and the board reads as the server made it.
 *
 * The page holds only the first cards of each column, so with a filter or a
 * sort on, the island fetches the filter index (src/exports/board-index.ts, once,
 * never at page load) and draws each column's first matching cards itself,
 * with the markup of IssueCard.astro, built node by node: no data ever goes
 * through an HTML parser. Each column shows its true matching count; its
 * "Show all" link and a column page's pagination keep the filter. With the
 * filters cleared the server's markup comes back. Should the index not load,
 * the cards on the page are filtered instead.
 *
 * None of this loads with the page: board-filters-loader.ts imports it at the
 * first change of the form (or at load when the link carries a filter), when
 * the index is fetched too, so the board's JavaScript at load stays small.
 */
import type { BoardIndex, IndexedIssue } from '../exports/board-index.ts';
import { fill, type PluralForms } from '../i18n/messages.ts';
import { countText } from '../i18n/counts.ts';
import { formatNumber } from '../i18n/format.ts';

const FIELDS = ['team', 'project', 'status', 'sort'] as const;
const SORT_KEYS = ['upvotes', 'importance', 'updated'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** One issue as the island filters, sorts and draws it. */
interface Card extends Record<SortKey, number> {
  order: number;
  team: string;
  project: string;
  draw: (level: string) => Node;
}

/** UI strings of the page's language, from the form's `data-labels` (Filters.astro); counted ones as plural forms. */
interface Labels {
  showing: PluralForms;
  issueCount: PluralForms;
  /** Absent when the site hides upvote counts (the index then has none). */
  upvoteCount?: PluralForms;
  showAll: string;
  /** "Sorted by {sort}.", said before the count when the sort changes, so the live region tells the new order. */
  sorted: string;
  noIssues: string;
  team: string;
  project: string;
  voteShort: string;
  voteFor: string;
  page: string;
  previousPage: string;
  nextPage: string;
}

/**
 * Runs the island on `form` (Filters.astro). `changed`: started by a change of
 * the form (the name of the field changed, `''` for a reset), whose state then
 * goes into the URL; `false`: by a filter in the link.
 */
export function startFilters(form: HTMLFormElement, changed: string | false): void {
  const labels = JSON.parse(form.dataset.labels ?? '{}') as Labels;
  const { issueHref = '', projectHref = '' } = form.dataset;
  // Numbers and counts as the server wrote them (src/i18n/labels.ts `count`): compact from a million, in the plural form of the number shown.
  const locale = document.documentElement.lang || navigator.language;
  const number = (n: number) => formatNumber(n, locale);
  const counted = (forms: PluralForms, count: number, values: Record<string, string> = {}) => countText(forms, count, form.dataset.pluralLanguage ?? 'en', locale, values);
  const value = (name: string) => (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? '';
  const status = form.querySelector<HTMLElement>('[data-filter-status]');
  const sections = [...document.querySelectorAll<HTMLElement>('[data-column]')];
  const nav = document.querySelector<HTMLElement>('.pagination');
  // The server's markup, to come back when the filters are cleared.
  const pristine = new Map<Element, Node>([...sections, ...(nav ? [nav] : [])].map((el) => [el, el.cloneNode(true)]));
  const pristineStatus = status?.textContent?.trim() ?? '';

  const h = (tag: string, className = '', ...children: (Node | string)[]) => {
    const el = document.createElement(tag);
    if (className) el.className = className;
    el.append(...children);
    return el;
  };
  const link = (href: string, className: string, ...children: (Node | string)[]) => {
    const a = h('a', className, ...children) as HTMLAnchorElement;
    a.href = href;
    return a;
  };

  /** Data (titles, names) in an element of its own direction, as IssueCard.astro writes it: `<bdi>`. */
  const isolated = (text: string) => h('bdi', '', text);

  /** VoteLink.astro: "▲ 40", a link to vote when there is one; null with neither a count nor a link. */
  const voteControl = (title: string, upvotes: number | null, vote: string | null | undefined) => {
    const spoken = upvotes !== null && labels.upvoteCount ? counted(labels.upvoteCount, upvotes) : undefined;
    if (!vote && spoken === undefined) return null;
    const hidden = (text: string) => h('span', 'visually-hidden', text);
    const shown = (text: string) => {
      const el = h('span', '', text);
      el.setAttribute('aria-hidden', 'true');
      return el;
    };
    const arrow = h('span', 'vote-arrow', '▲');
    arrow.setAttribute('aria-hidden', 'true');
    const face = [arrow, shown(spoken === undefined ? labels.voteShort : number(upvotes!))];
    const count = spoken === undefined ? [] : [h('span', 'visually-hidden upvote-count', spoken)];
    if (!vote) return h('span', 'votes upvotes', ...face, ...count);
    // The board is never an embed, so the link opens in the same tab.
    const control = link(vote, 'votes upvotes vote-link', hidden(`${fill(labels.voteFor, { title })}${count.length ? ', ' : ''}`), ...face, ...count);
    control.rel = 'nofollow noopener';
    return control;
  };

  /** A column's status tab (ColumnIndex.astro) is hidden with its column: a link to a hidden column would lead nowhere. */
  const tabShown = (id: string, shown: boolean) => {
    const item = document.querySelector(`[data-tab="${CSS.escape(id)}"]`)?.closest('li');
    if (item) item.hidden = !shown;
  };

  /** The status line; after a change of the sort, it names the new order first ("Sorted by Most upvoted. Showing 9 of 42 issues"). */
  const say = (count: string, sortChanged: boolean) => {
    const sortName = (form.elements.namedItem('sort') as HTMLSelectElement | null)?.selectedOptions[0]?.text.trim();
    if (status) status.textContent = sortChanged && sortName && labels.sorted ? `${fill(labels.sorted, { sort: sortName })} ${count}` : count;
  };

  /** The board's status tabs (ColumnIndex.astro) say each column's count, as its heading does. */
  const tabCount = (id: string, count: number) => {
    const shownCount = document.querySelector(`[data-tab-count="${CSS.escape(id)}"]`);
    if (shownCount) shownCount.textContent = number(count);
    const label = document.querySelector(`[data-tab-count-label="${CSS.escape(id)}"]`);
    if (label) label.textContent = counted(labels.issueCount, count);
  };

  /** IssueCard.astro, from one row of the index. */
  const cardsOf = (index: BoardIndex, issues: IndexedIssue[]): Card[] =>
    issues.map(([slug, title, summary, teamAt, projectAt, upvotes, importance, updated, vote], order) => {
      const team = index.teams[teamAt] ?? '';
      const project = index.projects[projectAt];
      return {
        order,
        team,
        project: project?.[0] ?? '',
        // Null when the site hides upvote counts: then no one sorts by them (Filters.astro offers no such sort).
        upvotes: upvotes ?? 0,
        importance,
        updated,
        draw: (level) => {
          const card = h('li', 'card', h(level, 'card-title', link(`${issueHref}${encodeURIComponent(slug)}/`, '', isolated(title))));
          Object.assign(card.dataset, {
            card: '',
            team,
            project: project?.[0] ?? '',
            order: `${order}`,
            ...(upvotes === null ? {} : { upvotes: `${upvotes}` }),
            importance: `${importance}`,
            updated: `${updated}`,
          });
          if (summary) card.append(h('p', 'card-summary', isolated(summary)));
          const meta = h('p', 'card-meta');
          if (project)
            meta.append(
              link(
                `${projectHref}${encodeURIComponent(project[1])}/`,
                `project-chip project-${project[1]}`,
                h('span', 'visually-hidden', `${labels.project}: `),
                isolated(project[2]),
              ),
            );
          if (team) meta.append(h('span', 'team', h('span', 'visually-hidden', `${labels.team}: `), isolated(team)));
          const votes = voteControl(title, upvotes, vote);
          if (votes) meta.append(votes);
          card.append(meta);
          return card;
        },
      };
    });

  /** The fallback: the cards the server put on this page. */
  const cardsOnPage = (section: Element): Card[] =>
    [...(pristine.get(section) as Element).querySelectorAll<HTMLElement>('[data-card]')].map((el) => {
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

  let index: Promise<BoardIndex | null> | undefined;
  const loadIndex = () =>
    (index ??= fetch(form.dataset.index ?? '')
      .then((response) => (response.ok ? (response.json() as Promise<BoardIndex>) : null))
      .then((data) => (data?.v === 1 ? data : null))
      .catch(() => null));

  /** The filter as a query string, for links: the status is the column itself there. */
  const query = () => {
    const params = new URLSearchParams();
    for (const name of FIELDS) if (name !== 'status' && value(name)) params.set(name, value(name));
    return params.size ? `?${params}` : '';
  };

  const restore = (el: HTMLElement) => {
    el.replaceChildren(...pristine.get(el)!.cloneNode(true).childNodes);
    el.hidden = false;
  };

  let run = 0;
  const apply = async (sortChanged = false) => {
    const mine = ++run;
    const [team, project, only, sortValue] = FIELDS.map(value) as [string, string, string, string];
    const sort = SORT_KEYS.find((key) => key === sortValue);
    if (!team && !project && !only && !sort) {
      for (const el of pristine.keys()) restore(el as HTMLElement);
      for (const section of sections) {
        tabCount(section.dataset.column ?? '', Number(section.dataset.total));
        tabShown(section.dataset.column ?? '', true);
      }
      say(pristineStatus, sortChanged);
      form.removeAttribute('aria-busy');
      return;
    }
    form.setAttribute('aria-busy', 'true');
    const data = await loadIndex();
    if (mine !== run) return;
    let shown = 0;
    let total = 0;
    for (const section of sections) {
      const id = section.dataset.column ?? '';
      const issues = data?.columns.find((column) => column.id === id)?.issues;
      const cards = data && issues ? cardsOf(data, issues) : cardsOnPage(section);
      total += cards.length;
      section.hidden = Boolean(only) && id !== only;
      tabShown(id, !section.hidden);
      if (section.hidden) continue;
      const matches = cards.filter((card) => (!team || card.team === team) && (!project || card.project === project));
      matches.sort((a, b) => (sort ? b[sort] - a[sort] : 0) || a.order - b.order);
      shown += matches.length;

      const limit = Number(section.dataset.limit) || matches.length;
      const page = Number(section.dataset.page) || 1;
      const pages = Math.max(1, Math.ceil(matches.length / limit));
      const heading = section.querySelector('.column-title')!;
      const level = `h${Number(heading.tagName.slice(1)) + 1}`;
      const count = heading.querySelector('[data-count]');
      if (count) count.textContent = number(matches.length);
      const countLabel = heading.querySelector('[data-count-label]');
      if (countLabel) countLabel.textContent = counted(labels.issueCount, matches.length);
      tabCount(id, matches.length);
      const shownCards = matches.slice((page - 1) * limit, page * limit);
      const parts: Node[] = [heading, shownCards.length ? h('ul', 'cards', ...shownCards.map((card) => card.draw(level))) : h('p', 'empty', labels.noIssues)];
      const href = section.dataset.href ?? '';
      if (section.dataset.more !== undefined && matches.length > limit) {
        const more = h(
          'p',
          'more',
          link(`${href}${query()}`, '', fill(labels.showAll, { count: number(matches.length) }), h('span', 'visually-hidden', `: ${section.dataset.label}`)),
        );
        more.dataset.cut = '';
        parts.push(more);
      }
      section.replaceChildren(...parts);
      if (nav) {
        const pageLink = (to: number, text: string, rel: string) => {
          const a = link(`${href}${to > 1 ? `${to}/` : ''}${query()}`, '', text);
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
    }
    say(counted(labels.showing, total, { shown: number(shown) }), sortChanged);
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
