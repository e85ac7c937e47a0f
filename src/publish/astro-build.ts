/** Runs `astro build` of this project from a snapshot file (and a history file) into a directory, as a child process. */
import { randomBytes } from 'node:crypto';
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { logLines } from '../shared/text.ts';
import { astroBin, BUILD_ALLOCATOR_ENV, buildHeapMb, buildNodeFlags, ranOutOfHeap, runNode } from './run-node.ts';
import { releaseGarbage } from '../shared/memory.ts';
import type { PageReuse } from './rebuild-options.ts';
import { RebuildError } from '../shared/errors.ts';
import { sweepDeadRuns } from './swap.ts';
import { BUILD_NOTES_FILE, PAGE_REUSE_STEP } from '../shared/build-contract.ts';
import { RELEASE_SCHEDULE_STEP } from '../release-notes/schedule.ts';

/** Build folders inside the project, for an output outside it: `.astro/rebuild-{pid}-{random}`. */
const BUILD_DIR_PREFIX = 'rebuild-';

/** Lines of build output quoted when a build fails. */
const TAIL_LINES = 30;

/**
 * Builds into `outDir`. Astro writes the pages' server code next to the
 * output and imports it from there, so an output folder outside the project
 * cannot resolve the project's packages; Astro moves that code into the
 * project only when the output path does not start with the project's path
 * as a string, which `/work/site-dist` next to `/work/site` does. So an output
 * outside the project is built inside it (under `.astro/`) and moved.
 * Warnings of the build (`[WARN]` lines: data left out, descriptions shown as
 * plain text) are passed to `log`, since the build's own output is not shown.
 */
export function astroBuild(root: string, env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = () => {}, options: { heapMb?: number | undefined } = {}) {
  return async (snapshotFile: string, outDir: string, historyFile: string, descriptionCacheFile?: string, pages?: PageReuse, astroCacheDir?: string): Promise<void> => {
    const target = resolve(outDir);
    let buildDir = target;
    if (!isInside(root, target)) {
      await mkdir(join(root, '.astro'), { recursive: true });
      await sweepDeadRuns(join(root, '.astro'), BUILD_DIR_PREFIX);
      buildDir = await newBuildDir(root);
    }
    try {
      const heapMb = options.heapMb ?? buildHeapMb((await stat(snapshotFile)).size);
      // The rebuild holds nothing of the data while its build runs (src/publish/rebuild.ts `planRun`): what it read
      // is garbage by now, returned to the system before the build needs the memory.
      releaseGarbage();
      await build(root, rebuildEnv(env, { snapshotFile, historyFile, descriptionCacheFile, pages, astroCacheDir }), heapMb, buildDir, log);
      if (buildDir !== target) await move(buildDir, target);
    } finally {
      if (buildDir !== target) await rm(buildDir, { recursive: true, force: true });
    }
  };
}

/**
 * The environment of the rebuild's `astro build`: the snapshot and history of this run, its copy of the
 * description cache and of Astro's cache folder, and its page digests with the live site to keep pages from (none:
 * set empty, so an inherited `ROADMAP_PREVIOUS_OUTPUT` cannot point the build at another folder); and where it writes
 * the release notes it publishes: beside the snapshot, in the run's work folder, where the rebuild reads them
 * (src/publish/rebuild.ts); and the bundler's allocator settings (`BUILD_ALLOCATOR_ENV`), unless `env` has its own.
 */
export function rebuildEnv(
  env: NodeJS.ProcessEnv,
  input: { snapshotFile: string; historyFile: string; descriptionCacheFile?: string | undefined; pages?: PageReuse | undefined; astroCacheDir?: string | undefined },
): NodeJS.ProcessEnv {
  return {
    ...BUILD_ALLOCATOR_ENV,
    ...env,
    ...(input.astroCacheDir ? { ROADMAP_CACHE_DIR: input.astroCacheDir } : {}),
    ...(input.descriptionCacheFile ? { ROADMAP_RENDER_CACHE: input.descriptionCacheFile } : {}),
    ...(input.pages ? { ROADMAP_PAGE_DIGESTS: input.pages.digestsFile, ROADMAP_PREVIOUS_OUTPUT: input.pages.previousOutput ?? '' } : {}),
    ROADMAP_SNAPSHOT: input.snapshotFile,
    ROADMAP_RELEASE_NOTES_OUT: join(dirname(input.snapshotFile), BUILD_NOTES_FILE),
    ROADMAP_HISTORY: input.historyFile,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}

/**
 * What the rebuild's log says of a build that succeeded: its warnings (Astro's `[WARN]` lines, and the route data's,
 * marked alike: src/route-data/build-warning.ts), then how many pages were kept from the live site and which release
 * notes wait for a later day.
 */
export function relayBuildOutput(lines: readonly string[], log: (line: string) => void): void {
  for (const line of lines.filter((l) => l.includes('[WARN]'))) log(`warning (build): ${line.replace(/^.*?\[WARN\]\s*/, '')}`);
  // How many issue pages were kept from the live site: what made this build quick, or not.
  for (const line of lines.filter((l) => l.includes(`[${PAGE_REUSE_STEP}]`) || l.includes(`[${RELEASE_SCHEDULE_STEP}]`))) log(line.replace(/^.*?\]\s*/, ''));
}

async function build(root: string, env: NodeJS.ProcessEnv, heapMb: number, outDir: string, log: (line: string) => void): Promise<void> {
  let result;
  try {
    result = await runNode([...buildNodeFlags(heapMb), astroBin(root), 'build', '--outDir', outDir], { cwd: root, env });
  } catch (error) {
    throw new RebuildError(`Could not start astro build: ${(error as Error).message}`, { cause: error });
  }
  const lines = logLines(result.output.trim()).split('\n');
  if (result.code === 0) {
    relayBuildOutput(lines, log);
    return;
  }
  if (ranOutOfHeap(result.output)) {
    throw new RebuildError(
      `astro build ran out of memory at its heap limit of ${heapMb} MiB; the live site is unchanged. ` +
        `Set ROADMAP_BUILD_HEAP_MB to a larger limit, e.g. ROADMAP_BUILD_HEAP_MB=${heapMb * 2}, and run it again.`,
    );
  }
  throw new RebuildError(`astro build failed (exit ${result.code}); the live site is unchanged. Last lines:\n${lines.slice(-TAIL_LINES).join('\n')}`);
}

/**
 * A build folder of this run inside the project: `.astro/rebuild-{pid}-{random}`. Made with the permissions of any
 * new folder (the umask's), not `mkdtemp`'s owner-only ones: it becomes the published site's folder, which a web
 * server running as another user must be able to read.
 */
export async function newBuildDir(root: string): Promise<string> {
  const dir = join(root, '.astro', `${BUILD_DIR_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`);
  await mkdir(dir);
  return dir;
}

/** Whether `path` is `root` or below it, by path segments (not by string prefix). */
function isInside(root: string, path: string): boolean {
  const rel = relative(resolve(root), path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Renames `from` to `to`; across file systems, copies and removes. */
async function move(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
  }
}
