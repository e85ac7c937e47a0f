/** `npm run bench` once its options are read (scripts/bench.ts has the figures and their meaning). */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../src/cli/args.ts';
import { astroBin, BUILD_NODE_FLAGS, buildHeapMb, buildNodeFlags, runNode } from '../../src/publish/run-node.ts';
import { ROADMAP_ENV_NAMES } from '../../src/config/env.ts';
import { defaultBuildConcurrency } from '../../src/config/settings.ts';
import { ApiIssueListSchema, ApiProjectSchema } from '../../src/portal/api-schemas.ts';
import { sessionOf } from '../../src/portal/client.ts';
import { loadSnapshot } from '../../src/snapshot/load.ts';
import { createSnapshot, dataDigest, writeSnapshotFile } from '../../src/snapshot/snapshot-file.ts';
import { startFakePortal } from '../../test/support/fake-portal.ts';
import { serveStatic } from '../../test/support/static-server.ts';
import { syntheticWorkspace } from '../../test/support/synthetic.ts';
import { createFloorProject } from './floor.ts';
import { median, ratioFigure, round, type RatioFigure } from './stats.ts';
import { fileGzipKb, pageWeight } from './weight.ts';
import { outputStats } from '../../src/integration/steps/host-limits.ts';
import { BOARD_INDEX_FILE } from '../../src/exports/board-index.ts';
import { searchFigures } from './search.ts';
import { historyRows, measureHistory, type HistoryFigures } from './history.ts';

/** The options of `npm run bench` (scripts/bench.ts). */
export interface BenchValues {
  quick: boolean;
  rounds: string;
  concurrency?: string | undefined;
  json?: string | undefined;
  'history-only': boolean;
}

const ROOT = process.cwd();
const ASTRO = astroBin(ROOT);
const SITE = 'https://roadmap.example.com';
/** Words of the synthetic workspaces (test/support/synthetic.ts), each in about a third of the issues: a broad first query, then another. */
const SEARCH_QUERIES: [string, string] = ['offline', 'billing'];

interface Size {
  name: string;
  issues: number;
  projects: number;
  /** Scaled-down rate limit of the fetch measurement. */
  limit: { limit: number; windowMs: number };
}
const SIZES: Size[] = [
  { name: '1k', issues: 1_000, projects: 50, limit: { limit: 20, windowMs: 2_000 } },
  { name: '10k', issues: 10_000, projects: 500, limit: { limit: 100, windowMs: 10_000 } },
];

// The bench decides every variable portal-roadmap reads; none may leak in from the caller's shell.
const baseEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } as NodeJS.ProcessEnv;
for (const key of ROADMAP_ENV_NAMES) delete baseEnv[key];
baseEnv.ROADMAP_SITE = SITE;
const log = (line: string) => console.error(`[bench] ${line}`);
const figures: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, sizes: {} };

function countPages(dir: string): number {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
}

/** What a cold build must not find: Vite's and Astro's caches in node_modules (the floor's node_modules is a link to ours). */
function clearSharedCaches(): void {
  for (const dir of ['node_modules/.vite', 'node_modules/.astro']) rmSync(join(ROOT, dir), { recursive: true, force: true });
}

interface BuildDirs {
  outDir: string;
  /** The description cache, as .roadmap/render-cache.json would be. */
  descriptionCache: string;
}

/** One `astro build` of ours, with Vite's and Astro's caches cleared; the description cache is whatever `dirs.descriptionCache` holds. */
async function build(env: NodeJS.ProcessEnv, dirs: BuildDirs) {
  clearSharedCaches();
  const cacheDir = mkdtempSync(join(tmpdir(), 'bench-cache-'));
  // The heap limit `npm run rebuild` gives a build of this snapshot (the demo, built from its bundled data, has none).
  const flags = env.ROADMAP_SNAPSHOT ? buildNodeFlags(buildHeapMb(statSync(env.ROADMAP_SNAPSHOT).size)) : BUILD_NODE_FLAGS;
  const result = await runNode([...flags, ASTRO, 'build', '--outDir', dirs.outDir], {
    cwd: ROOT,
    env: { ...env, ROADMAP_CACHE_DIR: cacheDir, ROADMAP_RENDER_CACHE: dirs.descriptionCache },
  });
  rmSync(cacheDir, { recursive: true, force: true });
  if (result.code !== 0) throw new Error(`build failed:\n${result.output.slice(-2000)}`);
  return result;
}

