/** Absolute URLs from Astro's `site` and the base path. */
import settings from 'virtual:portal-roadmap/settings';

/** `https://example.com/roadmap/`: the roadmap's root URL, ending in a slash (resolved once with the settings). */
export function siteRoot(): string {
  return settings.siteRoot;
}
