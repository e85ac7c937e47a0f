/**
 * A rebuild between its plan and its publish (./rebuild.ts): what `planRebuild` decided, as data (files and small
 * values), and step 4's build into staging. This module loads no schema: the process that builds and publishes
 * (src/cli/rebuild-finish.ts) imports it while `astro build` runs beside it.
 */
import { rm } from 'node:fs/promises';
import type { ChangeReport } from './change-report.ts';
import type { Fingerprint } from '../fingerprint/fingerprint.ts';
import type { HistoryKeep } from './history-step.ts';
import type { PageReuse, RebuildOptions } from './rebuild-options.ts';
import type { ExpectedPages } from './verify.ts';

/** What a run that publishes keeps in the state folder, by file, and the history it records. */
export interface PublishPlan {
  /** The snapshot the build read. */
  snapshotFile: string;
  /** The history to put in the state folder (`historyCommit`), and the moment this run recorded. */
  history: { keep: HistoryKeep; recordedAt: string };
  descriptionCache: string;
  pages: { digestsFile: string };
  astroCache: string;
  astroCacheKey: string;
  fingerprint: Fingerprint;
  configKeys: Record<string, string> | undefined;
  /** The address the site is published at, recorded with the fingerprint for `notify`'s links. */
  siteRoot: string | undefined;
  /** The marker of the verified build (./output-marker.ts), recorded with the fingerprint: the next run checks the output against it. */
  output: string;
}

/**
 * What a run that publishes has decided before its build, in files and small values only: the snapshot and the
 * history as the build reads them, the pages the build must have made, and the report it will write. A 10,000-issue
 * snapshot is a few tens of MB of objects, twice (as fetched, and as published), with the last published one beside
 * them; none of it is reachable from here, and all of it can be written to a file for the process that builds.
 */
export interface PlannedRun extends Omit<PublishPlan, 'output'> {
  status: 'publish';
  historyFile: string;
  expectedPages: ExpectedPages;
  pages: PageReuse;
  report: ChangeReport;
  summary: string;
}

/** What a rebuild that publishes has decided (`PlannedRun`), with its folders. */
export interface PlannedRebuild extends PlannedRun, RunFolders {
  /** The folder of a roadmap mounted in a site of its own (`RebuildOptions.prefix`), where its pages are verified. */
  prefix: string | undefined;
}

/** The folders of a run: the live site and the state, and this run's own, which it removes when it ends. */
export interface RunFolders {
  outDir: string;
  stateDir: string;
  /** This run's private folder (the snapshot, the history and the caches the build reads). */
  workDir: string;
  /** Where the build goes, next to `outDir`. */
  staging: string;
  /** Where the live site goes while the build is swapped in. */
  retired: string;
}

/** Step 4's build: the planned snapshot and history, built into staging (emptied first). */
export async function buildPlanned(planned: PlannedRebuild, build: RebuildOptions['build']): Promise<void> {
  await rm(planned.staging, { recursive: true, force: true });
  await build(planned.snapshotFile, planned.staging, planned.historyFile, planned.descriptionCache, planned.pages, planned.astroCache);
}

/** Removes this run's own folders, whatever state the run ended in (the live site and the state are left alone). */
export async function removeRunFolders({ staging, workDir }: Pick<RunFolders, 'staging' | 'workDir'>): Promise<void> {
  await rm(staging, { recursive: true, force: true });
  await rm(workDir, { recursive: true, force: true });
}
