/**
 * What the site's theme script (src/client-scripts/site-theme.ts) and the server share: where the script is served
 * and the key it remembers the visitor's choice under. One module, imported by the pages' layout (the script's
 * address), the script itself (bundled in at build) and the tests.
 */

/** Where the script is served, under the base path (src/routes/theme.js.ts). */
export const SITE_THEME_PATH = 'theme.js';

/** The localStorage key of the visitor's choice: one per origin, like the browser's own setting. */
export const THEME_STORAGE_KEY = 'portal-roadmap:theme';

/** The visitor's choices, in the order the switch steps through them; `auto` follows `prefers-color-scheme`. */
export const THEME_CHOICES = ['auto', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
