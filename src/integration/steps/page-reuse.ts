/**
 * The build step of keeping unchanged pages (src/fingerprint/page-digests.ts): links the pages the routes left out from
 * the previous output, then writes this build's digests. It runs first of the build steps, so the sitemap, the
 * search index, `_headers` and the host limits see every page.
 *
 * Pages are kept only when every integration with a step at the end of the build (`astro:build:done`) is one of
 * portal-roadmap's own: another one (Starlight's search index, a sitemap of the site's own, a minifier) is handed
 * only the pages Astro rendered, may run before the kept pages are in place, and may rewrite a page in place (which
 * through a link would rewrite the live site's file). Starlight indexed 2 of a mounted roadmap's 258 pages after a
 * rebuild that kept them all. Then every page is rendered, and the log says which integrations are why.
 */
import { constants, copyFileSync, linkSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { PageReuseSettings } from '../../config/settings.ts';
import { writeAtomically } from '../../shared/files.ts';
import { compareCodeUnits } from '../../shared/values.ts';
import { PAGE_DIGESTS_FORMAT, PAGE_DIGESTS_VERSION, type PageDigestsFile } from '../../fingerprint/page-digests.ts';
import { PAGE_REUSE_STEP } from '../../shared/build-contract.ts';
import { pageReuseRecord, resetPageReuseRecord } from '../../route-data/build-state.ts';

/** The integrations portal-roadmap adds (src/integration/index.ts): by identity, since a site's own sitemap has the same name as ours. */
const ownSteps = new WeakSet<AstroIntegration>();

/** Marks `integrations` as portal-roadmap's own build steps. */
export function ownBuildSteps<T extends AstroIntegration[]>(integrations: T): T {
  for (const integration of integrations) ownSteps.add(integration);
  return integrations;
}

/** The names of the integrations of `all` with a step at the end of the build that are not portal-roadmap's. */
export function foreignEndSteps(all: readonly AstroIntegration[]): string[] {
  return all.filter((integration) => integration.hooks['astro:build:done'] && !ownSteps.has(integration)).map((integration) => integration.name);
}

/** `withHistory`: whether the build reads a history file (`ROADMAP_HISTORY`, the rebuild's, or the demo's). */
export function pageReuseStep(reuse: PageReuseSettings, { withHistory }: { withHistory: boolean }): AstroIntegration {
  let foreign: string[] = [];
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
        foreign = foreignEndSteps(config.integrations);
      },
      // Astro may build several sites in one process (the test suite does): each starts with an empty record.
      'astro:build:start': () => {
        resetPageReuseRecord();
        pageReuseRecord().foreignEndSteps = foreign;
      },
      'astro:build:done': async ({ dir, logger }) => {
        const output = fileURLToPath(dir);
        const { digests, feedDigests, kept, keptFeeds, previous, searchDigest } = pageReuseRecord();
        const started = performance.now();
        for (const folder of kept) {
          mkdirSync(join(output, folder), { recursive: true });
          keep(join(reuse.previousOutput!, folder, 'index.html'), join(output, folder, 'index.html'));
        }
        // After the pages: a feed's folder is its issue page's, rendered or kept.
        for (const file of keptFeeds) {
          mkdirSync(dirname(join(output, file)), { recursive: true });
          keep(join(reuse.previousOutput!, file), join(output, file));
        }
        const file: PageDigestsFile = {
          format: PAGE_DIGESTS_FORMAT,
          version: PAGE_DIGESTS_VERSION,
          fingerprint: reuse.fingerprint!,
          pages: Object.fromEntries([...digests, ...feedDigests].sort(([a], [b]) => compareCodeUnits(a, b))),
          ...(searchDigest ? { search: searchDigest } : {}),
        };
        await writeAtomically(reuse.digestsFile, JSON.stringify(file));
        const ms = Math.round(performance.now() - started);
        const pages = digests.size;
        const why =
          foreign.length > 0
            ? `the site's ${foreign.join(', ')} ${foreign.length === 1 ? 'runs a step' : 'run steps'} at the end of the build, which would not see pages kept from the previous build`
            : {
                none: 'no page digests of a previous build to compare with',
                'other-fingerprint': 'the config, the code or a package version changed since the previous build',
                compared: withHistory
                  ? 'each changed since the previous build (a page shows the day of the data: the first build of a day renders every page)'
                  : 'each changed since the previous build: with no history file (ROADMAP_HISTORY), every issue page dates its issue "since at least" the moment of this fetch, so pages are kept only by builds with a history, as `portal-roadmap rebuild` makes them',
              }[previous];
        logger.info(
          kept.size > 0
            ? `Kept ${kept.size} of ${pages} issue, project, column, team and changelog pages unchanged from ${reuse.previousOutput}, and ${keptFeeds.size} of ${feedDigests.size} issue feeds (linked in ${ms} ms); rendered ${pages - kept.size}`
            : `Rendered all ${pages} issue, project, column, team and changelog pages: ${why}`,
        );
      },
    },
  };
}

/** Links `from` at `to`, or copies it where a link cannot be made (another file system, no links). */
export function keep(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to, constants.COPYFILE_FICLONE);
  }
}

/** The kept pages as Astro's build names its pages (`{ pathname: 'issues/x/' }`), for the steps that list pages. */
export function keptPages(): { pathname: string }[] {
  return [...pageReuseRecord().kept].map((pathname) => ({ pathname }));
}
