/**
 * `npm run bench [-- --quick] [-- --json FILE]`: reproducible figures of how
 * fast portal-roadmap is, each next to its floor. Deterministic synthetic
 * workspaces (1,000 issues / 50 projects; 10,000 / 500 unless --quick).
 *   build_ratio             full astro build from a snapshot / a bare Astro build of as many trivial pages (medians of 3)
 *   fetch_ratio             fetch from the fake portal under a scaled-down rate limit / the least time that limit allows
 *   rate_limited_responses  429s the fetch drew
 *   nochange_ratio          `npm run rebuild` on unchanged data / a full rebuild
 *   peak_rss_mb             peak RSS of the largest build
 *   board_gzip_kb           board HTML + its CSS and JS, gzipped (demo and each size)
 *   board_js_gzip_kb        the board's JavaScript at load, gzipped (at most 3 KB: the filter island and the search trigger; the search code loads only when search opens)
 *   filter_index_gzip_kb    the filter island's index of every issue (/board-index.json), gzipped; fetched only when someone filters or sorts
 *   search_index            the Pagefind index on disk: KB and files, beside the site's own file count
 *   search_query_kb         bytes one search downloads in Chromium (first query: runtime + index + results; next query)
 *   lighthouse              Lighthouse category scores of the demo board, an issue and a project page
 *   history_mb, history_build_ratio   the history after a simulated year, and the build time it adds (scripts/bench/history.ts; alone with --history-only)
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../src/cli/args.ts';
import { astroBin, runNode } from '../src/cli/run-node.ts';
import { ROADMAP_ENV_NAMES } from '../src/config/env.ts';
import { ApiIssueListSchema, ApiProjectSchema } from '../src/portal/api-schemas.ts';
import { sessionOf } from '../src/portal/client.ts';
import { loadSnapshot } from '../src/snapshot/load.ts';
import { createSnapshot, writeSnapshotFile } from '../src/snapshot/snapshot-file.ts';
import { startFakePortal } from '../test/support/fake-portal.ts';
import { serveStatic } from '../test/support/static-server.ts';
import { syntheticWorkspace } from '../test/support/synthetic.ts';
import { createFloorProject } from './bench/floor.ts';
import { median, round } from './bench/stats.ts';
import { fileGzipKb, pageWeight } from './bench/weight.ts';
import { BOARD_INDEX_FILE } from '../src/site/board-index.ts';
import { searchFigures } from './bench/search.ts';
import { historyRows, measureHistory, type HistoryFigures } from './bench/history.ts';

const ROOT = process.cwd();
const ASTRO = astroBin(ROOT);
const SITE = 'https://roadmap.example.com';
const RUNS = 3;
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

const spec = {
  command: 'npm run bench --',
  summary: 'Measures build, fetch, rebuild, memory, page weight and Lighthouse against their floors, and prints a table.\nFigures and progress go to stderr as they come; the table to stdout.',
  options: {
    quick: { type: 'boolean', description: 'the 1,000-issue workspace only (about a minute), not also 10,000' },
    json: { type: 'string', value: 'FILE', description: 'also write every figure as JSON to FILE' },
    'history-only': { type: 'boolean', description: 'only the history figures: its size after a simulated year, and the build time it adds' },
  },
} as const;

// The bench decides every variable portal-roadmap reads; none may leak in from the caller's shell.
const baseEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } as NodeJS.ProcessEnv;
for (const key of ROADMAP_ENV_NAMES) delete baseEnv[key];
baseEnv.ROADMAP_SITE = SITE;
const log = (line: string) => console.error(`[bench] ${line}`);
const figures: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, sizes: {} };

function countPages(dir: string): number {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
}

async function build(env: NodeJS.ProcessEnv, outDir: string) {
  const cacheDir = mkdtempSync(join(tmpdir(), 'bench-cache-'));
  const result = await runNode([ASTRO, 'build', '--outDir', outDir], { cwd: ROOT, env: { ...env, ROADMAP_CACHE_DIR: cacheDir } });
  rmSync(cacheDir, { recursive: true, force: true });
  if (result.code !== 0) throw new Error(`build failed:\n${result.output.slice(-2000)}`);
  return result;
}

async function measureBuild(size: Size, snapshotFile: string) {
  const ours: number[] = [];
  let peak = 0;
  let outDir = '';
  for (let run = 0; run < RUNS; run++) {
    outDir = mkdtempSync(join(tmpdir(), `bench-${size.name}-`));
    const result = await build({ ...baseEnv, ROADMAP_SNAPSHOT: snapshotFile }, outDir);
    ours.push(result.ms);
    peak = Math.max(peak, result.peakRssMb ?? 0);
    log(`${size.name} build ${run + 1}/${RUNS}: ${Math.round(result.ms)} ms, peak RSS ${result.peakRssMb} MiB`);
  }
  const pages = countPages(outDir);
  const floorDir = createFloorProject(ROOT, pages);
  const floor: number[] = [];
  let floorPeak = 0;
  for (let run = 0; run < RUNS; run++) {
    rmSync(join(floorDir, 'dist'), { recursive: true, force: true });
    rmSync(join(floorDir, 'node_modules/.astro'), { recursive: true, force: true });
    const result = await runNode([ASTRO, 'build', '--root', floorDir], { cwd: floorDir, env: baseEnv });
    if (result.code !== 0) throw new Error(`floor build failed:\n${result.output.slice(-2000)}`);
    floor.push(result.ms);
    floorPeak = Math.max(floorPeak, result.peakRssMb ?? 0);
    log(`${size.name} floor ${run + 1}/${RUNS}: ${Math.round(result.ms)} ms (${pages} pages)`);
  }
  rmSync(floorDir, { recursive: true, force: true });
  const weight = { ...pageWeight(outDir, 'index.html'), filter_index_gzip_kb: fileGzipKb(outDir, BOARD_INDEX_FILE) };
  const search = await searchFigures(outDir, SEARCH_QUERIES);
  log(`${size.name} search: ${JSON.stringify(search)}`);
  return { pages, search, ours_ms: round(median(ours), 0), floor_ms: round(median(floor), 0), build_ratio: round(median(ours) / median(floor)), peak_rss_mb: peak, floor_peak_rss_mb: floorPeak, board: weight, outDir };
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
  const args = ['scripts/rebuild.ts', '--out', join(dir, 'dist'), '--state', join(dir, 'state')];
  try {
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
  const site = await serveStatic(outDir);
  const files = readdirSync(outDir, { recursive: true }).map(String);
  const first = (prefix: string) => `/${files.find((f) => f.startsWith(prefix) && f.endsWith('index.html'))!.replace(/index\.html$/, '')}`;
  const pages = { board: '/', issue: first('issues/'), project: first('projects/') };
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
      scores[name] = Object.fromEntries(['performance', 'accessibility', 'best-practices', 'seo'].map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]));
      log(`lighthouse ${name}: ${JSON.stringify(scores[name])}`);
    }
  } finally {
    await site.close();
  }
  return scores;
}

await runCommand(spec, async (values) => {
  const sizes = values.quick ? SIZES.slice(0, 1) : SIZES;
  const historyBench = { build, countPages, baseEnv, runs: RUNS, log };
  if (values['history-only']) {
    const rows: [string, string, string][] = [];
    for (const size of sizes) {
      const history = await measureHistory(size, historyBench);
      (figures.sizes as Record<string, unknown>)[size.name] = { issues: size.issues, projects: size.projects, history };
      rows.push(...historyRows(size.name, history, RUNS));
    }
    printTable(rows, `${values.quick ? ' (quick)' : ''} (history only)`, values.json);
    return;
  }
  // The demo: weight and Lighthouse.
  const demoDir = mkdtempSync(join(tmpdir(), 'bench-demo-'));
  await build(baseEnv, demoDir);
  const demoWeight = { ...pageWeight(demoDir, 'index.html'), filter_index_gzip_kb: fileGzipKb(demoDir, BOARD_INDEX_FILE) };
  figures.demo = { board: demoWeight, search: await searchFigures(demoDir, ['offline', 'calendar']), lighthouse: await lighthouse(demoDir) };

  for (const size of sizes) {
    log(`workspace ${size.name}: ${size.issues} issues, ${size.projects} projects`);
    const workspace = syntheticWorkspace({ issues: size.issues, projects: size.projects });
    const snapshot = createSnapshot(
      { issues: ApiIssueListSchema.parse(workspace.issues), projects: workspace.projects.map((p) => ApiProjectSchema.parse(p)), missingProjectIds: [] },
      { kind: 'demo' },
      new Date('2026-11-20T00:00:00Z'),
    );
    const snapshotFile = join(mkdtempSync(join(tmpdir(), 'bench-snap-')), 'snapshot.json');
    await writeSnapshotFile(snapshotFile, snapshot);
    const { outDir, ...buildFigures } = await measureBuild(size, snapshotFile);
    rmSync(outDir, { recursive: true, force: true });
    const fetch = await measureFetch(size, workspace);
    log(`${size.name} fetch: ${JSON.stringify(fetch)}`);
    const rebuild = await measureRebuild(size, workspace);
    const history = await measureHistory(size, historyBench);
    (figures.sizes as Record<string, unknown>)[size.name] = { issues: size.issues, projects: size.projects, ...buildFigures, fetch, rebuild, history };
  }

  // The table.
  const rows: [string, string, string][] = [];
  const searchRows = (name: string, search: Awaited<ReturnType<typeof searchFigures>>) => {
    const { first_query: first, next_query: next } = search;
    rows.push([`search_index (${name})`, `${search.index_kb} KB, ${search.index_files} files`, `the site with it: ${search.site_files} files`]);
    rows.push([`search_query_kb (${name})`, `${first.gzip_kb} / ${next.gzip_kb}`, `gzipped, first query ("${first.query}", ${first.results} results, ${first.requests} requests, ${first.raw_kb} KB raw) / next ("${next.query}", ${next.requests} requests)`]);
  };
  const sizeFigures = figures.sizes as Record<string, { search: Awaited<ReturnType<typeof searchFigures>>; build_ratio: number; ours_ms: number; floor_ms: number; pages: number; peak_rss_mb: number; floor_peak_rss_mb: number; board: { gzipKb: number; jsGzipKb: number; filter_index_gzip_kb: number }; fetch: { fetch_ratio: number | null; fetch_ms: number; floor_ms: number; requests: number; limit: string; rate_limited_responses: number; max_429_per_window: number }; rebuild: { nochange_ratio: number; nochange_ms: number; full_ms: number }; history: HistoryFigures }>;
  for (const [name, f] of Object.entries(sizeFigures)) {
    rows.push([`build_ratio (${name})`, String(f.build_ratio), `${f.ours_ms} ms vs ${f.floor_ms} ms bare Astro, ${f.pages} pages, median of ${RUNS}`]);
    rows.push([`fetch_ratio (${name})`, String(f.fetch.fetch_ratio), `${f.fetch.fetch_ms} ms vs ${f.fetch.floor_ms} ms floor, ${f.fetch.requests} requests at ${f.fetch.limit}`]);
    rows.push([`rate_limited_responses (${name})`, String(f.fetch.rate_limited_responses), `at most ${f.fetch.max_429_per_window} in one window`]);
    rows.push([`nochange_ratio (${name})`, String(f.rebuild.nochange_ratio), `${f.rebuild.nochange_ms} ms vs ${f.rebuild.full_ms} ms full rebuild`]);
    rows.push([`peak_rss_mb (${name})`, String(f.peak_rss_mb), `bare Astro: ${f.floor_peak_rss_mb}`]);
    rows.push([`board_gzip_kb (${name})`, String(f.board.gzipKb), 'HTML + CSS + JS']);
    rows.push([`filter_index_gzip_kb (${name})`, String(f.board.filter_index_gzip_kb), `/${BOARD_INDEX_FILE}, fetched only when someone filters or sorts`]);
    searchRows(name, f.search);
    rows.push(...historyRows(name, f.history, RUNS));
  }
  rows.push(['board_gzip_kb (demo)', String(demoWeight.gzipKb), `${demoWeight.rawKb} KB raw`]);
  rows.push(['board_js_gzip_kb', String(demoWeight.jsGzipKb), 'at load: the filter island and the search trigger (budget: 3 KB)']);
  rows.push(['filter_index_gzip_kb (demo)', String(demoWeight.filter_index_gzip_kb), `/${BOARD_INDEX_FILE}`]);
  searchRows('demo', (figures.demo as { search: Awaited<ReturnType<typeof searchFigures>> }).search);
  for (const [page, scores] of Object.entries((figures.demo as { lighthouse: Record<string, Record<string, number>> }).lighthouse)) {
    rows.push([`lighthouse (${page})`, Object.values(scores).join(' / '), 'performance / accessibility / best-practices / seo']);
  }
  printTable(rows, values.quick ? ' (quick)' : '', values.json);
  rmSync(demoDir, { recursive: true, force: true });
});

function printTable(rows: [string, string, string][], note: string, json: string | undefined): void {
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\nportal-roadmap bench, ${figures.date}, Node ${process.version}, ${figures.cpus} CPUs${note}\n`);
  console.log(`${'figure'.padEnd(width)}  ${'value'.padEnd(18)}  detail`);
  for (const [figure, value, detail] of rows) console.log(`${figure.padEnd(width)}  ${value.padEnd(18)}  ${detail}`);
  if (json) writeFileSync(json, `${JSON.stringify(figures, null, 2)}\n`);
}
