/**
 * The last steps of a rebuild (src/publish/rebuild.ts), once the build in staging is done: verify it, swap it in,
 * record the history and the snapshot as published (the commit point), then keep what the next run reads, and the
 * run's report.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DESCRIPTION_CACHE_FILE, PAGE_DIGESTS_FILE } from '../config/settings.ts';
import { FINGERPRINT_FILE, writeFingerprint } from '../fingerprint/fingerprint.ts';
import { keepPublishedNotes, PUBLISHED_NOTES_FILE } from '../history/published-notes.ts';
import { BUILD_NOTES_FILE } from '../shared/build-contract.ts';
import { RebuildError } from '../shared/errors.ts';
import { copyAtomically } from '../shared/files.ts';
import { keepAstroCache } from './astro-cache.ts';
import type { ChangeReport } from './change-report.ts';
import { historyCommit } from './history-step.ts';
import { outputMarker } from './output-marker.ts';
import type { PlannedRebuild, PublishPlan } from './planned-run.ts';
import type { RebuildResult } from './rebuild-options.ts';
import { swapBack, swapIn } from './swap.ts';
import { verifyPages } from './verify.ts';

/** The last published snapshot, in the state folder: what the next run compares with. */
export const PUBLISHED_FILE = 'published.json';

/** The report of the last run, in the state folder. */
export const REPORT_FILE = 'report.json';

/** Steps 5 to 7, once the build is in staging: verify it, publish it, write the report. */
export async function publishBuilt(planned: PlannedRebuild, log: (line: string) => void): Promise<RebuildResult> {
  const { outDir, stateDir, staging, retired, workDir, prefix } = planned;
  verifyPages(staging, planned.expectedPages, prefix);
  // Read in staging: the same files the output holds once it is swapped in.
  await publish({ plan: { ...planned, output: outputMarker(staging, prefix) }, stateDir, outDir, staging, retired, workDir, log });
  await writeReport(stateDir, planned.report, log);
  return { status: 'published', report: planned.report, summary: planned.summary };
}

/**
 * Steps 6 and 7: swap the verified build in, then record the history and the snapshot as published (the commit
 * point: copied from the file the build read, byte for byte what `writeSnapshotFile` wrote), then what the state
 * keeps for the next run.
 */
export async function publish({
  plan,
  stateDir,
  outDir,
  staging,
  retired,
  workDir,
  log,
}: {
  plan: PublishPlan;
  stateDir: string;
  outDir: string;
  staging: string;
  retired: string;
  workDir: string;
  log: (line: string) => void;
}): Promise<void> {
  // While the live site changes, its digests are set aside: a run that stops before the new ones are kept leaves
  // none (the next build renders every page) rather than digests of another output.
  const keptDigests = join(stateDir, PAGE_DIGESTS_FILE);
  const setAside = `${keptDigests}.publishing`;
  if (existsSync(keptDigests)) await rename(keptDigests, setAside);
  const history = historyCommit(plan.history.keep);
  try {
    await swapIn(staging, outDir, retired);
  } catch (error) {
    if (existsSync(setAside)) await rename(setAside, keptDigests);
    throw error;
  }
  try {
    await history.commit();
    await keepFile(plan.snapshotFile, join(stateDir, PUBLISHED_FILE));
  } catch (error) {
    // The snapshot is the commit point: without it the old output and the old history go back.
    // (A failure to put the history back must not hide the error that got us here.)
    await history.restore().catch(() => {});
    await swapBack(outDir, retired, staging);
    if (existsSync(setAside)) await rename(setAside, keptDigests);
    throw new RebuildError(`Could not record the published snapshot in ${stateDir}: ${(error as Error).message}. The previous site was restored.`, { cause: error });
  }
  await rm(retired, { recursive: true, force: true });
  // After the commit point: a fingerprint that failed to be written costs one more rebuild, never a missed one.
  await writeFingerprint(join(stateDir, FINGERPRINT_FILE), plan.fingerprint, {
    configKeys: plan.configKeys,
    siteRoot: plan.siteRoot,
    output: plan.output,
  }).catch((error: Error) => log(`warning: the fingerprint could not be written (${error.message}); the next run rebuilds`));
  // Likewise: a cache that was not kept costs the next build its rendering, nothing else.
  await keepFile(plan.descriptionCache, join(stateDir, DESCRIPTION_CACHE_FILE)).catch((error: Error) =>
    log(`warning: the description cache could not be kept in ${stateDir} (${error.message}); the next build renders every description`),
  );
  await keepAstroCache(plan.astroCache, stateDir, plan.astroCacheKey).catch((error: Error) =>
    log(`warning: Astro's cache could not be kept in ${stateDir} (${error.message}); the next build makes its content store afresh`),
  );
  await keepFile(plan.pages.digestsFile, keptDigests)
    .then(() => rm(setAside, { force: true }))
    .catch((error: Error) => log(`warning: the page digests could not be kept in ${stateDir} (${error.message}); the next build renders every page`));
  // The build wrote its notes beside the snapshot (src/publish/astro-build.ts `rebuildEnv`). Not kept: the next
  // publish counts this run's new notes as new again, so `notify` posts them then.
  await keepPublishedNotes(join(workDir, BUILD_NOTES_FILE), join(stateDir, PUBLISHED_NOTES_FILE), plan.history.recordedAt, log).catch((error: Error) =>
    log(`warning: the release notes' record could not be kept in ${stateDir} (${error.message}); the next publish counts these notes as new`),
  );
}

/** Writes the run's report (`report.json`); a report that cannot be written is a warning, never a failed run. */
export async function writeReport(stateDir: string, report: ChangeReport, log: (line: string) => void): Promise<void> {
  await mkdir(stateDir, { recursive: true })
    .then(() => writeFile(join(stateDir, REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`))
    .catch((error: Error) => log(`warning: the change report could not be written: ${error.message}`));
}

/** Copies a file the build wrote into the state folder, whole or not at all (none written: nothing to keep). */
export async function keepFile(from: string, to: string): Promise<void> {
  if (existsSync(from)) await copyAtomically(from, to);
}
