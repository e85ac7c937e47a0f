/**
 * Builds the fixtures of test/support/fixtures.ts for the global setup, at
 * most two at a time (this machine and CI runners have two cores), in two
 * builder processes that each build one site after another
 * (test/support/fixture-builder.ts).
 *
 * Builds are kept in node_modules/.cache/portal-roadmap-fixtures/<key>, where
 * the key is a digest of every input of a build: src/, public/, the Astro,
 * TypeScript and npm files, test/support/ (fixture definitions, scenario data,
 * the fake portal) and the Node version. Changing any of them makes a new key,
 * so a stale build is never used; ROADMAP_TEST_FRESH_BUILDS=1 builds afresh
 * regardless. A fresh CI checkout has no cache and builds everything.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { parseEnv } from '../../src/config/env.ts';
import { resolveSource } from '../../src/config/source.ts';
import { loadSnapshot } from '../../src/snapshot/load.ts';
import { writeSnapshotFile } from '../../src/snapshot/snapshot-file.ts';
import { listFiles, ownProjectRoot, PROJECT_ROOT, SCRATCH_ROOT, scratchDir } from './build-site.ts';
import type { BuildReply, BuildRequest } from './fixture-builder.ts';
import { writeHistoryFile } from '../../src/history/read.ts';
import { emptyHistory } from '../../src/history/schema.ts';
import { runHistorySequence } from './history-sequence.ts';
import { writeLanguagesHistory } from './languages-history.ts';
import { writeChangedDemo } from './demo-changes.ts';
import {
  CONFIG_FILE,
  FIXTURES,
  HISTORY_FILE,
  PAGE_DIGESTS_FILE,
  PORTAL,
  RELEASE_NOTES_OUT,
  SNAPSHOT_FILE,
  type FixtureBuild,
  type FixtureDefinition,
  type FixtureName,
} from './fixtures.ts';

const CACHE_ROOT = join(PROJECT_ROOT, 'node_modules/.cache/portal-roadmap-fixtures');
const INPUTS = ['src', 'public', 'test/support', 'test/fixtures', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'package-lock.json', 'roadmap.config.json'];
const RESULTS_FILE = 'builds.json';
const BUILDER = fileURLToPath(new URL('fixture-builder.ts', import.meta.url));
/** Astro builds in flight at once. */
const PARALLEL_BUILDS = 2;

type Results = Record<FixtureName, FixtureBuild>;
type StoredResults = Record<FixtureName, Omit<FixtureBuild, 'outDir'>>;

