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
 *   board_js_gzip_kb        the board's JavaScript, gzipped
 *   lighthouse              Lighthouse category scores of the demo board, an issue and a project page
 *   history_mb              the history after a year of runs every 30 minutes (simulated through recordRun), and if every count changed daily
 *   history_build_ratio     a build with that year of history (tombstones, timelines) / the same snapshot with no history
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
import { writeHistoryFile } from '../src/history/read.ts';
import { serializeHistory } from '../src/history/schema.ts';
import { expectedYear, simulateYear } from '../test/support/history-year.ts';
import { startFakePortal } from '../test/support/fake-portal.ts';
import { serveStatic } from '../test/support/static-server.ts';
import { syntheticWorkspace } from '../test/support/synthetic.ts';
import { createFloorProject } from './bench/floor.ts';
import { median, round } from './bench/stats.ts';
import { pageWeight } from './bench/weight.ts';

const ROOT = process.cwd();
const ASTRO = astroBin(ROOT);
const SITE = 'https://roadmap.example.com';
const RUNS = 3;

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
  const weight = pageWeight(outDir, 'index.html');
  return { pages, ours_ms: round(median(ours), 0), floor_ms: round(median(floor), 0), build_ratio: round(median(ours) / median(floor)), peak_rss_mb: peak, floor_peak_rss_mb: floorPeak, board: weight, outDir };
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

/** Statuses that land in each default column, for a snapshot matching a simulated year. */
const STATUS_OF_COLUMN: Record<string, string> = { backlog: 'Backlog', planned: 'Todo', 'in-progress': 'In Progress', done: 'Done' };

/**
 * A year of runs every 30 minutes at this size, through the real recordRun
 * (two runs a day leave the file the size 48 would: test/support/history-year.ts),
 * then the build of the year's last snapshot with that history against the
 * same snapshot with none.
 */