async function floorBuild(floorDir: string) {
  clearSharedCaches();
  rmSync(join(floorDir, 'dist'), { recursive: true, force: true });
  rmSync(join(floorDir, '.astro'), { recursive: true, force: true });
  const result = await runNode([ASTRO, 'build', '--root', floorDir], { cwd: floorDir, env: baseEnv });
  if (result.code !== 0) throw new Error(`floor build failed:\n${result.output.slice(-2000)}`);
  return result;
}

function freshDirs(name: string): BuildDirs & { pageDigests: string } {
  const state = mkdtempSync(join(tmpdir(), 'bench-state-'));
  return { outDir: mkdtempSync(join(tmpdir(), `bench-${name}-`)), descriptionCache: join(state, 'render-cache.json'), pageDigests: join(state, 'page-digests.json') };
}

interface Round {
  ours_ms: number;
  floor_ms: number;
  warm_change_ms: number;
  build_ratio: number;
  warm_change_ratio: number;
  peak_rss_mb: number;
  floor_peak_rss_mb: number;
  warm_change_peak_rss_mb: number;
}

/**
 * `rounds` rounds of: our cold build and the floor's cold build (in turn
 * first, so a machine that gets busier or quieter favours neither), then the
 * next CI build after one description changed, with the cold build's
 * description cache.
 */
