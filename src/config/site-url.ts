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

/** An address the project gives, and where: `ROADMAP_SITE`, `"site" in roadmap.config.json`, `"site" in astro.config.mjs`. */
export interface GivenSite {
  /** Where it is set, as the warning names it. */
  where: string;
  /** The address as written (an absolute URL). */
  url: string;
  /** The base path beside it (Astro's `base`), which a `url` at its host's root takes as its path. */
  base?: string | undefined;
}

/**
 * The one rule for the site's address: the first given of `ROADMAP_SITE`, `site` in the roadmap config, `site` in
 * astro.config.mjs (else the demo's placeholder), and every URL the build writes takes it: pages, canonical links,
 * feeds, the sitemap, robots.txt, the exports, history.json's address and the chat posts of `notify`
 * (docs/configuration.md#the-sites-address). `given` lists the addresses set, in that order; when a later one names
 * another address than the first, the result is one warning line naming each, the winner and how to silence it.
 * Two addresses are the same when their origin and path are, a path left out taking the `base` beside it:
 * `https://a.example` with base `/docs` is `https://a.example/docs`.
 */
export function siteDisagreement(given: readonly GivenSite[]): string | undefined {
  const [winner, ...others] = given;
  if (!winner) return undefined;
  const losers = others.filter((other) => addressOf(other) !== addressOf(winner));
  if (losers.length === 0) return undefined;
  const named = (site: GivenSite) => `${site.where} is "${site.url}"`;
  const remove = losers.filter((site) => site.where !== 'ROADMAP_SITE').map((site) => site.where.replace(/^"site" in /, ''));
  return (
    `site: ${named(winner)} but ${losers.map(named).join(' and ')}: every URL the build writes (pages, canonical links, feeds, sitemap, robots.txt, ` +
    `roadmap.json, latest.json, chat posts) uses ${winner.where}, which wins (ROADMAP_SITE, then "site" in the roadmap config, then in astro.config.mjs). ` +
    `To silence this, give them the same address${remove.length > 0 ? `, or remove "site" from ${remove.join(' and ')}` : ''}.`
  );
}

/** `https://a.example/docs` for `https://a.example/docs/`, and for `https://a.example` beside base `/docs`; undefined for a URL that is none. */
function addressOf({ url, base }: GivenSite): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const path = normaliseBase(parsed.pathname);
  return `${parsed.origin}${path === '/' && base !== undefined ? normaliseBase(base) : path}`;
}
