/**
 * What `portal-roadmap rebuild` and the `astro build` it runs name alike, in a module that loads nothing: the
 * process that waits on the build imports these without the schemas of the modules that use them
 * (docs/performance.md, "A rebuild's memory").
 */

/** The page-reuse build step's name, which its log lines carry (the rebuild passes them on; src/fingerprint/page-digests.ts). */
export const PAGE_REUSE_STEP = 'portal-roadmap:page-reuse';

/** The file the rebuild's build writes in the rebuild's work folder (`ROADMAP_RELEASE_NOTES_OUT`; src/history/published-notes.ts). */
export const BUILD_NOTES_FILE = 'release-notes.json';
