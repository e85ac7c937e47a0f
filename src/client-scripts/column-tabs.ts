/**
 * The board's status tabs on a phone (ColumnIndex.astro), enhanced. Without
 * scripting they are links to `#column-{id}` and CSS :target shows that column
 * (Board.astro). With it, a tab shows its column without the jump to the
 * anchor, keeps the choice in the URL's hash (replaced, so Back leaves the
 * board rather than stepping through tabs), marks the current tab
 * (aria-current) and the arrow, Home and End keys move between the tabs.
 * Wider than a phone every column shows and the tabs are hidden: the links
 * then jump as links do.
 */
const PHONE = matchMedia('(max-width: 640px)');
const PREFIX = '#column-';

/** Runs the tabs of the page's board, if it has one (ColumnIndex.astro loads this on a phone). */
export function startColumnTabs(): void {
  const nav = document.querySelector<HTMLElement>('[data-column-tabs]');
  const panels = document.querySelector<HTMLElement>('[data-tab-panels]');
  if (!nav || !panels) return;
  const tabs = [...nav.querySelectorAll<HTMLAnchorElement>('a[data-tab]')];
  const columns = [...panels.querySelectorAll<HTMLElement>('[data-column]')];
  const known = (id: string) => tabs.some((tab) => tab.dataset.tab === id);
  const fromHash = () => {
    const id = location.hash.startsWith(PREFIX) ? decodeURIComponent(location.hash.slice(PREFIX.length)) : '';
    return known(id) ? id : (tabs[0]?.dataset.tab ?? '');
  };
  const select = (id: string) => {
    for (const tab of tabs) {
      if (tab.dataset.tab === id) tab.setAttribute('aria-current', 'true');
      else tab.removeAttribute('aria-current');
    }
    for (const column of columns) column.toggleAttribute('data-selected', column.dataset.column === id);
  };

  panels.setAttribute('data-tabs', '');
  select(fromHash());
  nav.addEventListener('click', (event) => {
    const tab = (event.target as Element).closest<HTMLAnchorElement>('a[data-tab]');
    if (!tab || !PHONE.matches || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    history.replaceState(history.state, '', `${location.pathname}${location.search}${PREFIX}${encodeURIComponent(tab.dataset.tab ?? '')}`);
    select(tab.dataset.tab ?? '');
  });
  nav.addEventListener('keydown', (event) => {
    // The tabs a status filter leaves (board-filters.ts hides the others with their columns).
    const shown = tabs.filter((tab) => !tab.closest('[hidden]'));
    const at = shown.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    // The row reads in the page's direction: on a right-to-left page the left arrow goes to the next tab.
    const forward = getComputedStyle(nav).direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = forward === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft';
    const to = { [forward]: at + 1, [backward]: at - 1, Home: 0, End: shown.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = shown[(to + shown.length) % shown.length]!;
    next.focus();
    next.click();
  });
  addEventListener('hashchange', () => select(fromHash()));
}
