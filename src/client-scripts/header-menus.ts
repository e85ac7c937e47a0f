/**
 * The header's menus (`<details class="header-menu">` in SiteHeader.astro: the language menu, the phone's
 * "More links") close as a disclosure's popup is expected to: on Escape, with focus back on its toggle (the
 * `<summary>`); on a click or tap anywhere outside it; when focus moves out of it (Tab past its last link).
 * Opening one closes the other. Without this script a menu still opens and closes with its toggle.
 * @see https://www.w3.org/WAI/ARIA/apg/patterns/disclosure/
 */

const menus = [...document.querySelectorAll<HTMLDetailsElement>('details.header-menu')];

function close(menu: HTMLDetailsElement, refocus: boolean): void {
  if (!menu.open) return;
  menu.open = false;
  if (refocus) menu.querySelector('summary')?.focus();
}

if (menus.length > 0) {
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menus) {
      if (!menu.open) continue;
      close(menu, true);
      event.preventDefault();
    }
  });
  document.addEventListener('click', (event) => {
    for (const menu of menus) if (!(event.target instanceof Node && menu.contains(event.target))) close(menu, false);
  });
  for (const menu of menus) {
    // `relatedTarget` is where focus went; null when it went nowhere (a click on the page, which the click above handles).
    menu.addEventListener('focusout', (event) => {
      if (event.relatedTarget instanceof Node && !menu.contains(event.relatedTarget)) close(menu, false);
    });
    menu.addEventListener('toggle', () => {
      if (menu.open) for (const other of menus) if (other !== menu) close(other, false);
    });
  }
}
