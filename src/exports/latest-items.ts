/**
 * How many items `/latest.json` lists (src/exports/whats-new.ts): more than a badge counts ("19+") and than a
 * "what's new" list shows. Apart, so the panel's script (src/client-scripts/whats-new.ts) bundles nothing else.
 */
export const LATEST_ITEMS = 20;
