/**
 * Steps 1 to 4 of a rebuild (./rebuild.ts): fetch and validate a fresh snapshot, compare it with the last publish,
 * stop with "no changes" or refuse a shrink, and otherwise write what the build reads. What it decides is data
 * (`PlannedRun`): the build and the publish may run in another process (src/cli/rebuild-finish.ts).
 */
import { existsSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RebuildError, SnapshotError } from '../shared/errors.ts';
import { publicSnapshot } from '../shown/privacy.ts';
import { demoIds, loadSnapshot } from '../snapshot/load.ts';
import { readSnapshotFile, writeSnapshotFile, type Snapshot } from '../snapshot/snapshot-file.ts';
import { compareSnapshots, runReport, shownCountsOf, whatChanged, type ChangeReport, type DataComparison } from './change-report.ts';
import { DEFAULT_MAX_SHRINK } from './defaults.ts';
import {
  changedConfigKeys,
  changedParts,
  FINGERPRINT_FILE,
  readFingerprint,
  type Fingerprint,
  type FingerprintPart,
  type PreviousFingerprint,
} from '../fingerprint/fingerprint.ts';
import { prepareHistory } from './history-step.ts';
import { expectedPages } from './verify.ts';
import { describeIssueCounts, issueCounts } from '../shown/issue-counts.ts';
import { PAGE_DIGESTS_FILE, DESCRIPTION_CACHE_FILE } from '../config/settings.ts';
import { contentDigest } from '../snapshot/digest.ts';
import { takeAstroCache } from './astro-cache.ts';
import { DEMO_DATA_FILE } from '../config/source.ts';
import { originRelation, otherWorkspace, workspaceOf } from '../history/workspace.ts';
import { shownState, type ShownChanges } from '../history/shown.ts';
import { PUBLISHED_FILE, REPORT_FILE, writeReport } from './commit.ts';
import { outputState } from './output-marker.ts';
import type { RebuildOptions, RebuildResult } from './rebuild-options.ts';
import type { PlannedRun } from './planned-run.ts';

/**
 * Steps 1 to 4 of a rebuild: fetch and compare; stop with "no changes" (its report written) or refuse a shrink; write
 * the snapshot and the history where the build reads them; copy the caches the build works on into `workDir`.
 */
