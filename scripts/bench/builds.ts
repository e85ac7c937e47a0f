/**
 * The build figures of `npm run bench` (scripts/bench.ts has their meaning): rounds of our cold builds beside the
 * two floors' (scripts/bench/floor.ts), and the next build after one change.
 */
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BOARD_INDEX_FILE } from '../../src/exports/board-index.ts';
import { cspDirectives, SEARCH_DIR } from '../../src/hosting/headers.ts';
import { localeSegment } from '../../src/i18n/locale-segment.ts';
import { outputStats } from '../../src/integration/steps/host-limits.ts';
import { SEARCH_FRAGMENT_FILES } from '../../src/integration/steps/search-index.ts';
import { BUILD_NODE_FLAGS, buildHeapMb, buildNodeFlags, runNode } from '../../src/publish/run-node.ts';
import { ISSUES_DIR, PROJECTS_DIR, RELEASES_DIR } from '../../src/view/paths.ts';
import { CLOCK_TICKS_PER_SECOND, childrenCpuTicks, statFields } from '../../src/shared/proc-stat.ts';
import { ASTRO, baseEnv, log, ROOT, SITE, type Size } from './context.ts';
import { createFairFloorProject, createFloorProject, type OurPages } from './floor.ts';
import { median, ratioFigure, round } from './stats.ts';
import { searchFigures } from './search.ts';
import { fileGzipKb, pageWeight } from './weight.ts';

/** Words of the synthetic workspaces (test/support/synthetic.ts), each in about a third of the issues: a broad first query, then another. */
const SEARCH_QUERIES: [string, string] = ['offline', 'billing'];

export function countPages(dir: string): number {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
}

/** What a cold build must not find: Vite's and Astro's caches in node_modules (the floors' node_modules is a link to ours). */
export function clearSharedCaches(): void {
  for (const dir of ['node_modules/.vite', 'node_modules/.astro']) rmSync(join(ROOT, dir), { recursive: true, force: true });
}

export interface BuildDirs {
  outDir: string;
  /** The description cache, as .roadmap/render-cache.json would be. */
  descriptionCache: string;
  /**
   * Astro's cache folder (`ROADMAP_CACHE_DIR`: its content store), as a rebuild's copy of .roadmap/astro-cache
   * (src/publish/astro-cache.ts) would be: the build starts from what it holds and leaves its own cache there.
   * None: an empty folder, removed after the build.
   */
  astroCache?: string;
}

/**
 * One `astro build` of ours, with Vite's and Astro's caches in node_modules cleared (as `npm ci` leaves them); the
 * description cache is whatever `dirs.descriptionCache` holds, Astro's cache folder whatever `dirs.astroCache` holds.
 */
export async function build(env: NodeJS.ProcessEnv, dirs: BuildDirs) {
  clearSharedCaches();
  const cacheDir = dirs.astroCache ?? mkdtempSync(join(tmpdir(), 'bench-cache-'));
  const result = await runNode([...nodeFlags(env), ASTRO, 'build', '--outDir', dirs.outDir], {
    cwd: ROOT,
    env: { ...env, ROADMAP_CACHE_DIR: cacheDir, ROADMAP_RENDER_CACHE: dirs.descriptionCache },
  });
  if (!dirs.astroCache) rmSync(cacheDir, { recursive: true, force: true });
  if (result.code !== 0) throw new Error(`build failed:\n${result.output.slice(-2000)}`);
  return result;
}

/** The heap limit `npm run rebuild` gives a build of this snapshot (the demo, built from its bundled data, has none). */
function nodeFlags(env: NodeJS.ProcessEnv): readonly string[] {
  return env.ROADMAP_SNAPSHOT ? buildNodeFlags(buildHeapMb(statSync(env.ROADMAP_SNAPSHOT).size)) : BUILD_NODE_FLAGS;
}

/** A cold build of a floor project, with the Node flags `flags` (the fair floor runs with ours). */
async function floorBuild(floorDir: string, flags: readonly string[] = []) {
  clearSharedCaches();
  rmSync(join(floorDir, 'dist'), { recursive: true, force: true });
  rmSync(join(floorDir, '.astro'), { recursive: true, force: true });
  const result = await runNode([...flags, ASTRO, 'build', '--root', floorDir], { cwd: floorDir, env: baseEnv });
  if (result.code !== 0) throw new Error(`floor build failed:\n${result.output.slice(-2000)}`);
  return result;
}