async function measureHistory(size: Size) {
  const cpu = process.cpuUsage();
  const year = simulateYear({ issues: size.issues, projects: size.projects, runsPerDay: 2 });
  const used = process.cpuUsage(cpu);
  const recordMs = (used.user + used.system) / 1000;
  const bytes = serializeHistory(year.history).length;
  const worstBytes = serializeHistory(expectedYear({ issues: size.issues, projects: size.projects, runsPerDay: 1, votesEveryDay: true }).history).length;
  log(`${size.name} history: ${(bytes / 1048576).toFixed(2)} MB after ${year.runs} runs (${(worstBytes / 1048576).toFixed(2)} MB if every count changed daily), recordRun ${Math.round(recordMs / year.runs)} ms a run`);
  // The portal as the year left it: the synthetic workspace's issues with the year's ids, columns and votes.
  const highest = Math.max(...[...year.issues.keys()].map((id) => Number(id.slice('issue-'.length))));
  const workspace = syntheticWorkspace({ issues: highest, projects: size.projects });
  const issues = workspace.issues.flatMap((issue) => {
    const shown = year.issues.get(issue.id);
    return shown ? [{ ...issue, status: STATUS_OF_COLUMN[shown.column]!, upvotes: shown.upvotes }] : [];
  });
  const projects = workspace.projects.map((project) => {
    const shown = year.projects.get(project.id)!;
    return { ...project, state: shown.state, progress: shown.progress / 100 };
  });
  const snapshot = createSnapshot(
    { issues: ApiIssueListSchema.parse(issues), projects: projects.map((p) => ApiProjectSchema.parse(p)), missingProjectIds: [] },
    { kind: 'demo' },
    new Date(year.history.recordedAt),
  );
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  const snapshotFile = join(dir, 'snapshot.json');
  const historyFile = join(dir, 'history.json');
  await writeSnapshotFile(snapshotFile, snapshot);
  await writeHistoryFile(historyFile, year.history);
  const times = { with: [] as number[], without: [] as number[] };
  const pages = { with: 0, without: 0 };
  for (let run = 0; run < RUNS; run++) {
    for (const kind of ['without', 'with'] as const) {
      const outDir = mkdtempSync(join(tmpdir(), `bench-history-${kind}-`));
      const result = await build({ ...baseEnv, ROADMAP_SNAPSHOT: snapshotFile, ...(kind === 'with' ? { ROADMAP_HISTORY: historyFile } : {}) }, outDir);
      times[kind].push(result.ms);
      pages[kind] = countPages(outDir);
      rmSync(outDir, { recursive: true, force: true });
      log(`${size.name} build ${kind} history ${run + 1}/${RUNS}: ${Math.round(result.ms)} ms, ${pages[kind]} pages`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return {
    runs: year.runs,
    history_mb: round(bytes / 1048576, 2),
    history_worst_mb: round(worstBytes / 1048576, 2),
    record_ms_per_run: round(recordMs / year.runs, 1),
    tombstones: year.history.left.issues.size + year.history.left.projects.size,
    with_ms: round(median(times.with), 0),
    without_ms: round(median(times.without), 0),
    history_build_ratio: round(median(times.with) / median(times.without)),
    pages_with: pages.with,
    pages_without: pages.without,
  };
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
  const historyOnly = values['history-only'];
  // The demo: weight and Lighthouse.
  const demoDir = mkdtempSync(join(tmpdir(), 'bench-demo-'));
  if (!historyOnly) {
    await build(baseEnv, demoDir);
    figures.demo = { board: pageWeight(demoDir, 'index.html'), lighthouse: await lighthouse(demoDir) };
  }

  for (const size of sizes) {
    log(`workspace ${size.name}: ${size.issues} issues, ${size.projects} projects`);
    if (historyOnly) {
      (figures.sizes as Record<string, unknown>)[size.name] = { issues: size.issues, projects: size.projects, history: await measureHistory(size) };
      continue;
    }
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
    const history = await measureHistory(size);
    (figures.sizes as Record<string, unknown>)[size.name] = { issues: size.issues, projects: size.projects, ...buildFigures, fetch, rebuild, history };
  }

  // The table.
  const rows: [string, string, string][] = [];
  const sizeFigures = figures.sizes as Record<string, { build_ratio: number; ours_ms: number; floor_ms: number; pages: number; peak_rss_mb: number; floor_peak_rss_mb: number; board: { gzipKb: number; jsGzipKb: number }; fetch: { fetch_ratio: number | null; fetch_ms: number; floor_ms: number; requests: number; limit: string; rate_limited_responses: number; max_429_per_window: number }; rebuild: { nochange_ratio: number; nochange_ms: number; full_ms: number }; history: Awaited<ReturnType<typeof measureHistory>> }>;
  for (const [name, f] of Object.entries(sizeFigures)) {
    const h = f.history;
    rows.push([`history_mb (${name})`, String(h.history_mb), `after a year (${h.runs} recorded runs, ${h.record_ms_per_run} ms each); ${h.history_worst_mb} MB if every count changed daily`]);
    rows.push([`history_build_ratio (${name})`, String(h.history_build_ratio), `${h.with_ms} ms with the year's history (${h.pages_with} pages, ${h.tombstones} tombstones) vs ${h.without_ms} ms without (${h.pages_without}), median of ${RUNS}`]);
    if (historyOnly) continue;
    rows.push([`build_ratio (${name})`, String(f.build_ratio), `${f.ours_ms} ms vs ${f.floor_ms} ms bare Astro, ${f.pages} pages, median of ${RUNS}`]);
    rows.push([`fetch_ratio (${name})`, String(f.fetch.fetch_ratio), `${f.fetch.fetch_ms} ms vs ${f.fetch.floor_ms} ms floor, ${f.fetch.requests} requests at ${f.fetch.limit}`]);
    rows.push([`rate_limited_responses (${name})`, String(f.fetch.rate_limited_responses), `at most ${f.fetch.max_429_per_window} in one window`]);
    rows.push([`nochange_ratio (${name})`, String(f.rebuild.nochange_ratio), `${f.rebuild.nochange_ms} ms vs ${f.rebuild.full_ms} ms full rebuild`]);
    rows.push([`peak_rss_mb (${name})`, String(f.peak_rss_mb), `bare Astro: ${f.floor_peak_rss_mb}`]);
    rows.push([`board_gzip_kb (${name})`, String(f.board.gzipKb), 'HTML + CSS + JS']);
  }
  if (figures.demo) {
    const demo = figures.demo as { board: ReturnType<typeof pageWeight>; lighthouse: Record<string, Record<string, number>> };
    rows.push(['board_gzip_kb (demo)', String(demo.board.gzipKb), `${demo.board.rawKb} KB raw`]);
    rows.push(['board_js_gzip_kb', String(demo.board.jsGzipKb), 'the filter island']);
    for (const [page, scores] of Object.entries(demo.lighthouse)) {
      rows.push([`lighthouse (${page})`, Object.values(scores).join(' / '), 'performance / accessibility / best-practices / seo']);
    }
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\nportal-roadmap bench, ${figures.date}, Node ${process.version}, ${figures.cpus} CPUs${values.quick ? ' (quick)' : ''}${historyOnly ? ' (history only)' : ''}\n`);
  console.log(`${'figure'.padEnd(width)}  ${'value'.padEnd(18)}  detail`);
  for (const [figure, value, detail] of rows) console.log(`${figure.padEnd(width)}  ${value.padEnd(18)}  ${detail}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
  rmSync(demoDir, { recursive: true, force: true });
});