export async function planRun(
  options: Omit<RebuildOptions, 'build'>,
  { outDir, stateDir, workDir }: { outDir: string; stateDir: string; workDir: string },
  log: (line: string) => void,
): Promise<PlannedRun | { status: 'no-changes'; result: RebuildResult }> {
  const publishedFile = join(stateDir, PUBLISHED_FILE);
  // The portal is read while the published snapshot is parsed: the one waits on the network, the other on the CPU.
  // A published snapshot that cannot be read stops the fetch, and the run fails as before it started.
  const stopFetch = new AbortController();
  const fetching = loadSnapshot(options.source, { ...options.load, signal: stopFetch.signal });
  // Handled where it is awaited; until then a failed fetch must not count as an unhandled rejection.
  fetching.catch(() => {});
  let lastPublished: Snapshot | undefined;
  try {
    lastPublished = await readPrevious(publishedFile, options.force ?? false, log);
  } catch (error) {
    stopFetch.abort(error);
    await fetching.catch(() => {});
    throw error;
  }
  const fresh = await fetching;
  const workspace = workspaceOf(fresh.origin);
  // A published snapshot of another workspace (the demo's, tried first in the same folder) is nothing to compare with:
  // its issues did not leave this site, and its count is no measure of a shrink. The same workspace id read at another
  // portal address is this workspace (the history step names both addresses).
  const previous = lastPublished && originRelation(lastPublished.origin, fresh.origin) === 'other' ? undefined : lastPublished;
  if (lastPublished && !previous) {
    log(`The published snapshot ${publishedFile} is ${otherWorkspace(lastPublished.origin.kind === 'demo' ? 'demo' : 'other')}: this run compares with nothing, as a first run`);
  }
  const previousPublic = previous && publicSnapshot(previous, options.privacy);
  const freshPublic = publicSnapshot(fresh, options.privacy);
  // What the live site shows, as the last run counted it: this run's columns may differ from those it was built with.
  const shownBefore = shownCountsOf(await readJson(join(stateDir, REPORT_FILE)), previousPublic?.digest);
  const compare = (changes?: ShownChanges, before = shownBefore): DataComparison => {
    const found = compareSnapshots(previousPublic, freshPublic, options.columns, changes, before);
    return options.showUpvotes === false ? { ...found, issues: { ...found.issues, upvoteGains: [] } } : found;
  };
  const data = compare();
  // The history is not a part of the fingerprint: it only changes when a run publishes, so it cannot make one.
  // What it records (a move, an upvote count, a project's state) is in the data already (README, "The history").
  const fingerprint: Fingerprint = { data: data.digest, ...options.fingerprint };
  const previousFingerprint = previous ? await readFingerprint(join(stateDir, FINGERPRINT_FILE)) : undefined;
  const changes = partsChanged(data.dataChanged, fingerprint, previousFingerprint, log);
  const { parts } = changes;
  // Pages are kept from the output, and it is left as it is, only while it holds what the last publish made.
  const output = outputState(outDir, options.prefix, previousFingerprint?.kind === 'found' ? previousFingerprint.output : undefined);
  if (output === 'replaced') {
    log(
      `${outDir} is not what the last rebuild published (its history.json and roadmap.json differ: another build replaced it, a plain \`npm run build\` say): ` +
        'every page is rendered, and the site published again',
    );
  }
  const note = changes.note ?? (output === 'replaced' ? OUTPUT_REPLACED : null);
  // Named only where both runs recorded their keys (a state of an older version did not).
  const configKeys =
    parts.includes('config') && previousFingerprint?.kind === 'found' && previousFingerprint.configKeys && options.configKeys
      ? changedConfigKeys(previousFingerprint.configKeys, options.configKeys)
      : [];
  const changed = parts.length > 0 || note !== null;
  const report = (status: ChangeReport['status'], comparison: DataComparison, why = note) =>
    runReport(comparison, { status, forced: options.force ?? false, changedParts: parts, changedConfigKeys: configKeys, note: why, fingerprint });
  // --fresh-history asks for a publish: a new history is only ever written by one.
  if (!changed && !options.force && !options.freshHistory) {
    const unchanged = report('no-changes', data);
    await writeReport(stateDir, unchanged, log);
    const summary = `no changes: the portal data (${data.digest.slice(0, 19)}…), the config, the render version, the portal-roadmap version, the public/ assets, the custom CSS and the site's source match the published site; ${outDir} left as it is`;
    return { status: 'no-changes', result: { status: 'no-changes', report: unchanged, summary } };
  }
  guardShrink(previous, fresh, options);

  const snapshotFile = join(workDir, 'snapshot.json');
  await writeSnapshotFile(snapshotFile, fresh);
  const prepared = await prepareHistory({
    stateDir,
    workDir,
    snapshot: freshPublic,
    shown: shownState(freshPublic.issues, freshPublic.projects, options.columns),
    previousShown: previousPublic && shownState(previousPublic.issues, previousPublic.projects, options.columns),
    previousSnapshot: previousPublic,
    siteRoot: options.site,
    liveSiteDir: options.prefix ? join(outDir, options.prefix) : outDir,
    fresh: options.freshHistory,
    workspace,
    demoIds: await demoIds(DEMO_DATA_FILE),
    log,
    fetchHistory: options.fetchHistory,
  });
  // The report lists what the history recorded: one comparison for both. A host's build keeps no state: with
  // the live site's history continued, the counts before are those it last recorded, not an empty site's.
  const continued = previous ? undefined : prepared.liveSiteBefore;
  const published = continued
    ? report('published', compare(prepared.changes, { ...continued, hiddenIssues: null }), CONTINUED_LIVE_HISTORY)
    : report('published', compare(prepared.changes));
  const why = changed ? `changed: ${whatChanged(published)}` : `nothing changed; ${options.force ? '--force' : '--fresh-history'}`;
  const caches = await copyCaches({ options, stateDir, outDir, workDir, keepPages: output === 'published' && !options.force, log });
  log(`Building ${describeIssueCounts(issueCounts(fresh.issues, options.columns))} and ${fresh.projects.length} projects into a staging directory`);
  return {
    status: 'publish',
    snapshotFile,
    historyFile: prepared.file,
    history: { keep: prepared.keep, recordedAt: prepared.history.recordedAt },
    expectedPages: expectedPages(fresh, options.columns, prepared.history),
    ...caches,
    fingerprint,
    configKeys: options.configKeys,
    siteRoot: options.siteRoot,
    report: published,
    summary: `Published to ${outDir} (${why})`,
  };
}

/**
 * The build works on copies of what the state folder keeps (the description cache, the page digests, Astro's cache
 * folder): the state folder changes only once the site is published.
 */
