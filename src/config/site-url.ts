/**
 * Where the site is served from. The sitemap (@astrojs/sitemap), the RSS
 * feed, canonical URLs and Open Graph tags all need the absolute URL, and
 * every link needs the base path.
 *
 * The site URL is the one URL a user thinks in: `https://user.github.io/repo`
 * for a GitHub Pages project site. Its path becomes the base path when `base`
 * is not set, so the path is never silently dropped. (Astro itself takes the
 * host from `site` and the path from `base` alone.)
 */
import { ConfigError } from '../shared/errors.ts';
import { PLAIN_PATH } from './schemas/site.ts';

/** Used by the demo build only, which has no real address. */
export const DEMO_SITE = 'https://roadmap.example.com';

interface SiteInputs {
  /** `site` of roadmap.config.json. */
  configSite: string | undefined;
  /** `base` of roadmap.config.json, when it is set. */
  configBase: string | undefined;
  /** The ROADMAP_SITE variable, which wins over the config (handy in CI). */
  envSite: string | undefined;
  /** Data of the demo (the demo itself, or a snapshot of it) may go without a site. */
  isDemo: boolean | (() => boolean);
}

export interface SiteLocation {
  /** Scheme, host and port, no path: what Astro's `site` gets. */
  site: string;
  /** The path prefix, `/` or e.g. `/repo` (no trailing slash): what Astro's `base` gets. */
  base: string;
  /** The URL of Astro's base, ending in a slash, e.g. `https://user.github.io/repo/`: the site root unless the roadmap is mounted below a `prefix`. */
  baseUrl: string;
}

/** `/repo/` and `/repo` are the same base; the root stays `/`. */
export function normaliseBase(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function resolveSiteLocation({ configSite, configBase, envSite, isDemo }: SiteInputs): SiteLocation {
  const named = envSite ? 'ROADMAP_SITE' : '"site" in the config';
  const given = envSite ?? configSite;
  const demo = typeof isDemo === 'function' ? isDemo : () => isDemo;
  if (!given && !demo()) {
    throw new ConfigError(
      'site is not set: the sitemap (@astrojs/sitemap), the RSS feed, canonical URLs and Open Graph tags need the absolute URL the site is served from. ' +
        'Set "site": "https://roadmap.example.com" in roadmap.config.json, or the ROADMAP_SITE variable (with the path, e.g. "https://user.github.io/repo", for a GitHub Pages project site).',
    );
  }
  const url = new URL(given ?? DEMO_SITE);
  if (url.search || url.hash) {
    throw new ConfigError(`${named} is "${given}": give the address the site is served from, without a query or fragment, e.g. "${url.origin}${url.pathname}".`);
  }
  // The path becomes every link's prefix: "//host" would make each link another host's, and a letter outside
  // ASCII or a %-escape is a folder name Astro's routes cannot match (NoMatchingStaticPathFound).
  if (!PLAIN_PATH.test(url.pathname)) {
    throw new ConfigError(
      `${named} is "${given}": its path "${url.pathname}" must be plain folders of ASCII letters, digits, "-", "_", "." and "~", one "/" between each, e.g. "${url.origin}/roadmap".`,
    );
  }
  const sitePath = normaliseBase(url.pathname);
  const base = configBase === undefined ? undefined : normaliseBase(configBase);
  if (sitePath !== '/' && base !== undefined && base !== sitePath) {
    throw new ConfigError(
      `base "${configBase}" contradicts ${named} "${given}", whose path is "${sitePath}". ` +
        `The site URL's path is the base: remove "base" from the config, or set it to "${sitePath}".`,
    );
  }
  const resolvedBase = sitePath !== '/' ? sitePath : (base ?? '/');
  return { site: url.origin, base: resolvedBase, baseUrl: new URL(resolvedBase === '/' ? '/' : `${resolvedBase}/`, url.origin).toString() };
}
