/** `npm run bench` once its options are read (scripts/bench.ts has the figures and their meaning). */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../src/cli/args.ts';
import { defaultBuildConcurrency } from '../../src/config/settings.ts';
import { BOARD_INDEX_FILE } from '../../src/exports/board-index.ts';
import { ApiIssueListSchema, ApiProjectSchema } from '../../src/portal/api-schemas.ts';
import { DOCUMENTED_READ_LIMITS } from '../../src/portal/pacer.ts';
import { runNode } from '../../src/publish/run-node.ts';
import { createSnapshot, dataDigest, writeSnapshotFile } from '../../src/snapshot/snapshot-file.ts';
import { serveStatic } from '../../test/support/static-server.ts';
import { syntheticWorkspace } from '../../test/support/synthetic.ts';
import { boardWeight, build, countPages, freshDirs, measureBuild } from './builds.ts';
import { baseEnv, log, ROOT, type Size } from './context.ts';
import { measureFetch } from './fetch.ts';
import { measureRebuild } from './rebuild.ts';
import { historyRows, measureHistory, type HistoryFigures } from './history.ts';
import { median, ratioFigure, round, type RatioFigure } from './stats.ts';
import { searchFigures } from './search.ts';

/** The options of `npm run bench` (scripts/bench.ts). */
export interface BenchValues {
  quick: boolean;
  rounds?: string | undefined;
  concurrency?: string | undefined;
  json?: string | undefined;
  'history-only': boolean;
  'rebuild-only': boolean;
}

/**
 * The fetch at 10,000 issues reads under the documented limits (1000 a minute, 333 in any 10 s: 601 requests take
 * at least 10 s); at 1,000 issues its 61 requests would fit one burst, so the fake portal allows a tenth of the
 * documented rate there (100 a minute, 33 in any 10 s) and the fetch has a floor to be measured against.
 */
const SIZES: Size[] = [
  { name: '1k', issues: 1_000, projects: 50, readsPerMinute: 100 },
  { name: '10k', issues: 10_000, projects: 500, readsPerMinute: DOCUMENTED_READ_LIMITS.perMinute },
];

const figures: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, sizes: {} };

