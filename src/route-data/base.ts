/**
 * The roadmap's base path as pages link with it: Astro's `base`, and below it
 * the prefix of a roadmap mounted in a site of its own (`/docs/roadmap`). Pages
 * use this, never `import.meta.env.BASE_URL`, which is the host site's.
 */
import settings from 'virtual:portal-roadmap/settings';

export const ROADMAP_BASE = settings.base;

/** The host site's home when the roadmap is mounted in a site of its own (`prefix`); else undefined. */
export const HOST_HOME = settings.hostHome;
