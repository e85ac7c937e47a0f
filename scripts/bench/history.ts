/**
 * The history's bench figures (issue 13): its size after a simulated year of
 * runs every 30 minutes, through the real `recordRun` (two runs a day leave the
 * file the size 48 would: test/support/history-year.ts), and the build time it
 * adds: the year's last snapshot built with that history against the same
 * snapshot with none.
 *   history_mb             the history after a year, and if every count changed daily
 *   history_build_ratio    a build with that year of history (tombstones, timelines) / with no history
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHistoryFile } from '../../src/history/read.ts';
import { serializeHistory } from '../../src/history/schema.ts';
import { ApiIssueListSchema, ApiProjectSchema } from '../../src/portal/api-schemas.ts';
import { createSnapshot, writeSnapshotFile } from '../../src/snapshot/snapshot-file.ts';
import { expectedYear, simulateYear } from '../../test/support/history-year.ts';
import { syntheticWorkspace } from '../../test/support/synthetic.ts';
import { median, round } from './stats.ts';

/** Statuses that land in each default column, for a snapshot matching a simulated year. */
const STATUS_OF_COLUMN: Record<string, string> = { backlog: 'Backlog', planned: 'Todo', 'in-progress': 'In Progress', done: 'Done' };

export interface HistoryBench {
  /** An `astro build` with `env` into `outDir`, timed. */
  build: (env: NodeJS.ProcessEnv, outDir: string) => Promise<{ ms: number }>;
  countPages: (dir: string) => number;
  baseEnv: NodeJS.ProcessEnv;
  runs: number;
  log: (line: string) => void;
}

export type HistoryFigures = Awaited<ReturnType<typeof measureHistory>>;

export async function measureHistory(size: { name: string; issues: number; projects: number }, bench: HistoryBench) {
  const cpu = process.cpuUsage();
  const year = simulateYear({ issues: size.issues, projects: size.projects, runsPerDay: 2 });
  const used = process.cpuUsage(cpu);
  const recordMs = (used.user + used.system) / 1000;
  const bytes = serializeHistory(year.history).length;
  const worstBytes = serializeHistory(expectedYear({ issues: size.issues, projects: size.projects, runsPerDay: 1, votesEveryDay: true }).history).length;
  bench.log(
    `${size.name} history: ${(bytes / 1048576).toFixed(2)} MB after ${year.runs} runs (${(worstBytes / 1048576).toFixed(2)} MB if every count changed daily), recordRun ${Math.round(recordMs / year.runs)} ms a run`,
  );
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
  for (let run = 0; run < bench.runs; run++) {
    for (const kind of ['without', 'with'] as const) {
      const outDir = mkdtempSync(join(tmpdir(), `bench-history-${kind}-`));
      const result = await bench.build({ ...bench.baseEnv, ROADMAP_SNAPSHOT: snapshotFile, ...(kind === 'with' ? { ROADMAP_HISTORY: historyFile } : {}) }, outDir);
      times[kind].push(result.ms);
      pages[kind] = bench.countPages(outDir);
      rmSync(outDir, { recursive: true, force: true });
      bench.log(`${size.name} build ${kind} history ${run + 1}/${bench.runs}: ${Math.round(result.ms)} ms, ${pages[kind]} pages`);
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

/** The table rows of one size's history figures. */
export function historyRows(name: string, h: HistoryFigures, runs: number): [string, string, string][] {
  return [
    [`history_mb (${name})`, String(h.history_mb), `after a year (${h.runs} recorded runs, ${h.record_ms_per_run} ms each); ${h.history_worst_mb} MB if every count changed daily`],
    [
      `history_build_ratio (${name})`,
      String(h.history_build_ratio),
      `${h.with_ms} ms with the year's history (${h.pages_with} pages, ${h.tombstones} tombstones) vs ${h.without_ms} ms without (${h.pages_without}), median of ${runs}`,
    ],
  ];
}