/** The snapshot with one issue's description changed: what the next scheduled build after one edit sees. */
function withOneChange(snapshot: ReturnType<typeof createSnapshot>): ReturnType<typeof createSnapshot> {
  const [first, ...rest] = snapshot.issues;
  const issues = [{ ...first!, description: `${first!.description ?? ''}\n\nEdited: one more line.` }, ...rest];
  return { ...snapshot, issues, digest: dataDigest(issues, snapshot.projects) };
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
  const rounds = Number(values.rounds ?? (values.quick ? 3 : 5));
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
  if (values['rebuild-only']) {
    const rows: [string, string, string][] = [];
    for (const size of sizes) {
      const workspace = syntheticWorkspace({ issues: size.issues, projects: size.projects });
      const runs: Awaited<ReturnType<typeof measureRebuild>>[] = [];
      for (let run = 0; run < rounds; run++) runs.push(await measureRebuild(size, workspace, { timeline: size.name === '10k' }));
      (figures.sizes as Record<string, unknown>)[size.name] = { issues: size.issues, projects: size.projects, rebuild: runs };
      rows.push(...rebuildRows(size.name, runs));
    }
    printTable(rows, `${values.quick ? ' (quick)' : ''} (rebuild only)`, values.json);
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
    const { outDir, ...buildFigures } = await measureBuild(size, join(snapshotDir, 'snapshot.json'), join(snapshotDir, 'changed.json'), { rounds, concurrency });
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
      } = await measureBuild(size, join(snapshotDir, 'snapshot.json'), join(snapshotDir, 'changed.json'), {
        rounds,
        concurrency,
        locales: ['en', 'de'],
        extraEnv: { ROADMAP_CONFIG: configFile },
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
    rows.push(...buildRatioRows(name, f, rounds, concurrency));
    rows.push([
      `warm_change_ratio (${name})`,
      String(f.warm_change_ratio.median),
      `spread ${spread(f.warm_change_ratio)}; median ${f.warm_change_ms} ms after one description changed, description cache, Astro's cache folder and unchanged issue, project, column, team and changelog pages kept; in CPU seconds ${f.warm_change_cpu_ratio.median} (${f.warm_change_cpu_ratio.min}–${f.warm_change_cpu_ratio.max})`,
    ]);
    rows.push([
      `fetch_ratio (${name})`,
      String(f.fetch.fetch_ratio),
      `${f.fetch.fetch_ms} ms (the last request at ${f.fetch.last_request_ms} ms) vs ${f.fetch.floor_ms} ms, the least ${f.fetch.requests} requests take at ${f.fetch.limit}; load ${f.fetch.load}`,
    ]);
    rows.push([
      `rate_limited_responses (${name})`,
      String(f.fetch.rate_limited_responses),
      `the portal counted at most ${f.fetch.most_in_burst_window} requests in any 10 s, ${f.fetch.most_in_minute} in any minute`,
    ]);
    rows.push([
      `nochange_ratio (${name})`,
      String(f.rebuild.nochange_ratio),
      `${f.rebuild.nochange_ms} ms vs ${f.rebuild.full_ms} ms full rebuild, both fetching at the documented limits`,
    ]);
    rows.push([
      `peak_rss_mb (${name})`,
      `${f.peak_rss_mb.median} (max ${f.peak_rss_mb.max})`,
      `the cold build's process; bare Astro: ${f.floor_peak_rss_mb.median} (max ${f.floor_peak_rss_mb.max}), the fair floor: ${f.fair_floor_peak_rss_mb.median} (max ${f.fair_floor_peak_rss_mb.max})`,
    ]);
    rows.push([
      `rebuild_peak_rss_mb (${name})`,
      String(f.rebuild.rebuild_peak_rss_mb),
      `\`portal-roadmap rebuild --force\`, fetch and build: every process of it summed (the CLI, astro build, Pagefind); load ${f.rebuild.load}`,
    ]);
    rows.push([`output (${name})`, `${f.output.files} files`, `${f.output.mb} MB, search index included`]);
    if (f.two_languages) {
      const two = f.two_languages;
      rows.push(...buildRatioRows(`${name}, 2 languages`, two, rounds, concurrency));
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

/** The rows of `--rebuild-only`: `nochange_ratio` and `rebuild_peak_rss_mb` over its runs, with their CPU seconds and load. */
function rebuildRows(name: string, runs: readonly Awaited<ReturnType<typeof measureRebuild>>[]): [string, string, string][] {
  const ratio = ratioFigure(
    runs.map((r) => r.nochange_ratio),
    3,
  );
  const cpu = ratioFigure(
    runs.map((r) => r.nochange_cpu_ratio ?? Number.NaN),
    3,
  );
  const peaks = runs.map((r) => r.rebuild_peak_rss_mb ?? Number.NaN);
  const load = `load ${Math.min(...runs.map((r) => r.load))}–${Math.max(...runs.map((r) => r.load))}`;
  return [
    [
      `nochange_ratio (${name})`,
      String(ratio.median),
      `${ratio.min}–${ratio.max} over ${runs.length} runs; unchanged ${runs.map((r) => r.nochange_ms).join(', ')} ms vs full ${runs.map((r) => r.full_ms).join(', ')} ms; ` +
        `in CPU seconds ${cpu.median} (${cpu.min}–${cpu.max}: ${runs.map((r) => r.nochange_cpu_s).join(', ')} s vs ${runs.map((r) => r.full_cpu_s).join(', ')} s); ${load}`,
    ],
    [
      `rebuild_peak_rss_mb (${name})`,
      `${median(peaks)} (max ${Math.max(...peaks)})`,
      `every process of the full rebuild summed, each run: ${runs.map((r) => `${r.rebuild_peak_rss_mb} (${r.rebuild_peak_parts.map((p) => `${p.name.split(' ')[0]} ${p.mb}`).join(', ')})`).join('; ')}`,
    ],
  ];
}

/** The rows of `build_ratio` and `fair_build_ratio`, each with its spread, medians and the load the rounds ran at. */
function buildRatioRows(name: string, f: Omit<Awaited<ReturnType<typeof measureBuild>>, 'outDir' | 'rounds'>, rounds: number, concurrency: number): [string, string, string][] {
  const spread = (ratio: RatioFigure) => `spread ${ratio.min}–${ratio.max} over ${rounds} rounds`;
  const load = `load ${f.load.min}–${f.load.max}`;
  const ours = f.fair_floor;
  return [
    [
      `build_ratio (${name})`,
      String(f.build_ratio.median),
      `${spread(f.build_ratio)}; medians ${f.ours_ms} ms (empty description cache) vs ${f.floor_ms} ms bare Astro of ${f.pages} trivial pages, concurrency ${concurrency}; ${load}`,
    ],
    [
      `fair_build_ratio (${name})`,
      String(f.fair_build_ratio.median),
      `${spread(f.fair_build_ratio)}; medians ${f.cached_ms} ms (description cache kept) vs ${f.fair_floor_ms} ms fair floor: ${f.pages} pages of ${ours.medianBytes} B, CSP, sitemap, ` +
        `Pagefind over ${ours.searchablePages} pages of our searchable text (${Math.round(ours.searchableBytes / 1024)} KB)${ours.search_index_as_ours ? ', its index the same as ours' : ', its index NOT the same as ours'}; ` +
        `in CPU seconds ${f.fair_build_cpu_ratio.median} (${f.fair_build_cpu_ratio.min}–${f.fair_build_cpu_ratio.max})`,
    ],
  ];
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