/** A digest of every file the fixture builds depend on. */
export function inputsKey(): string {
  const hash = createHash('sha256').update(process.version).update('\0');
  for (const input of INPUTS) {
    const path = join(PROJECT_ROOT, input);
    if (!existsSync(path)) {
      hash.update(`${input}\0absent\0`);
      continue;
    }
    const files = statSync(path).isDirectory()
      ? listFiles(path)
          .sort()
          .map((file) => join(input, file))
      : [input];
    for (const file of files)
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(join(PROJECT_ROOT, file)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

const withOutDirs = (dir: string, stored: StoredResults): Results =>
  Object.fromEntries(
    Object.entries(stored).map(([name, result]) => [
      name,
      // The folder may have been renamed since the build (a partial build moved into the cache): paths are made here.
      { ...result, outDir: join(dir, name, 'dist'), ...(result.sequenceDir ? { sequenceDir: join(dir, name, 'sequence') } : {}) },
    ]),
  ) as Results;

export async function buildFixtures(apiUrl: string, log: (line: string) => void): Promise<Results> {
  removeDayOld(SCRATCH_ROOT);
  const fresh = process.env.ROADMAP_TEST_FRESH_BUILDS === '1';
  const key = inputsKey();
  const cached = join(CACHE_ROOT, key);
  if (!fresh && existsSync(join(cached, RESULTS_FILE))) {
    log(`Fixture sites: reusing the builds in ${cached} (their inputs have not changed; ROADMAP_TEST_FRESH_BUILDS=1 rebuilds them)`);
    return withOutDirs(cached, JSON.parse(readFileSync(join(cached, RESULTS_FILE), 'utf8')) as StoredResults);
  }
  mkdirSync(CACHE_ROOT, { recursive: true });
  // Built beside the cache entry and renamed into place when complete, so a concurrent run never sees half of one.
  const workDir = fresh ? scratchDir('fixtures-') : mkdtempSync(`${cached}.partial-`);
  log(`Fixture sites: building ${Object.keys(FIXTURES).join(', ')} into ${workDir}, ${PARALLEL_BUILDS} at a time`);
  const started = Date.now();
  const stored = await buildAll(apiUrl, workDir, log);
  log(`Fixture sites: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  writeFileSync(join(workDir, RESULTS_FILE), JSON.stringify(stored));
  const allBuilt = Object.values(stored).every((result) => result.code === 0);
  if (fresh || !allBuilt) return withOutDirs(workDir, stored);
  try {
    renameSync(workDir, cached);
  } catch {
    // Another run stored the same key first: this run keeps its own copy.
    return withOutDirs(workDir, stored);
  }
  pruneOtherKeys(key);
  return withOutDirs(cached, stored);
}

type Build = (env: Record<string, string>, dirs: { outDir: string; cacheDir: string; root: string }) => Promise<{ code: number | null; output: string; cpuSeconds?: number }>;

/**
 * PARALLEL_BUILDS builder processes (test/support/fixture-builder.ts), each building the sites it is handed one after
 * the other; `build` hands a site to an idle one (there is one for each build `pLimit` lets run).
 */
function startBuilders(): { build: Build; stop: () => void } {
  const all: ChildProcess[] = [];
  const start = () => {
    const child = fork(BUILDER, [], { cwd: PROJECT_ROOT, execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    all.push(child);
    return child;
  };
  const idle = Array.from({ length: PARALLEL_BUILDS }, start);
  let nextId = 0;
  const build: Build = (env, { outDir, cacheDir, root }) => {
    const child = idle.pop();
    if (!child) throw new Error('no idle fixture builder: more builds at once than builders');
    const request: BuildRequest = { id: nextId++, env, outDir, cacheDir, root };
    return new Promise((resolve) => {
      const done = (reply: Awaited<ReturnType<Build>>, next: ChildProcess) => {
        child.off('message', onReply).off('exit', onExit);
        idle.push(next);
        resolve(reply);
      };
      const onReply = (reply: BuildReply) => reply.id === request.id && done(reply, child);
      // A builder that died (out of memory, a crash in Astro) fails its build and is replaced for the next one.
      const onExit = (code: number | null, signal: string | null) =>
        done({ code: 1, output: `The fixture builder exited (code ${code}, signal ${signal}) while building into ${outDir}` }, start());
      child.on('message', onReply).on('exit', onExit);
      child.send(request);
    });
  };
  return { build, stop: () => all.forEach((child) => child.connected && child.disconnect()) };
}

async function buildAll(apiUrl: string, workDir: string, log: (line: string) => void): Promise<StoredResults> {
  const limit = pLimit(PARALLEL_BUILDS);
  const builders = startBuilders();
  try {
    const lastOfGroup = new Map<string, Promise<unknown>>();
    const byName = new Map<string, Promise<Omit<FixtureBuild, 'outDir'>>>();
    const builds = Object.entries(FIXTURES).map(([name, definition]: [string, FixtureDefinition]) => {
      const group = definition.cacheGroup;
      const after = (group && lastOfGroup.get(group)) || Promise.resolve();
      const build = after.then(async () => {
        // A build that starts from another's output is not tried when that one failed: its error is the other's.
        const base = definition.keepPagesOf ? await byName.get(definition.keepPagesOf) : undefined;
        if (base && base.code !== 0) return { code: 1, output: `Not built: it starts from the output of "${definition.keepPagesOf}", whose build failed (exit ${base.code}).` };
        return limit(() => buildOne(name, definition, apiUrl, workDir, builders.build, log)).catch((error: unknown) => ({
          code: 1,
          output: `The fixture's set-up failed before or after its build: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        }));
      });
      byName.set(name, build);
      if (group) lastOfGroup.set(group, build);
      return build.then((result) => [name, result] as const);
    });
    const results = Object.fromEntries(await Promise.all(builds)) as StoredResults;
    // A failed build's own output, where the run's log shows it first (the tests reading that fixture fail on its exit code).
    for (const [name, result] of Object.entries(results)) if (result.code !== 0) log(`Fixture sites: ${name} FAILED (exit ${result.code}):\n${result.output.slice(-4000)}`);
    return results;
  } finally {
    builders.stop();
  }
}

