/** Absolute URLs from Astro's `site` and the base path. */

/** `https://example.com/roadmap/`: the site with its base path, ending in a slash. */
export function siteRoot(site: URL | undefined): string {
  if (!site) throw new Error('site is not set; astro.config.mjs always sets one (see src/config/site-url.ts).');
  const base = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;
  return new URL(base, site).toString();
}
