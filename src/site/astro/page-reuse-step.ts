/**
 * The build step of keeping unchanged pages (src/site/page-reuse.ts): links or copies the pages the routes left out from
 * the previous output, then writes this build's digests. It runs first of the build steps, so the sitemap, the
 * search index, `_headers` and the host limits see every page.
 */
import { constants, copyFileSync, linkSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { PageReuseSettings } from '../../config/settings.ts';
import { writeAtomically } from '../../shared/files.ts';
import { compareCodeUnits } from '../../shared/values.ts';
import { PAGE_DIGESTS_FORMAT, PAGE_REUSE_STEP, PAGE_DIGESTS_VERSION, pageReuseRecord, resetPageReuseRecord, type PageDigestsFile } from '../page-reuse.ts';

/** Our own build steps: none of them writes to a page's HTML file (they add files beside the pages, or read them). */
const OWN_STEPS = /^(portal-roadmap:|@astrojs\/sitemap$)/;

/** `withHistory`: whether the build reads a history file (`ROADMAP_HISTORY`, the rebuild's, or the demo's). */
export function pageReuseStep(reuse: PageReuseSettings, { withHistory }: { withHistory: boolean }): AstroIntegration {
  // A kept page is a hard link to the previous output's file (a seventh of a copy's time on this project's 2-core machine),
  // unless an integration of someone else's runs after this one at the end of the build: it might rewrite pages in
  // place (a minifier), which through a link would rewrite the live site's page too. Then each page is copied.
  let link = false;
  return {
    name: PAGE_REUSE_STEP,
    hooks: {
      'astro:config:done': ({ config, logger }) => {
        // Astro empties its output folder before it builds: the previous output must be another folder.
        if (reuse.previousOutput && resolve(reuse.previousOutput) === resolve(fileURLToPath(config.outDir))) {
          logger.warn(
            `ROADMAP_PREVIOUS_OUTPUT is this build's own output folder (${reuse.previousOutput}), which Astro empties before it builds, so no page can be kept: ` +
              'build into another folder, or point ROADMAP_PREVIOUS_OUTPUT at a copy of the previous output.',
          );
        }
        const after = config.integrations.slice(config.integrations.findIndex((integration) => integration.name === PAGE_REUSE_STEP) + 1);
        link = after.every((integration) => OWN_STEPS.test(integration.name) || !integration.hooks['astro:build:done']);
      },
      // Astro may build several sites in one process (the test suite does): each starts with an empty record.
      'astro:build:start': () => resetPageReuseRecord(),
      'astro:build:done': async ({ dir, logger }) => {
        const output = fileURLToPath(dir);
        const { digests, kept, previous } = pageReuseRecord();
        const started = performance.now();
        for (const folder of kept) {
          mkdirSync(join(output, folder), { recursive: true });
          keep(join(reuse.previousOutput!, folder, 'index.html'), join(output, folder, 'index.html'), link);
        }
        const file: PageDigestsFile = {
          format: PAGE_DIGESTS_FORMAT,
          version: PAGE_DIGESTS_VERSION,
          fingerprint: reuse.fingerprint!,
          pages: Object.fromEntries([...digests].sort(([a], [b]) => compareCodeUnits(a, b))),
        };
        await writeAtomically(reuse.digestsFile, JSON.stringify(file));
        const ms = Math.round(performance.now() - started);
        const why = {
          none: 'no page digests of a previous build to compare with',
          'other-fingerprint': 'the config, the code or a package version changed since the previous build',
          compared: withHistory
            ? 'each changed since the previous build (a page shows the day of the data: the first build of a day renders every page)'
            : 'each changed since the previous build: with no history file (ROADMAP_HISTORY), every issue page dates its issue "since at least" the minute of this fetch, so pages are kept only by builds with a history, as `portal-roadmap rebuild` makes them',
        }[previous];
        logger.info(
          kept.size > 0
            ? `Kept ${kept.size} of ${digests.size} issue, project, column, team and changelog pages unchanged from ${reuse.previousOutput} (${link ? 'linked' : 'copied'} in ${ms} ms); rendered ${digests.size - kept.size}`
            : `Rendered all ${digests.size} issue, project, column, team and changelog pages: ${why}`,
        );
      },
    },
  };
}

/** Links `from` at `to`, or copies it when asked to or when a link cannot be made (another file system, no links). */
function keep(from: string, to: string, link: boolean): void {
  if (link) {
    try {
      linkSync(from, to);
      return;
    } catch {
      // Copied instead, below.
    }
  }
  copyFileSync(from, to, constants.COPYFILE_FICLONE);
}

/** The kept pages as Astro's build names its pages (`{ pathname: 'issues/x/' }`), for the steps that list pages. */
export function keptPages(): { pathname: string }[] {
  return [...pageReuseRecord().kept].map((pathname) => ({ pathname }));
}
