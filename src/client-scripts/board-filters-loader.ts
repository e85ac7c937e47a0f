/**
 * All of the board's filter island that loads with the page: the island
 * itself (board-filters.ts, with the plural rules it shares with search) is
 * imported only when someone first changes the form, or at load when the link
 * carries a filter (`/?team=Web`), which is also when the filter index is
 * fetched. Until then the board is the server's markup and costs no script.
 */
export {}; // an ES module, as the page loads it (and the unit test imports it)

const form = document.querySelector<HTMLFormElement>('[data-filters]');

if (form) {
  let started = false;
  /** `changed`: the field whose change starts the island (`''` for a reset), or false for a filter in the link. */
  const start = (changed: string | false) => {
    if (started) return;
    started = true;
    // Busy until the island has drawn the filtered board (it clears this), as it is while the index loads.
    form.setAttribute('aria-busy', 'true');
    import('./board-filters.ts')
      .then((island) => island.startFilters(form, changed))
      .catch(() => {
        // The code did not arrive (offline, a half-deployed site): the board stays as the server made it; the next change tries again.
        started = false;
        form.removeAttribute('aria-busy');
      });
  };
  form.addEventListener('change', (event) => start((event.target as HTMLSelectElement | null)?.name ?? ''));
  form.addEventListener('reset', () => setTimeout(() => start('')));
  form.addEventListener('submit', (event) => event.preventDefault());
  // The form's own field names are the filters a link can carry.
  const params = new URLSearchParams(location.search);
  if ([...form.elements].some((field) => field instanceof HTMLSelectElement && params.has(field.name))) {
    // A link with a filter: the fold (closed on a phone) opens, so the visitor sees what narrows the board.
    form.querySelector<HTMLDetailsElement>('[data-filter-fold]')?.setAttribute('open', '');
    start(false);
  }
}