async function measureBuild(size: Size, snapshotFile: string, changedSnapshotFile: string, rounds: number, concurrency: number, extraEnv: NodeJS.ProcessEnv = {}) {
  const env = { ...baseEnv, ROADMAP_BUILD_CONCURRENCY: String(concurrency), ...extraEnv };
  const results: Round[] = [];
  let outDir = '';
  let floorDir = '';
  let pages = 0;
  try {
    for (let round_ = 0; round_ < rounds; round_++) {
      const dirs = freshDirs(size.name);
      const runOurs = async () => {
        // Writes its page digests, as every rebuild does, for the next build to keep its unchanged pages.
        const result = await build({ ...env, ROADMAP_SNAPSHOT: snapshotFile, ROADMAP_PAGE_DIGESTS: dirs.pageDigests }, dirs);
        // The floor renders as many pages as ours: known after our first build, which comes first in round 1.
        if (!floorDir) {
          pages = countPages(dirs.outDir);
          floorDir = createFloorProject(ROOT, pages, { site: SITE, concurrency });
        }
        return result;
      };
      const [ours, floor] = round_ % 2 === 0 ? [await runOurs(), await floorBuild(floorDir)] : await floorBuild(floorDir).then(async (f) => [await runOurs(), f] as const);
      // The next rebuild: the cold build's output is the live site, whose unchanged issue pages it keeps.
      const warmDigests = `${dirs.pageDigests}.next`;
      copyFileSync(dirs.pageDigests, warmDigests);
      const warmDir = mkdtempSync(join(tmpdir(), `bench-${size.name}-warm-`));
      const warm = await build(
        { ...env, ROADMAP_SNAPSHOT: changedSnapshotFile, ROADMAP_PAGE_DIGESTS: warmDigests, ROADMAP_PREVIOUS_OUTPUT: dirs.outDir },
        { outDir: warmDir, descriptionCache: dirs.descriptionCache },
      );
      rmSync(warmDir, { recursive: true, force: true });
      if (!/Kept \d+ of \d+ issue, project, column, team and changelog pages unchanged/.test(warm.output))
        throw new Error(`the warm build kept no page:\n${warm.output.slice(-2000)}`);
      if (!/issues: \d+ entries \(\d+ new or changed, \d+ of them from the description cache/.test(warm.output))
        throw new Error(`the warm build did not report the description cache:\n${warm.output.slice(-2000)}`);
      const result: Round = {
        ours_ms: round(ours.ms, 0),
        floor_ms: round(floor.ms, 0),
        warm_change_ms: round(warm.ms, 0),
        build_ratio: round(ours.ms / floor.ms, 3),
        warm_change_ratio: round(warm.ms / ours.ms, 3),
        peak_rss_mb: ours.peakRssMb ?? 0,
        floor_peak_rss_mb: floor.peakRssMb ?? 0,
        warm_change_peak_rss_mb: warm.peakRssMb ?? 0,
      };
      results.push(result);
      log(`${size.name} round ${round_ + 1}/${rounds}: ${JSON.stringify(result)}`);
      if (outDir) rmSync(outDir, { recursive: true, force: true });
      outDir = dirs.outDir;
    }
  } finally {
    if (floorDir) rmSync(floorDir, { recursive: true, force: true });
  }
  const weight = boardWeight(outDir);
  const stats = outputStats(outDir);
  const output = { files: stats.files, mb: round(stats.bytes / 2 ** 20, 1) };
  const search = await searchFigures(outDir, SEARCH_QUERIES);
  log(`${size.name} search: ${JSON.stringify(search)}`);
  const column = (key: keyof Round) => results.map((r) => r[key]);
  return {
    pages,
    build_concurrency: concurrency,
    rounds: results,
    ours_ms: round(median(column('ours_ms')), 0),
    floor_ms: round(median(column('floor_ms')), 0),
    warm_change_ms: round(median(column('warm_change_ms')), 0),
    build_ratio: ratioFigure(column('build_ratio')),
    warm_change_ratio: ratioFigure(column('warm_change_ratio')),
    peak_rss_mb: { median: median(column('peak_rss_mb')), max: Math.max(...column('peak_rss_mb')) },
    floor_peak_rss_mb: { median: median(column('floor_peak_rss_mb')), max: Math.max(...column('floor_peak_rss_mb')) },
    board: weight,
    output,
    search,
    outDir,
  };
}

/** The board's weight, with the JSON's key style. */
function boardWeight(outDir: string) {
  const weight = pageWeight(outDir, 'index.html');
  return { raw_kb: weight.rawKb, gzip_kb: weight.gzipKb, js_gzip_kb: weight.jsGzipKb, filter_index_gzip_kb: fileGzipKb(outDir, BOARD_INDEX_FILE) };
}

/** The snapshot with one issue's description changed: what the next scheduled build after one edit sees. */
function withOneChange(snapshot: ReturnType<typeof createSnapshot>): ReturnType<typeof createSnapshot> {
  const [first, ...rest] = snapshot.issues;
  const issues = [{ ...first!, description: `${first!.description ?? ''}\n\nEdited: one more line.` }, ...rest];
  return { ...snapshot, issues, digest: dataDigest(issues, snapshot.projects) };
}

async function measureFetch(size: Size, workspace: ReturnType<typeof syntheticWorkspace>) {
  const portal = await startFakePortal({
    bench: { issues: workspace.issues, projects: Object.fromEntries(workspace.projects.map((p) => [p.id, p])), paging: { mode: 'skip-take', maxTake: 100 }, rateLimit: size.limit },
  });
  try {
    const source = { kind: 'api' as const, portal: { apiUrl: portal.apiUrl, workspaceId: 'bench' }, extraProjectIds: [] };
    // Start at a window boundary, where the floor below assumes the run starts.
    const { windowMs, limit } = size.limit;
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 5));
    const session = sessionOf(source.portal);
    const started = performance.now();
    const snapshot = await loadSnapshot(source, { session });
    const ms = performance.now() - started;
    const stats = portal.stats.get('bench')!;
    const requests = stats.requests.length;
    const floorMs = (Math.ceil(requests / limit) - 1) * windowMs;
    const rateLimited = Object.values(stats.rateLimitedByWindow).reduce((a, b) => a + b, 0);
    if (snapshot.projects.length !== size.projects) throw new Error(`fetched ${snapshot.projects.length} of ${size.projects} projects`);
    return {
      requests,
      limit: `${limit} per ${windowMs / 1000} s`,
      fetch_ms: round(ms, 0),
      floor_ms: floorMs,
      fetch_ratio: floorMs ? round(ms / floorMs) : null,
      rate_limited_responses: rateLimited,
      max_429_per_window: Math.max(0, ...Object.values(stats.rateLimitedByWindow)),
    };
  } finally {
    await portal.close();
  }
}

