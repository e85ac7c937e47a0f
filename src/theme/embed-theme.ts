/**
 * The host page picks an embed's theme in its URL: `/embed/?theme=light`,
 * `dark` or `auto` (follow the visitor), and how many cards each column shows:
 * `?limit=3` (1 to 20, at most what the build put on the page). A static page
 * cannot read its query on the server, and the CSP forbids inline scripts, so
 * this tiny external script, a classic one loaded in the embed's <head> before
 * the stylesheet, sets `data-theme` and `data-card-limit` on <html> while the
 * document is still being parsed: before the first paint, so there is no flash
 * of the other scheme nor of the cards past the limit (hidden by CSS,
 * src/components/Column.css, which also shows each cut column's link to the
 * full column).
 *
 * The theme also decides transparency. Chromium paints an opaque backdrop
 * behind a framed document whose used color-scheme differs from the iframe
 * element's (CSS Color Adjustment 1, #color-scheme-effect), so a transparent embed is
 * transparent only when its scheme matches the host page's. The host says
 * which it has: `light` on a page that declares none (the web's default).
 *
 * Written as plain ES5 text, not compiled: it is served as it is, and it must
 * run as a classic, parser-blocking script (a module would run after parsing).
 */

/** Where the script is served, under the base path. */
export const EMBED_THEME_PATH = 'embed/theme.js';

/** The largest `?limit=` the stylesheet has rules for. */
export const EMBED_MAX_CARD_LIMIT = 20;

export const EMBED_THEME_SCRIPT = `/* portal-roadmap: the embed's theme from ?theme=light|dark|auto, its cards per column from ?limit=N (docs/embedding.md) */
(function () {
  var query = new URLSearchParams(location.search);
  var root = document.documentElement;
  var limit = query.get('limit');
  if (limit && /^[0-9]{1,2}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= ${EMBED_MAX_CARD_LIMIT}) root.setAttribute('data-card-limit', String(Number(limit)));
  var theme = query.get('theme');
  if (theme !== 'light' && theme !== 'dark' && theme !== 'auto') return;
  if (theme === 'auto') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
  var meta = document.querySelector('meta[name="color-scheme"]');
  if (meta) meta.setAttribute('content', theme === 'auto' ? 'light dark' : theme);
})();
`;