/** An empty output folder, and a state folder for the description cache, the page digests and Astro's cache. */
export function freshDirs(name: string): Required<BuildDirs> & { pageDigests: string } {
  const state = mkdtempSync(join(tmpdir(), 'bench-state-'));
  return {
    outDir: mkdtempSync(join(tmpdir(), `bench-${name}-`)),
    descriptionCache: join(state, 'render-cache.json'),
    pageDigests: join(state, 'page-digests.json'),
    astroCache: join(state, 'astro-cache'),
  };
}

/** Each language's Pagefind index of a build, by its hash (`pagefind-entry.json`): the same pages and texts make the same hash. */
function searchIndexHashes(outDir: string): string {
  const file = join(outDir, SEARCH_DIR, 'pagefind-entry.json');
  if (!existsSync(file)) return '(none)';
  const entry = JSON.parse(readFileSync(file, 'utf8')) as { languages: Record<string, { hash: string; page_count: number }> };
  return Object.entries(entry.languages)
    .map(([language, { hash, page_count }]) => `${language} ${hash} (${page_count} pages)`)
    .join(', ');
}

interface Round {
  ours_ms: number;
  cached_ms: number;
  floor_ms: number;
  fair_floor_ms: number;
  warm_change_ms: number;
  /** CPU seconds of each cold build's processes (ours, ours with the description cache, the trivial floor, the fair floor). */
  cpu_s: [number, number, number, number];
  /** CPU seconds of the warm change build's processes. */
  warm_change_cpu_s: number;
  build_ratio: number;
  fair_build_ratio: number;
  warm_change_ratio: number;
  peak_rss_mb: number;
  floor_peak_rss_mb: number;
  fair_floor_peak_rss_mb: number;
  warm_change_peak_rss_mb: number;
  /** The 1-minute load average when the round ended. */
  load: number;
}

/**
 * CPU seconds used so far by this process's children that have ended, and theirs (`cutime` + `cstime` of
 * /proc/self/stat): around one build, the CPU time of its whole process tree, Pagefind's included, which a busy
 * machine stretches far less than the wall time. 0 where there is no /proc.
 */
export function childrenCpuSeconds(): number {
  const fields = statFields('/proc/self/stat');
  return fields ? childrenCpuTicks(fields) / CLOCK_TICKS_PER_SECOND : 0;
}

/** `list` turned left by `by` places: each round starts with another of the builds. */
const rotated = <T>(list: readonly T[], by: number): T[] => list.map((_, i) => list[(i + by) % list.length]!);

/**
 * One build of ours first (not timed: it tells the floors how many pages, how large, and what is searchable, and
 * leaves the description cache that the cached builds start from), then `rounds` rounds of four cold builds, each
 * round in another order so a machine that gets busier or quieter favours none of them: ours with an empty
 * description cache, ours with the description cache kept (a CI change run), the trivial floor and the fair floor.
 * Then the next CI build after one description changed, with the first build's description cache and output.
 */
