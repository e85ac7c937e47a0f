/**
 * The absolute URL the site is served from. The sitemap (@astrojs/sitemap),
 * the RSS feed, canonical URLs and Open Graph tags all need it.
 */
import { ConfigError } from '../shared/errors.ts';

/** Used by the demo build only, which has no real address. */
export const DEMO_SITE = 'https://roadmap.example.com';

interface SiteInputs {
  /** `site` of roadmap.config.json. */
  configSite: string | undefined;
  /** The ROADMAP_SITE variable, which wins over the config (handy in CI). */
  envSite: string | undefined;
  /** The demo may go without a site. */
  isDemo: boolean;
}

export function resolveSite({ configSite, envSite, isDemo }: SiteInputs): string {
  const site = envSite ?? configSite;
  if (site) return site;
  if (isDemo) return DEMO_SITE;
  throw new ConfigError(
    'site is not set: the sitemap (@astrojs/sitemap), the RSS feed, canonical URLs and Open Graph tags need the absolute URL the site is served from. ' +
      'Set "site": "https://roadmap.example.com" in roadmap.config.json, or the ROADMAP_SITE variable.',
  );
}