async function buildOne(
  name: string,
  definition: FixtureDefinition,
  apiUrl: string,
  workDir: string,
  build: Build,
  log: (line: string) => void,
): Promise<Omit<FixtureBuild, 'outDir'>> {
  const dir = join(workDir, name);
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    [PORTAL]: apiUrl,
    [SNAPSHOT_FILE]: join(dir, 'snapshot.json'),
    [CONFIG_FILE]: join(dir, 'roadmap.config.json'),
    [HISTORY_FILE]: join(dir, 'history.json'),
    [PAGE_DIGESTS_FILE]: join(dir, 'page-digests.json'),
    [RELEASE_NOTES_OUT]: join(dir, 'release-notes.json'),
  };
  const resolve = (env: Record<string, string>) => Object.fromEntries(Object.entries(env).map(([key, value]) => [key, files[value] ?? value]));
  if (definition.snapshotOf) {
    const snapshot = await loadSnapshot(resolveSource(parseEnv(resolve(definition.snapshotOf)), PROJECT_ROOT));
    await writeSnapshotFile(files[SNAPSHOT_FILE]!, snapshot);
  }
  const sequenceDir = join(dir, 'sequence');
  if (definition.historySequence) {
    await runHistorySequence(sequenceDir);
    copyFileSync(join(sequenceDir, 'state', 'published.json'), files[SNAPSHOT_FILE]!);
    copyFileSync(join(sequenceDir, 'state', 'history.json'), files[HISTORY_FILE]!);
  }
  if (definition.emptyHistorySince) await writeHistoryFile(files[HISTORY_FILE]!, emptyHistory(definition.emptyHistorySince));
  if (definition.languagesHistory) await writeLanguagesHistory(files[HISTORY_FILE]!);
  if (definition.demoChanged) await writeChangedDemo(files[SNAPSHOT_FILE]!, files[HISTORY_FILE]!);
  // The other fixture's output is the previous output, and a copy of its digests the file this build rewrites.
  const keepPages: Record<string, string> = definition.keepPagesOf
    ? { ROADMAP_PREVIOUS_OUTPUT: join(workDir, definition.keepPagesOf, 'dist'), ROADMAP_PAGE_DIGESTS: files[PAGE_DIGESTS_FILE]! }
    : {};
  if (definition.keepPagesOf) copyFileSync(join(workDir, definition.keepPagesOf, 'page-digests.json'), files[PAGE_DIGESTS_FILE]!);
  for (const [name, text] of Object.entries(definition.files ?? {})) writeFileSync(join(dir, name), text);
  if (definition.config) {
    const customCss = join(dir, 'custom.css');
    if (definition.customCss !== undefined) writeFileSync(customCss, definition.customCss);
    const theme = { ...definition.config.theme, ...(definition.customCss !== undefined ? { customCss } : {}) };
    writeFileSync(files[CONFIG_FILE]!, JSON.stringify({ ...definition.config, theme }));
  }
  const groupCacheDir = join(definition.cacheGroup ? join(workDir, definition.cacheGroup) : dir, 'astro-cache');
  const cacheDir = definition.descriptionCacheOnly ? join(dir, 'astro-cache') : groupCacheDir;
  const env = { ...resolve(definition.env), ...keepPages, ...(definition.descriptionCacheOnly ? { ROADMAP_RENDER_CACHE: join(groupCacheDir, 'render-cache.json') } : {}) };
  // The fixture's folder is its build's project root (`ownProjectRoot`), its config and files in it, as a team's are.
  const { code, output, cpuSeconds } = await build(env, { outDir: join(dir, 'dist'), cacheDir, root: ownProjectRoot(dir) });
  log(`Fixture sites: ${name} built (exit ${code}, ${cpuSeconds?.toFixed(1) ?? '?'} CPU-seconds in its builder)`);
  return { code, output, ...(definition.snapshotOf ? { snapshotFile: files[SNAPSHOT_FILE] } : {}), ...(definition.historySequence ? { sequenceDir } : {}) };
}

const DAY_MS = 86_400_000;

/** Removes the builds of other inputs, and partial builds a day old (a run that died); a partial of a run under way is left alone. */
function pruneOtherKeys(key: string): void {
  for (const entry of readdirSync(CACHE_ROOT)) {
    if (entry === key) continue;
    const path = join(CACHE_ROOT, entry);
    if (!entry.includes('.partial-') || statSync(path).mtimeMs < Date.now() - DAY_MS) rmSync(path, { recursive: true, force: true });
  }
}

/** Removes what a day-old run left in `dir`: older than any run, so no run under way loses its files. */
function removeDayOld(dir: string): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).mtimeMs < Date.now() - DAY_MS) rmSync(path, { recursive: true, force: true });
  }
}
