/**
 * The visitor's own light / dark / automatic choice on the site's pages, where
 * `theme.colorScheme` is `auto`. The CSP allows no inline script, so this tiny
 * external script, a classic one loaded in each page's <head>, reads the choice
 * remembered in localStorage and sets `data-theme` on <html> while the document
 * is still being parsed: before the first paint, so there is no flash of the
 * other scheme. "Automatic" leaves `data-theme` off, and the stylesheet follows
 * `prefers-color-scheme` (src/styles/tokens.css). Once the page is parsed it
 * wires the header's switch (ThemeSwitch.astro), which is `hidden` until then:
 * without scripting there is no switch, and the page follows the system.
 *
 * Written as plain ES5 text, not compiled: it is served as it is, and it must
 * run as a classic, parser-blocking script (a module would run after parsing).
 */

/** Where the script is served, under the base path. */
export const SITE_THEME_PATH = 'theme.js';

/** The localStorage key of the visitor's choice: one per origin, like the browser's own setting. */
export const THEME_STORAGE_KEY = 'portal-roadmap:theme';

export const SITE_THEME_SCRIPT = `/* portal-roadmap: the visitor's light/dark/auto choice (docs/theming.md) */
(function () {
  var KEY = ${JSON.stringify(THEME_STORAGE_KEY)};
  var CHOICES = ['auto', 'light', 'dark'];
  var root = document.documentElement;
  function stored() {
    try {
      var value = localStorage.getItem(KEY);
      return value === 'light' || value === 'dark' ? value : 'auto';
    } catch (e) {
      return 'auto';
    }
  }
  function apply(choice) {
    if (choice === 'auto') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', choice);
    root.setAttribute('data-theme-choice', choice);
    var meta = document.querySelector('meta[name="color-scheme"]');
    if (meta) meta.setAttribute('content', choice === 'auto' ? 'light dark' : choice);
  }
  apply(stored());
  document.addEventListener('DOMContentLoaded', function () {
    var button = document.querySelector('[data-theme-switch]');
    if (!button) return;
    var names = {};
    try {
      names = JSON.parse(button.getAttribute('data-names') || '{}');
    } catch (e) {}
    function label() {
      var name = (names.label || '') + ': ' + (names[root.getAttribute('data-theme-choice') || 'auto'] || '');
      button.setAttribute('aria-label', name);
      button.setAttribute('title', name);
    }
    button.addEventListener('click', function () {
      var next = CHOICES[(CHOICES.indexOf(root.getAttribute('data-theme-choice') || 'auto') + 1) % CHOICES.length];
      try {
        if (next === 'auto') localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, next);
      } catch (e) {}
      apply(next);
      label();
    });
    label();
    button.hidden = false;
  });
})();
`;
