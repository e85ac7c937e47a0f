/**
 * The share the shown issue count may fall by in one run before a rebuild refuses to publish it (`--max-shrink`):
 * a portal that answers half a list by mistake should not empty the live site. In a module of its own so the
 * command's `--help` can show it without loading the rebuild.
 */
export const DEFAULT_MAX_SHRINK = 0.5;
