/**
 * The fingerprint in every page digest (src/fingerprint/page-digests.ts): all that shapes a page besides its data. A page
 * is kept from the previous build only when this is unchanged, so it takes in more than the rebuild's "anything
 * to publish?" fingerprint (src/fingerprint/fingerprint.ts), whose parts it includes: the code itself, since an
 * edit to a component changes pages without changing any version: portal-roadmap's `src/` (its components and
 * routes; a checkout changes them without a new version). The project's own `src/`, its Astro config and its
 * lockfile are a part of the rebuild's fingerprint already (`siteSource`).
 */
import { join } from 'node:path';
import type { Settings } from '../config/settings.ts';
import { siteFingerprint, treeDigest } from './fingerprint.ts';
import { PACKAGE_ROOT } from '../shared/package-files.ts';
import { contentDigest } from '../snapshot/digest.ts';

export function pageFingerprint(settings: Settings): string {
  return contentDigest({
    // With the site's own source (its src/, Astro config and lockfile) among its parts.
    site: siteFingerprint(settings),
    // In a checkout of portal-roadmap itself its src/ is the site's, in the site's part already.
    package: join(settings.projectRoot, 'src') === join(PACKAGE_ROOT, 'src') ? null : treeDigest(join(PACKAGE_ROOT, 'src')),
    // The site's address and the roadmap's place in it are in the config's part; the snapshot's origin is in each page's inputs.
  });
}
