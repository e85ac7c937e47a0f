/**
 * Every page's search trigger, and all of search that loads with the page:
 * the search code (search.ts, then Pagefind and its index) is fetched only
 * once the visitor opens search, by focusing the field or pressing `/`
 * while focus is on no control. `/` is the site's only shortcut (WCAG 2.1.4):
 * it acts only when focus is on the page itself, never on a link, button or
 * field, whose keys stay theirs; screen readers in browse mode keep the key
 * for themselves; and `search.shortcut: false` in the config turns it off
 * (the field then has no `data-shortcut`).
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
  if (root.dataset.shortcut === '/') {
    document.addEventListener('keydown', (event) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || inControl(event.target)) return;
      event.preventDefault();
      input.focus();
    });
  }
}

/** Whether focus is in a control (a link, button, field, summary, anything focusable or editable): `/` there is that control's. */
function inControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement) || target === document.body || target === document.documentElement) return false;
  return target.isContentEditable || target.matches('a[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"])');
}
