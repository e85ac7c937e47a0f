import type { Settings } from '../config/settings.ts';

/**
 * Astro's `site` for the build: the address the settings resolved (`ROADMAP_SITE`, else the config's `site`, else
 * Astro's own), so that what Astro writes from it (canonical links, feeds, a site's own sitemap) and what the roadmap
 * writes from the settings (exports, robots.txt, chat posts) name one address. The site a roadmap is mounted in keeps
 * its `site` as written when its origin is that address's: Astro takes the path from `base` alone.
 * @see src/config/site-url.ts `siteDisagreement`, the rule and its warning
 */
export function astroSite(given: string | undefined, settings: Pick<Settings, 'site'>): { site?: string } {
  return given !== undefined && URL.canParse(given) && new URL(given).origin === settings.site ? {} : { site: settings.site };
}
