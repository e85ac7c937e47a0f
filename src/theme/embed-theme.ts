/**
 * What the embed's theme script (src/client-scripts/embed-theme.ts) and the server share: where the script is
 * served and the largest card limit a host may ask for, which the stylesheet has rules for (src/components/Column.css).
 */

/** Where the script is served, under the base path (src/routes/embed/theme.js.ts). */
export const EMBED_THEME_PATH = 'embed/theme.js';

/** The largest `?limit=` the stylesheet has rules for. */
export const EMBED_MAX_CARD_LIMIT = 20;