export async function measureBuild(
  size: Size,
  snapshotFile: string,
  changedSnapshotFile: string,
  { rounds, concurrency, locales = ['en'], extraEnv = {} }: { rounds: number; concurrency: number; locales?: readonly string[]; extraEnv?: NodeJS.ProcessEnv },
) {
  const env = { ...baseEnv, ROADMAP_BUILD_CONCURRENCY: String(concurrency), ...extraEnv };
  const results: Round[] = [];
  let outDir = '';
  const first = freshDirs(`${size.name}-first`);
  await build({ ...env, ROADMAP_SNAPSHOT: snapshotFile }, first);
  const pages = countPages(first.outDir);
  const floorDir = createFloorProject(ROOT, pages, { site: SITE, concurrency });
  const languageDirs = locales.slice(1).map(localeSegment);
  const fair = createFairFloorProject(ROOT, first.outDir, {
    site: SITE,
    concurrency,
    cspDirectives: cspDirectives(),
    searchSections: [ISSUES_DIR, PROJECTS_DIR, RELEASES_DIR].flatMap((dir) => ['', ...languageDirs.map((language) => `${language}/`)].map((prefix) => `${prefix}${dir}`)),
    pagefind: { ...(locales.length === 1 ? { forceLanguage: new Intl.Locale(locales[0]!).language } : {}), maxFragments: SEARCH_FRAGMENT_FILES },
  });
  const ourIndex = searchIndexHashes(first.outDir);
  rmSync(first.outDir, { recursive: true, force: true });
  const fairFlags = nodeFlags({ ROADMAP_SNAPSHOT: snapshotFile });
  let fairIndex = '';
  try {
    for (let round_ = 0; round_ < rounds; round_++) {
      const dirs = freshDirs(size.name);
      const cached = {
        outDir: mkdtempSync(join(tmpdir(), `bench-${size.name}-cached-`)),
        descriptionCache: join(mkdtempSync(join(tmpdir(), 'bench-state-')), 'render-cache.json'),
      };
      copyFileSync(first.descriptionCache, cached.descriptionCache);
      const builds = {
        // Writes its page digests, as every rebuild does, for the next build to keep its unchanged pages.
        ours: () => build({ ...env, ROADMAP_SNAPSHOT: snapshotFile, ROADMAP_PAGE_DIGESTS: dirs.pageDigests }, dirs),
        cached: () => build({ ...env, ROADMAP_SNAPSHOT: snapshotFile, ROADMAP_PAGE_DIGESTS: `${cached.descriptionCache}.digests` }, cached),
        floor: () => floorBuild(floorDir),
        fair: async () => {
          const result = await floorBuild(fair.dir, fairFlags);
          fairIndex = searchIndexHashes(join(fair.dir, 'dist'));
          return result;
        },
      };
      const timed: Partial<Record<keyof typeof builds, Awaited<ReturnType<typeof build>> & { cpuS: number }>> = {};
      for (const name of rotated(Object.keys(builds) as (keyof typeof builds)[], round_)) {
        const cpuBefore = childrenCpuSeconds();
        timed[name] = { ...(await builds[name]()), cpuS: round(childrenCpuSeconds() - cpuBefore, 1) };
      }
      const { ours, cached: withCache, floor, fair: fairFloor } = timed as Required<typeof timed>;
      rmSync(cached.outDir, { recursive: true, force: true });
      // The next rebuild: the cold build's output is the live site, whose unchanged issue pages it keeps, and it
      // starts from a copy of the cold build's Astro cache, as a rebuild takes .roadmap/astro-cache (its key is of
      // the config, versions and source, which one changed description leaves as they were).
      const warmDigests = `${dirs.pageDigests}.next`;
      copyFileSync(dirs.pageDigests, warmDigests);
      const warmCache = `${dirs.astroCache}.next`;
      cpSync(dirs.astroCache, warmCache, { recursive: true });
      const warmDir = mkdtempSync(join(tmpdir(), `bench-${size.name}-warm-`));
      const warmCpuBefore = childrenCpuSeconds();
      const warm = await build(
        { ...env, ROADMAP_SNAPSHOT: changedSnapshotFile, ROADMAP_PAGE_DIGESTS: warmDigests, ROADMAP_PREVIOUS_OUTPUT: dirs.outDir },
        { outDir: warmDir, descriptionCache: dirs.descriptionCache, astroCache: warmCache },
      );
      const warmCpuS = round(childrenCpuSeconds() - warmCpuBefore, 1);
      rmSync(warmDir, { recursive: true, force: true });
      rmSync(dirname(dirs.descriptionCache), { recursive: true, force: true });
      if (!/Kept \d+ of \d+ issue, project, column, team and changelog pages unchanged/.test(warm.output))
        throw new Error(`the warm build kept no page:\n${warm.output.slice(-2000)}`);
      if (!/issues: \d+ entries \(\d+ new or changed, \d+ of them from the description cache/.test(warm.output))
        throw new Error(`the warm build did not report the description cache:\n${warm.output.slice(-2000)}`);
      // One description changed: the content store kept every other entry.
      if (!/issues: \d+ entries \(1 new or changed/.test(warm.output))
        throw new Error(`the warm build did not keep the content store's unchanged entries:\n${warm.output.slice(-2000)}`);
      const result: Round = {
        ours_ms: round(ours.ms, 0),
        cached_ms: round(withCache.ms, 0),
        floor_ms: round(floor.ms, 0),
        fair_floor_ms: round(fairFloor.ms, 0),
        warm_change_ms: round(warm.ms, 0),
        cpu_s: [ours.cpuS, withCache.cpuS, floor.cpuS, fairFloor.cpuS],
        warm_change_cpu_s: warmCpuS,
        build_ratio: round(ours.ms / floor.ms, 3),
        fair_build_ratio: round(withCache.ms / fairFloor.ms, 3),
        warm_change_ratio: round(warm.ms / ours.ms, 3),
        peak_rss_mb: ours.peakRssMb ?? 0,
        floor_peak_rss_mb: floor.peakRssMb ?? 0,
        fair_floor_peak_rss_mb: fairFloor.peakRssMb ?? 0,
        warm_change_peak_rss_mb: warm.peakRssMb ?? 0,
        load: round(loadavg()[0]!, 2),
      };
      results.push(result);
      log(`${size.name} round ${round_ + 1}/${rounds}: ${JSON.stringify(result)}`);
      if (outDir) rmSync(outDir, { recursive: true, force: true });
      outDir = dirs.outDir;
    }
  } finally {
    rmSync(floorDir, { recursive: true, force: true });
    rmSync(fair.dir, { recursive: true, force: true });
    rmSync(dirname(first.descriptionCache), { recursive: true, force: true });
  }
  // The fair floor indexes the texts ours indexes: with the same pages and texts, Pagefind makes the same index.
  const sameIndex = fairIndex === ourIndex;
  if (!sameIndex) log(`${size.name}: the fair floor's search index (${fairIndex}) is not ours (${ourIndex}): ours no longer indexes its pages as the floor does`);
  const weight = boardWeight(outDir);
  const stats = outputStats(outDir);
  const output = { files: stats.files, mb: round(stats.bytes / 2 ** 20, 1) };
  const search = await searchFigures(outDir, SEARCH_QUERIES);
  log(`${size.name} search: ${JSON.stringify(search)}`);
  const column = (key: Exclude<keyof Round, 'cpu_s'>) => results.map((r) => r[key]);
  const fairFloor: OurPages & { search_index_as_ours: boolean } = { ...fair.ours, search_index_as_ours: sameIndex };
  return {
    pages,
    build_concurrency: concurrency,
    rounds: results,
    ours_ms: round(median(column('ours_ms')), 0),
    cached_ms: round(median(column('cached_ms')), 0),
    floor_ms: round(median(column('floor_ms')), 0),
    fair_floor_ms: round(median(column('fair_floor_ms')), 0),
    warm_change_ms: round(median(column('warm_change_ms')), 0),
    build_ratio: ratioFigure(column('build_ratio')),
    fair_build_ratio: ratioFigure(column('fair_build_ratio')),
    /** The same ratio of CPU seconds, which load distorts less: ours with the description cache kept / the fair floor. */
    fair_build_cpu_ratio: ratioFigure(results.map((r) => r.cpu_s[1] / r.cpu_s[3])),
    warm_change_ratio: ratioFigure(column('warm_change_ratio')),
    /** The same ratio of CPU seconds: the warm change build / that round's cold build. */
    warm_change_cpu_ratio: ratioFigure(results.map((r) => r.warm_change_cpu_s / r.cpu_s[0])),
    peak_rss_mb: { median: median(column('peak_rss_mb')), max: Math.max(...column('peak_rss_mb')) },
    floor_peak_rss_mb: { median: median(column('floor_peak_rss_mb')), max: Math.max(...column('floor_peak_rss_mb')) },
    fair_floor_peak_rss_mb: { median: median(column('fair_floor_peak_rss_mb')), max: Math.max(...column('fair_floor_peak_rss_mb')) },
    load: { min: Math.min(...column('load')), max: Math.max(...column('load')) },
    fair_floor: fairFloor,
    board: weight,
    output,
    search,
    outDir,
  };
}

/** The board's weight, with the JSON's key style. */
export function boardWeight(outDir: string) {
  const weight = pageWeight(outDir, 'index.html');
  return { raw_kb: weight.rawKb, gzip_kb: weight.gzipKb, js_gzip_kb: weight.jsGzipKb, filter_index_gzip_kb: fileGzipKb(outDir, BOARD_INDEX_FILE) };
}
