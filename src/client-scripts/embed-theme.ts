/**
 * The host page picks an embed's theme in its URL: `/embed/?theme=light`, `dark` or `auto` (follow the visitor),
 * and how many cards each column shows: `?limit=3` (1 to 20, at most what the build put on the page). A static page
 * cannot read its query on the server, and the CSP forbids inline scripts, so this small external script, a classic
 * one loaded in the embed's <head> before the stylesheet (src/layouts/Embed.astro), sets `data-theme` and
 * `data-card-limit` on <html> while the document is still being parsed: before the first paint, so there is no
 * flash of the other scheme nor of the cards past the limit (hidden by CSS, src/components/Column.css, which also
 * shows each cut column's link to the full column).
 *
 * The theme also decides transparency. Chromium paints an opaque backdrop behind a framed document whose used
 * color-scheme differs from the iframe element's (CSS Color Adjustment 1, #color-scheme-effect), so a transparent
 * embed is transparent only when its scheme matches the host page's. The host says which it has: `light` on a page
 * that declares none (the web's default).
 *
 * A classic, parser-blocking script, not a module (a module runs after parsing): bundled as one IIFE at build
 * (src/integration/classic-scripts.ts) and served as src/routes/embed/theme.js.ts.
 */
import { EMBED_MAX_CARD_LIMIT } from '../theme/embed-theme.ts';

const query = new URLSearchParams(location.search);
const root = document.documentElement;

/** `?limit=3` → 3; anything but a whole number from 1 to the stylesheet's largest → none. */
function cardLimit(value: string | null): number | undefined {
  if (!value || !/^[0-9]{1,2}$/.test(value)) return undefined;
  const limit = Number(value);
  return limit >= 1 && limit <= EMBED_MAX_CARD_LIMIT ? limit : undefined;
}

const limit = cardLimit(query.get('limit'));
if (limit !== undefined) root.dataset.cardLimit = String(limit);

const theme = query.get('theme');
if (theme === 'light' || theme === 'dark' || theme === 'auto') {
  if (theme === 'auto') delete root.dataset.theme;
  else root.dataset.theme = theme;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme === 'auto' ? 'light dark' : theme);
}