async function measureRebuild(size: Size, workspace: ReturnType<typeof syntheticWorkspace>) {
  const portal = await startFakePortal({
    bench: { issues: workspace.issues, projects: Object.fromEntries(workspace.projects.map((p) => [p.id, p])), paging: { mode: 'skip-take', maxTake: 100 } },
  });
  const dir = mkdtempSync(join(tmpdir(), 'bench-rebuild-'));
  const env = { ...baseEnv, PORTAL_API_URL: portal.apiUrl, PORTAL_WORKSPACE_ID: 'bench' };
  const args = ['bin/portal-roadmap.mjs', 'rebuild', '--out', join(dir, 'dist'), '--state', join(dir, 'state')];
  try {
    clearSharedCaches();
    // The bench's site is never served, so the first publish starts its history on purpose.
    const full = await runNode([...args, '--force', '--fresh-history'], { cwd: ROOT, env });
    const unchanged = await runNode(args, { cwd: ROOT, env });
    if (full.code !== 0 || unchanged.code !== 0 || !unchanged.output.includes('no changes')) throw new Error(`rebuild failed:\n${full.output}\n${unchanged.output}`);
    log(`${size.name} rebuild: full ${Math.round(full.ms)} ms, unchanged ${Math.round(unchanged.ms)} ms`);
    return { full_ms: round(full.ms, 0), nochange_ms: round(unchanged.ms, 0), nochange_ratio: round(unchanged.ms / full.ms, 3) };
  } finally {
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lighthouse(outDir: string) {
  // Compressed, as every host the docs cover serves text: without it the board's 65 KB of HTML cost it its first paint on
  // Lighthouse's simulated phone network (99 instead of 100), which no visitor of a real host sees.
  const site = await serveStatic(outDir, '/', { gzip: true });
  const files = readdirSync(outDir, { recursive: true }).map(String);
  const first = (prefix: string) => `/${files.find((f) => f.startsWith(prefix) && f.endsWith('index.html'))!.replace(/index\.html$/, '')}`;
  const pages = { board: '/', issue: first('issues/'), project: first('projects/'), changelog: '/changelog/' };
  const scores: Record<string, Record<string, number>> = {};
  try {
    for (const [name, path] of Object.entries(pages)) {
      const report = join(mkdtempSync(join(tmpdir(), 'bench-lh-')), 'report.json');
      const result = await runNode(
        [
          join(ROOT, 'node_modules/lighthouse/cli/index.js'),
          `${site.url}${path}`,
          '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
          '--only-categories=performance,accessibility,best-practices,seo',
          '--output=json',
          `--output-path=${report}`,
          '--quiet',
        ],
        { cwd: ROOT, env: { ...baseEnv, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
      );
      if (result.code !== 0) throw new Error(`lighthouse failed on ${path}:\n${result.output.slice(-2000)}`);
      const categories = (JSON.parse(readFileSync(report, 'utf8')) as { categories: Record<string, { score: number }> }).categories;
      // By category id: Lighthouse 13 adds categories, so position means nothing.
      scores[name] = Object.fromEntries(
        ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => [id.replaceAll('-', '_'), Math.round((categories[id]?.score ?? 0) * 100)]),
      );
      log(`lighthouse ${name}: ${JSON.stringify(scores[name])}`);
    }
  } finally {
    await site.close();
  }
  return scores;
}

/** The bench, once its options are read (scripts/bench.ts). */
export async function main(values: BenchValues): Promise<void> {
  const sizes = values.quick ? SIZES.slice(0, 1) : SIZES;
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) throw new UsageError(`--rounds must be a whole number of at least 1; got "${values.rounds}"`);
  const concurrency = values.concurrency === undefined ? defaultBuildConcurrency() : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency must be a whole number of at least 1; got "${values.concurrency}"`);
  Object.assign(figures, { rounds, build_concurrency: concurrency, load_average_at_start: loadavg().map((l) => round(l, 2)) });
  // The history's figures build cold, each with an empty description cache of its own.
  const historyBench = { build: (env: NodeJS.ProcessEnv, outDir: string) => build(env, { ...freshDirs('history'), outDir }), countPages, baseEnv, runs: rounds, log };
  if (values['history-only']) {
    const rows: [string, string, string][] = [];
    for (const size of sizes) {
      const history = await measureHistory(size, historyBench);
      (figures.sizes as Record<string, unknown>)[size.name] = { issues: size.issues, projects: size.projects, history };
      rows.push(...historyRows(size.name, history, rounds));
    }
    printTable(rows, `${values.quick ? ' (quick)' : ''} (history only)`, values.json);
    return;
  }
  // The demo: weight and Lighthouse.
  const demoDirs = freshDirs('demo');
  await build(baseEnv, demoDirs);
  const demoDir = demoDirs.outDir;
  const demoWeight = boardWeight(demoDir);
  figures.demo = { board: demoWeight, search: await searchFigures(demoDir, ['offline', 'calendar']), lighthouse: await lighthouse(demoDir) };

  const sizeFigures: Record<
    string,
    Omit<Awaited<ReturnType<typeof measureBuild>>, 'outDir'> & {
      issues: number;
      projects: number;
      fetch: Awaited<ReturnType<typeof measureFetch>>;
      rebuild: Awaited<ReturnType<typeof measureRebuild>>;
      history: HistoryFigures;
      two_languages?: Omit<Awaited<ReturnType<typeof measureBuild>>, 'outDir' | 'rounds'> & { languages_multiplier: number };
    }
  > = {};
  figures.sizes = sizeFigures;
  for (const size of sizes) {
    log(`workspace ${size.name}: ${size.issues} issues, ${size.projects} projects, ${rounds} rounds at build concurrency ${concurrency}`);
    const workspace = syntheticWorkspace({ issues: size.issues, projects: size.projects });
    const snapshot = createSnapshot(
      { issues: ApiIssueListSchema.parse(workspace.issues), projects: workspace.projects.map((p) => ApiProjectSchema.parse(p)), missingProjectIds: [] },
      { kind: 'demo' },
      new Date('2026-11-20T00:00:00Z'),
    );
    const snapshotDir = mkdtempSync(join(tmpdir(), 'bench-snap-'));
    await writeSnapshotFile(join(snapshotDir, 'snapshot.json'), snapshot);
    await writeSnapshotFile(join(snapshotDir, 'changed.json'), withOneChange(snapshot));
    const { outDir, ...buildFigures } = await measureBuild(size, join(snapshotDir, 'snapshot.json'), join(snapshotDir, 'changed.json'), rounds, concurrency);
    rmSync(outDir, { recursive: true, force: true });
    // What a team in two languages builds: every page twice, and a search index per language.
    let twoLanguages: (Omit<Awaited<ReturnType<typeof measureBuild>>, 'outDir' | 'rounds'> & { languages_multiplier: number }) | undefined;
    if (size.name === '1k') {
      const configFile = join(snapshotDir, 'roadmap.config.json');
      writeFileSync(configFile, JSON.stringify({ locales: ['en', 'de'] }));
      log(`workspace ${size.name} in two languages (en, de)`);
      const {
        outDir: twoDir,
        rounds: _rounds,
        ...two
      } = await measureBuild(size, join(snapshotDir, 'snapshot.json'), join(snapshotDir, 'changed.json'), rounds, concurrency, {
        ROADMAP_CONFIG: configFile,
      });
      rmSync(twoDir, { recursive: true, force: true });
      twoLanguages = { ...two, languages_multiplier: round(two.ours_ms / buildFigures.ours_ms, 2) };
    }
    rmSync(snapshotDir, { recursive: true, force: true });
    const fetch = await measureFetch(size, workspace);
    log(`${size.name} fetch: ${JSON.stringify(fetch)}`);
    const rebuild = await measureRebuild(size, workspace);
    const history = await measureHistory(size, historyBench);
    sizeFigures[size.name] = { issues: size.issues, projects: size.projects, ...buildFigures, fetch, rebuild, history, ...(twoLanguages ? { two_languages: twoLanguages } : {}) };
  }

  // The table.
  const rows: [string, string, string][] = [];
  const searchRows = (name: string, search: Awaited<ReturnType<typeof searchFigures>>) => {
    const { first_query: first, next_query: next } = search;
    rows.push([`search_index (${name})`, `${search.index_kb} KB, ${search.index_files} files`, `the site with it: ${search.site_files} files`]);
    rows.push([
      `search_query_kb (${name})`,
      `${first.gzip_kb} / ${next.gzip_kb}`,
      `gzipped, first query ("${first.query}", ${first.results} results, ${first.requests} requests, ${first.raw_kb} KB raw) / next ("${next.query}", ${next.requests} requests)`,
    ]);
  };
  const spread = (ratio: RatioFigure) => `${ratio.min}–${ratio.max}`;
  for (const [name, f] of Object.entries(sizeFigures)) {
    rows.push([
      `build_ratio (${name})`,
      String(f.build_ratio.median),
      `spread ${spread(f.build_ratio)} over ${rounds} rounds; medians ${f.ours_ms} ms vs ${f.floor_ms} ms bare Astro, ${f.pages} pages, concurrency ${concurrency}`,
    ]);
    rows.push([
      `warm_change_ratio (${name})`,
      String(f.warm_change_ratio.median),
      `spread ${spread(f.warm_change_ratio)}; median ${f.warm_change_ms} ms after one description changed, description cache and unchanged issue, project, column, team and changelog pages kept`,
    ]);
    rows.push([`fetch_ratio (${name})`, String(f.fetch.fetch_ratio), `${f.fetch.fetch_ms} ms vs ${f.fetch.floor_ms} ms floor, ${f.fetch.requests} requests at ${f.fetch.limit}`]);
    rows.push([`rate_limited_responses (${name})`, String(f.fetch.rate_limited_responses), `at most ${f.fetch.max_429_per_window} in one window`]);
    rows.push([`nochange_ratio (${name})`, String(f.rebuild.nochange_ratio), `${f.rebuild.nochange_ms} ms vs ${f.rebuild.full_ms} ms full rebuild`]);
    rows.push([
      `peak_rss_mb (${name})`,
      `${f.peak_rss_mb.median} (max ${f.peak_rss_mb.max})`,
      `cold builds; bare Astro: ${f.floor_peak_rss_mb.median} (max ${f.floor_peak_rss_mb.max})`,
    ]);
    rows.push([`output (${name})`, `${f.output.files} files`, `${f.output.mb} MB, search index included`]);
    if (f.two_languages) {
      const two = f.two_languages;
      rows.push([
        `build_ratio (${name}, 2 languages)`,
        String(two.build_ratio.median),
        `spread ${spread(two.build_ratio)}; medians ${two.ours_ms} ms vs ${two.floor_ms} ms bare Astro, ${two.pages} pages; ${two.output.files} files, ${two.output.mb} MB`,
      ]);
      rows.push([
        `languages_multiplier (${name})`,
        String(two.languages_multiplier),
        `median cold build in en + de over the one-language build's (${two.ours_ms} / ${f.ours_ms} ms)`,
      ]);
      rows.push([`warm_change_ratio (${name}, 2 languages)`, String(two.warm_change_ratio.median), `spread ${spread(two.warm_change_ratio)}`]);
    }
    rows.push([`board_gzip_kb (${name})`, String(f.board.gzip_kb), 'HTML + CSS + JS']);
    rows.push([`filter_index_gzip_kb (${name})`, String(f.board.filter_index_gzip_kb), `/${BOARD_INDEX_FILE}, fetched only when someone filters or sorts`]);
    searchRows(name, f.search);
    rows.push(...historyRows(name, f.history, rounds));
  }
  rows.push(['board_gzip_kb (demo)', String(demoWeight.gzip_kb), `${demoWeight.raw_kb} KB raw`]);
  rows.push(['board_js_gzip_kb', String(demoWeight.js_gzip_kb), "at load: the filter island's loader and the search trigger (budget: 3 KB)"]);
  rows.push(['filter_index_gzip_kb (demo)', String(demoWeight.filter_index_gzip_kb), `/${BOARD_INDEX_FILE}`]);
  searchRows('demo', (figures.demo as { search: Awaited<ReturnType<typeof searchFigures>> }).search);
  for (const [page, scores] of Object.entries((figures.demo as { lighthouse: Record<string, Record<string, number>> }).lighthouse)) {
    rows.push([`lighthouse (${page})`, Object.values(scores).join(' / '), 'performance / accessibility / best-practices / seo']);
  }
  printTable(rows, values.quick ? ' (quick)' : '', values.json);
  rmSync(demoDir, { recursive: true, force: true });
}

function printTable(rows: [string, string, string][], note: string, json: string | undefined): void {
  figures.load_average_at_end = loadavg().map((l) => round(l, 2));
  const width = Math.max(...rows.map((r) => r[0].length));
  const load = `load average at start ${(figures.load_average_at_start as number[]).join(', ')}, at end ${(figures.load_average_at_end as number[]).join(', ')}`;
  console.log(`\nportal-roadmap bench, ${figures.date}, Node ${process.version}, ${figures.cpus} CPUs${note}, ${load}\n`);
  console.log(`${'figure'.padEnd(width)}  ${'value'.padEnd(18)}  detail`);
  for (const [figure, value, detail] of rows) console.log(`${figure.padEnd(width)}  ${value.padEnd(18)}  ${detail}`);
  if (json) writeFileSync(json, `${JSON.stringify(figures, null, 2)}\n`);
}
