/**
 * How a rebuild replaces the live site without ever leaving it broken: the new build is swapped in by two renames,
 * and a run that died part-way (its process gone) leaves folders the next run cleans up, bringing the live site back
 * when it died between the renames.
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RebuildError } from '../shared/errors.ts';

/** Work folders of runs, in the system's temp folder: `portal-roadmap-{pid}-{random}`. */
export const WORK_DIR_PREFIX = 'portal-roadmap-';

/** Removes the folders `{prefix}{pid}-…` in `dir` of processes that no longer run (a run killed mid-way leaves its own). */
export async function sweepDeadRuns(dir: string, prefix: string): Promise<void> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const pid = entry.isDirectory() && entry.name.startsWith(prefix) ? /^(\d+)-/.exec(entry.name.slice(prefix.length))?.[1] : undefined;
    if (pid && !running(Number(pid))) await rm(join(dir, entry.name), { recursive: true, force: true });
  }
}

/** Whether a process of this id runs (a rebuild in progress owns its staging and retired folders). */
function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What a run that died mid-swap left beside the output: between the two
 * renames of `swapIn` the live site exists only as `.{out}.previous-{pid}`,
 * and a run that died while building leaves `.{out}.staging-{pid}`. The live
 * site comes back from the newest previous one when it is missing; the rest of
 * a dead run's folders are removed. Folders of a run still going are left alone.
 */
export async function recoverInterruptedSwap(outDir: string, log: (line: string) => void): Promise<void> {
  const parent = dirname(outDir);
  if (!existsSync(parent)) return;
  const name = basename(outDir).replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  const pattern = new RegExp(`^\\.${name}\\.(previous|staging)-(\\d+)$`);
  const leftovers = (await readdir(parent, { withFileTypes: true }))
    .map((entry) => ({ entry, match: pattern.exec(entry.name) }))
    .filter(({ entry, match }) => entry.isDirectory() && match && !running(Number(match[2])))
    .map(({ entry, match }) => ({ path: join(parent, entry.name), kind: match![1]!, mtimeMs: statSync(join(parent, entry.name)).mtimeMs }));
  const previous = leftovers.filter((folder) => folder.kind === 'previous').sort((a, b) => b.mtimeMs - a.mtimeMs);
  if (!existsSync(outDir) && previous[0]) {
    await rename(previous[0].path, outDir);
    log(`${outDir} was missing after a run that stopped mid-swap: the live site is back from ${basename(previous[0].path)}`);
    previous.shift();
  }
  for (const folder of [...previous, ...leftovers.filter((folder) => folder.kind === 'staging')]) await rm(folder.path, { recursive: true, force: true });
}

/** Two renames: the live output moves aside, the staging directory takes its name; the first is undone if the second fails. */
export async function swapIn(staging: string, outDir: string, retired: string): Promise<void> {
  const hadOutput = existsSync(outDir);
  if (hadOutput) await rename(outDir, retired);
  try {
    await rename(staging, outDir);
  } catch (error) {
    if (hadOutput) await rename(retired, outDir);
    throw new RebuildError(`Could not move the new build into ${outDir}: ${(error as Error).message}. The previous site is unchanged.`, { cause: error });
  }
}

export async function swapBack(outDir: string, retired: string, staging: string): Promise<void> {
  await rename(outDir, staging);
  if (existsSync(retired)) await rename(retired, outDir);
}
