/**
 * Search, once the visitor has opened it (search-loader.ts). Pagefind and the
 * parts of its index a query needs are fetched from `pagefind/`; its worker
 * compiles the WebAssembly under that path's own policy, so this page's CSP
 * stays `script-src 'self'` (src/hosting/headers.ts).
 *
 * The results are a plain list of links in the search landmark: Tab or the
 * arrow keys move through them, Enter opens one, Escape closes the list and
 * returns to the field. A status region announces how many were found.
 */
import { excerptNodes } from './search-excerpt.ts';
import { messageParts, type PluralForms } from '../i18n/messages.ts';
import { separatedParts } from '../i18n/joins.ts';
import { countText } from '../i18n/counts.ts';

/** What Pagefind's `pagefind.js` offers, as far as it is used here. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{ results: PagefindResult[] } | null>;
}
interface PagefindResult {
  data(): Promise<{ url: string; excerpt: string; meta: Record<string, string | undefined> }>;
}

/** Results shown at first and added by each "Show more": each needs its stored text fetched. */
const PAGE_SIZE = 10;
/** Typing pause before searching, so each keystroke does not fetch index chunks. */
const TYPING_PAUSE_MS = 150;
let engine: Promise<Pagefind> | undefined;

/** Pagefind from the roadmap's own `pagefind/` (`siteRoot`: the roadmap's root path, which a site that mounts it prefixes). */
function loadPagefind(siteRoot: string): Promise<Pagefind> {
  engine ??= (async () => {
    const pagefind = (await import(/* @vite-ignore */ `${siteRoot}pagefind/pagefind.js`)) as Pagefind;
    await pagefind.options({ baseUrl: siteRoot });
    await pagefind.init();
    return pagefind;
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}

export function startSearch(root: HTMLElement, input: HTMLInputElement): void {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-search-${name}]`)!;
  const panel = part('panel');
  const list = part<HTMLOListElement>('results');
  const count = part('count');
  const status = part('status');
  const more = part<HTMLButtonElement>('more');
  const unavailable = part('unavailable');
  // The page's messages (SiteSearch.astro): counted ones as the plural forms of its translation.
  const messages = JSON.parse(root.dataset.messages ?? '{}') as { none: string; results: PluralForms; upvotes?: PluralForms; separated: string };
  const siteRoot = root.dataset.siteRoot ?? '/';
  // Counts as the pages write them: compact from a million, in the plural form of the number shown.
  const locale = document.documentElement.lang || navigator.language;
  const counted = (forms: PluralForms, n: number, values: Record<string, string> = {}) => countText(forms, n, root.dataset.pluralLanguage ?? 'en', locale, values);

  let generation = 0;
  let results: PagefindResult[] = [];
  let shown = 0;
  let typing: ReturnType<typeof setTimeout> | undefined;

  const open = (visible: boolean) => (panel.hidden = !visible);
  // The query is the visitor's text in whatever script: isolated (<bdi>) in the translated line, so "C++" keeps its
  // order on an Arabic page instead of reading «++C».
  const announce = (template: string, query = '') => {
    const line = () => messageParts(template, { query }).map((part) => (part.value ? Object.assign(document.createElement('bdi'), { textContent: part.text }) : part.text));
    count.replaceChildren(...line());
    status.replaceChildren(...line());
  };

  const renderResult = (data: Awaited<ReturnType<PagefindResult['data']>>) => {
    const item = document.createElement('li');
    item.className = 'search-result';
    const link = document.createElement('a');
    link.href = data.url;
    link.textContent = data.meta.title || data.url;
    link.dir = 'auto'; // a title is data, in whatever script it was written
    const facts = document.createElement('p');
    facts.className = 'search-result-meta';
    const upvotes = Number(data.meta.upvotes);
    facts.textContent = separatedParts(messages, [
      data.meta.status ?? '',
      messages.upvotes && data.meta.upvotes && Number.isFinite(upvotes) ? counted(messages.upvotes, upvotes) : '',
    ]);
    const excerpt = document.createElement('p');
    excerpt.className = 'search-result-excerpt';
    excerpt.dir = 'auto'; // the page's text, in the language it was written in: its punctuation stays in place on a right-to-left page
    excerpt.append(...excerptNodes(data.excerpt, document));
    item.append(link, facts, excerpt);
    return item;
  };

  const showMore = async (mine: number) => {
    const next = results.slice(shown, shown + PAGE_SIZE);
    const data = await Promise.all(next.map((result) => result.data()));
    if (mine !== generation) return [];
    const items = data.map(renderResult);
    list.append(...items);
    shown += next.length;
    more.hidden = shown >= results.length;
    return items;
  };

  const run = async () => {
    clearTimeout(typing);
    const query = input.value.trim();
    const mine = ++generation;
    if (!query) {
      results = [];
      list.replaceChildren();
      more.hidden = true;
      announce('');
      open(false);
      return;
    }
    try {
      const search = await (await loadPagefind(siteRoot)).search(query);
      // A newer query has started meanwhile (Pagefind answers null to a superseded one): its results win.
      if (mine !== generation || !search) return;
      results = search.results;
      shown = 0;
      list.replaceChildren();
      await showMore(mine);
      if (mine !== generation) return;
      announce(results.length ? counted(messages.results, results.length) : messages.none, query);
      unavailable.hidden = true;
    } catch {
      if (mine !== generation) return;
      list.replaceChildren();
      more.hidden = true;
      announce('');
      unavailable.hidden = false;
    }
    open(true);
  };

  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(run, TYPING_PAUSE_MS);
  });
  // A click in the field brings back the list that Escape or a click elsewhere closed (Enter searches again).
  input.addEventListener('click', () => {
    if (input.value.trim() && (list.childElementCount || !unavailable.hidden)) open(true);
  });
  more.addEventListener('click', async () => {
    const [first] = await showMore(generation);
    first?.querySelector('a')?.focus();
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      event.preventDefault();
      open(false);
      input.focus();
      return;
    }
    if (event.key === 'Enter' && event.target === input) {
      void run();
      return;
    }
    if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || panel.hidden) return;
    const links = [...list.querySelectorAll('a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (!links.length || (at < 0 && document.activeElement !== input)) return;
    event.preventDefault();
    if (event.key === 'ArrowDown') links[Math.min(at + 1, links.length - 1)]!.focus();
    else (at <= 0 ? input : links[at - 1]!).focus();
  });
  // The list closes when focus moves out of the search landmark (Tab past the last result) or a click lands
  // outside it. Not on focusout alone: Safari does not focus a clicked button, so "Show more" would close it.
  root.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && !root.contains(event.relatedTarget)) open(false);
  });
  document.addEventListener('pointerdown', (event) => {
    if (!(event.target instanceof Node && root.contains(event.target))) open(false);
  });

  void loadPagefind(siteRoot).catch(() => undefined);
  if (input.value.trim()) void run();
}
