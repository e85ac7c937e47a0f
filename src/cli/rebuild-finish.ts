/**
 * The second half of `portal-roadmap rebuild` (src/cli/rebuild-action.ts): build what the plan decided, verify,
 * publish and report. The rebuild's process replaces itself with a fresh Node running this (`process.execve`: the
 * same process id, output streams and environment, so a signal, a log and an exit code reach the same place) once
 * the plan is written: the process that waits on `astro build` then holds neither what the fetch left nor the
 * modules it loaded (docs/performance.md, "A rebuild's memory"). Where a process cannot replace itself (Windows),
 * the same steps run in the same process.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import module from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { astroBuild } from '../publish/astro-build.ts';
import { writeGithubFailure, writeGithubOutputs } from '../publish/github.ts';
import { buildPlanned, removeRunFolders, type PlannedRebuild } from '../publish/planned-run.ts';
import type { RebuildResult } from '../publish/rebuild-options.ts';
import { printFailure } from './args.ts';

/** What the second half starts from: the plan, the build's settings, and a line the first half leaves to the end. */
export interface Handover {
  planned: PlannedRebuild;
  /** The project's folder, where `astro build` runs. */
  root: string;
  /** The build's day (`ROADMAP_BUILD_DATE`): the one the fingerprint saw, whatever the clock says by then. */
  buildDay: string;
  /** The build's heap limit (`ROADMAP_BUILD_HEAP_MB`), when set. */
  heapMb?: number | undefined;
  /** The portal's request counts, said when the run is done (none for the demo). */
  portalRequests?: string | undefined;
}

/** Beside the plan's files, in the run's work folder (removed when the run ends). */
const HANDOVER_FILE = 'handover.json';

/** The script the process becomes (bin/rebuild-finish.mjs), in a checkout as in an installed package. */
const ENTRY = fileURLToPath(new URL('../../bin/rebuild-finish.mjs', import.meta.url));

/** Finishes the rebuild in a fresh process, which this one becomes; where it cannot, here (then, and only then, it returns). */
export async function finishInFreshProcess(handover: Handover): Promise<void> {
  if (typeof process.execve !== 'function' || !existsSync(ENTRY)) return finishRebuild(handover);
  const file = join(handover.planned.workDir, HANDOVER_FILE);
  await writeFile(file, JSON.stringify(handover)).catch(async (error: unknown) => {
    await removeRunFolders(handover.planned);
    throw error;
  });
  // An exit writes what this process compiled for the next run; replacing the process does not.
  module.flushCompileCache?.();
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ENTRY, file]);
}

/** The fresh process's work (bin/rebuild-finish.mjs): the handover in `file`, finished; a failure reported as the command reports one. */
export async function main(file: string): Promise<void> {
  try {
    await finishRebuild(JSON.parse(await readFile(file, 'utf8')) as Handover);
  } catch (error) {
    // As src/cli/rebuild-action.ts does for the first half.
    await writeGithubFailure(process.env, (error as Error).message).catch(() => {});
    printFailure(error);
  }
}

/** Builds, verifies, publishes and reports; the run's folders are removed whatever happens. */
export async function finishRebuild({ planned, root, buildDay, heapMb, portalRequests }: Handover): Promise<void> {
  const progress = (line: string) => console.error(line);
  let result: RebuildResult;
  try {
    await buildPlanned(planned, astroBuild(root, { ...process.env, ROADMAP_BUILD_DATE: buildDay }, progress, { heapMb }));
    // Loaded once the build is done: while it runs, this process holds only what runs it.
    const { publishBuilt } = await import('../publish/commit.ts');
    result = await publishBuilt(planned, progress);
  } finally {
    await removeRunFolders(planned);
  }
  if (portalRequests) progress(portalRequests);
  await printOutcome(result);
}

/** The end of every run: the one-line summary and the report on stdout, the outputs for GitHub Actions. */
export async function printOutcome(result: RebuildResult): Promise<void> {
  const { reportLines, reportMarkdown } = await import('../publish/change-report.ts');
  console.log(result.summary);
  for (const line of reportLines(result.report)) console.log(line);
  await writeGithubOutputs(process.env, result.status === 'published', reportMarkdown(result.report));
}