async function copyCaches({
  options,
  stateDir,
  outDir,
  workDir,
  keepPages,
  log,
}: {
  options: Omit<RebuildOptions, 'build'>;
  stateDir: string;
  outDir: string;
  workDir: string;
  /** Whether the output holds what the last publish made (and no --force): only then are its pages kept. */
  keepPages: boolean;
  log: (line: string) => void;
}) {
  const descriptionCache = join(workDir, DESCRIPTION_CACHE_FILE);
  const keptCache = join(stateDir, DESCRIPTION_CACHE_FILE);
  if (existsSync(keptCache))
    await copyFile(keptCache, descriptionCache).catch((error: Error) => log(`warning: the description cache could not be read (${error.message}); every description is rendered`));
  // The live site's pages are kept only with the digests they were published with, and `--force` keeps none.
  const digestsFile = join(workDir, PAGE_DIGESTS_FILE);
  const keptDigests = join(stateDir, PAGE_DIGESTS_FILE);
  const digestsOfLiveSite = keepPages && existsSync(keptDigests);
  if (digestsOfLiveSite) await copyFile(keptDigests, digestsFile);
  else if (options.force) log('--force: every page is rendered, none kept from the live site');
  // Astro's content store is kept under the digest of all but the data that shapes the site.
  const astroCacheKey = contentDigest(options.fingerprint);
  const astroCache = await takeAstroCache(stateDir, workDir, astroCacheKey, log);
  return { descriptionCache, pages: { digestsFile, previousOutput: digestsOfLiveSite ? outDir : undefined }, astroCache, astroCacheKey };
}

/** The report's note when the output is not what the last publish made (./output-marker.ts). */
export const OUTPUT_REPLACED = 'the output was replaced by another build';

/** The report's note when the run had no state folder and continued the history the live site publishes. */
export const CONTINUED_LIVE_HISTORY = "no state kept: the live site's history continued";

/**
 * Which parts changed since the last publish. With no published snapshot, or
 * a state folder from before fingerprints, there is nothing to compare
 * with: `note` says so and the run publishes.
 */
function partsChanged(
  dataChanged: boolean,
  fingerprint: Fingerprint,
  previous: PreviousFingerprint | undefined,
  log: (line: string) => void,
): { parts: FingerprintPart[]; note: string | null } {
  if (!previous) return { parts: [], note: 'first run' };
  // The data is compared with published.json under today's privacy settings rather than with the recorded
  // digest: a privacy change is a config change, and the data is compared as it would now be published.
  const data: FingerprintPart[] = dataChanged ? ['data'] : [];
  switch (previous.kind) {
    case 'missing':
      return { parts: data, note: 'first run with fingerprints' };
    case 'unreadable':
      log(`warning: ignoring the unreadable ${FINGERPRINT_FILE} (${previous.reason}); rebuilding`);
      return { parts: data, note: `${FINGERPRINT_FILE} unreadable` };
    case 'found':
      return { parts: [...data, ...changedParts(previous.parts, fingerprint).filter((part) => part !== 'data')], note: null };
  }
}

/** A JSON file's value; undefined when it is missing or not JSON (a report is for reading, never a reason to stop). */
async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

async function readPrevious(file: string, force: boolean, log: (line: string) => void): Promise<Snapshot | undefined> {
  if (!existsSync(file)) return undefined;
  try {
    return await readSnapshotFile(file);
  } catch (error) {
    if (!force) {
      throw new RebuildError(`The published snapshot ${file} cannot be read (${(error as SnapshotError).message.split('\n')[0]}). Pass --force to rebuild from scratch.`, {
        cause: error,
      });
    }
    log(`warning: ignoring the unreadable published snapshot ${file} (--force)`);
    return undefined;
  }
}

function guardShrink(previous: Snapshot | undefined, fresh: Snapshot, options: Omit<RebuildOptions, 'build'>): void {
  const maxShrink = options.maxShrink ?? DEFAULT_MAX_SHRINK;
  if (!previous || options.acceptShrink || previous.issues.length === 0) return;
  const before = previous.issues.length;
  const after = fresh.issues.length;
  if (after >= before * (1 - maxShrink)) return;
  const drop = Math.round((1 - after / before) * 100);
  throw new RebuildError(
    `The portal returned ${after} visible issues, down ${drop}% from the ${before} published (more than the ${Math.round(maxShrink * 100)}% allowed). ` +
      'Refusing to publish what may be a partial list; pass --accept-shrink if the drop is real.',
  );
}
