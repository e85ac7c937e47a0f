/**
 * The fingerprint in every page digest (src/site/page-reuse.ts): all that shapes a page besides its data. A page
 * is kept from the previous build only when this is unchanged, so it takes in more than the rebuild's "anything
 * to publish?" fingerprint (src/cli/rebuild/fingerprint.ts), whose parts it includes: the code itself, since an
 * edit to a component changes pages without changing any version. That is portal-roadmap's `src/` (its
 * components and routes; a checkout changes them without a new version), the project's own `src/`, its Astro
 * config and its lockfile (the versions of Astro and of every other package).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '../config/settings.ts';
import { fileDigest, siteFingerprint, treeDigest } from '../cli/rebuild/fingerprint.ts';
import { PACKAGE_ROOT } from '../shared/package-files.ts';
import { contentDigest } from '../snapshot/digest.ts';

const PROJECT_FILES = ['astro.config.mjs', 'astro.config.ts', 'astro.config.mts', 'astro.config.js', 'package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock'];

export function pageFingerprint(settings: Settings): string {
  const { root } = settings;
  return contentDigest({
    site: siteFingerprint(settings),
    package: treeDigest(join(PACKAGE_ROOT, 'src')),
    project: join(root, 'src') === join(PACKAGE_ROOT, 'src') ? null : treeDigest(join(root, 'src')),
    files: PROJECT_FILES.map((name) => [name, existsSync(join(root, name)) ? fileDigest(join(root, name)) : null]),
    // The site's address and the roadmap's place in it are in the config's part; the snapshot's origin is in each page's inputs.
  });
}
