/**
 * A scheduled rebuild that never breaks the live site:
 * 1. fetch and validate a fresh snapshot;
 * 2. stop with "no changes" when nothing that shapes the site changed: the
 *    published data (its public digest) and the rest of the fingerprint
 *    (config, render version, package version, public/ assets, custom CSS),
 *    and `outDir` still holds what the last publish made (./output-marker.ts);
 * 3. refuse a list that shrank more than allowed (a partial answer);
 * 4. record the run in the history (src/publish/history-step.ts) and
 *    build into a staging directory next to `outDir`;
 * 5. verify the build;
 * 6. swap it in by rename, keeping the previous output until the swap holds;
 * 7. record the history, then the snapshot as published (the commit point),
 *    then its fingerprint and the description cache the build used and
 *    filled (a copy until then, src/descriptions/description-cache.ts), and
 *    the release notes it published (src/history/published-notes.ts).
 * Every run that gets this far writes its report (`report.json`), "no changes" included.
 * On any failure `outDir` and `stateDir` are left byte for byte as they were.
 *
 * Steps 1 to 4 (`planRebuild`, ./plan-run.ts) end in data (`PlannedRebuild`), and steps 4 to 7 start from it
 * (./planned-run.ts, ./commit.ts): `portal-roadmap rebuild` builds and publishes in a fresh process
 * (src/cli/rebuild-finish.ts), which holds nothing of the fetch while `astro build` runs.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { RebuildOptions, RebuildResult } from './rebuild-options.ts';
import { publishBuilt } from './commit.ts';
import { planRun } from './plan-run.ts';
import { buildPlanned, removeRunFolders, type PlannedRebuild } from './planned-run.ts';
import { recoverInterruptedSwap, sweepDeadRuns, WORK_DIR_PREFIX } from './swap.ts';

export type { PageReuse, RebuildOptions, RebuildResult } from './rebuild-options.ts';

export async function rebuild(options: RebuildOptions): Promise<RebuildResult> {
  const planned = await planRebuild(options);
  if (planned.status === 'no-changes') return planned.result;
  try {
    await buildPlanned(planned, options.build);
    return await publishBuilt(planned, options.log ?? (() => {}));
  } finally {
    await removeRunFolders(planned);
  }
}

/**
 * Steps 1 to 4: a "no changes" result (its report written), or what the build and the publish start from, with this
 * run's work folder (removed here when the run stops before that).
 */
export async function planRebuild(options: Omit<RebuildOptions, 'build'>): Promise<PlannedRebuild | { status: 'no-changes'; result: RebuildResult }> {
  const log = options.log ?? (() => {});
  const outDir = resolve(options.outDir);
  const stateDir = resolve(options.stateDir);
  await recoverInterruptedSwap(outDir, log);
  // Named with this run's process id, so a later run can tell a dead run's folder from a running one's.
  await sweepDeadRuns(tmpdir(), WORK_DIR_PREFIX);
  const workDir = await mkdtemp(join(tmpdir(), `${WORK_DIR_PREFIX}${process.pid}-`));
  // Staging sits next to the output so the final rename stays on one file system.
  const folders = {
    outDir,
    stateDir,
    workDir,
    staging: join(dirname(outDir), `.${basename(outDir)}.staging-${process.pid}`),
    retired: join(dirname(outDir), `.${basename(outDir)}.previous-${process.pid}`),
  };
  let plan: Awaited<ReturnType<typeof planRun>> | undefined;
  try {
    // Everything read from the portal and the state stays inside `planRun`: what it returns is files and a few small
    // values, so the snapshots and what was made of them are garbage before the build starts (see `PlannedRun`).
    plan = await planRun(options, { outDir, stateDir, workDir }, log);
    return plan.status === 'no-changes' ? plan : { ...plan, ...folders, prefix: options.prefix };
  } finally {
    if (plan?.status !== 'publish') await removeRunFolders(folders);
  }
}
