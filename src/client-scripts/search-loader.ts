/**
 * Every page's search trigger, and all of search that loads with the page:
 * the search code (search.ts, then Pagefind and its index) is fetched only
 * once the visitor opens search, by focusing the field or pressing `/`
 * outside a text field. `/` is the site's only shortcut; screen readers in
 * browse mode keep the key for themselves, so it does not fight them.
 */
const root = document.querySelector<HTMLElement>('[data-search]');
const input = root?.querySelector('input');

if (root && input) {
  let started = false;
  const open = () => {
    if (started) return;
    started = true;
    import('./search.ts')
      .then((search) => search.startSearch(root, input))
      .catch(() => {
        // The code did not arrive (offline, a half-deployed site): say so, point to the columns, and try again on the next focus.
        started = false;
        for (const hidden of root.querySelectorAll('[data-search-panel], [data-search-unavailable]')) hidden.removeAttribute('hidden');
      });
  };
  input.addEventListener('focus', open);
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typesText(event.target)) return;
    event.preventDefault();
    input.focus();
  });
}

/** Whether the key goes into a field: `/` typed there is text, not a shortcut. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
