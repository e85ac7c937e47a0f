/**
 * Rebuilds over a sequence of portal states, for the `history` fixture
 * (test/support/fixtures.ts) and its checks (test/integration/history.test.ts):
 * 1. the first publish: no state, and the live site answers 404 for /history.json;
 * 2. a move, a ship, a new issue, a completed project, an issue hidden in the
 *    portal and one moved to a hidden column (both with marker titles);
 * 3. the hidden issue comes back;
 * 4. the state folder is lost: a small change, published with the history
 *    recovered from the served site.
 * Each run is the real `rebuild()` with the stand-in build
 * (test/support/fake-build.ts): the pages are not what these runs check. The
 * fixture then builds the real site once, from the last run's published
 * snapshot and history. Dates are fixed, so the fixture's cache key is stable.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportLines, reportMarkdown } from '../../src/publish/change-report.ts';
import { rebuild } from '../../src/publish/rebuild.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { ApiIssueListSchema, ApiProjectSchema } from '../../src/portal/api-schemas.ts';
import { createSnapshot, writeSnapshotFile } from '../../src/snapshot/snapshot-file.ts';
import { fakeBuild } from './fake-build.ts';
import { serveStatic } from './static-server.ts';
import { syntheticWorkspace } from './synthetic.ts';

export const HIDDEN_TITLE = 'UNPUBLISHED-HIDDEN-3b9f: a title someone took back';
export const CANCELED_TITLE = 'UNPUBLISHED-CANCELED-77c1: words of a canceled issue';
/** Both marker titles start with this: it must appear nowhere the public can read. */
export const UNPUBLISHED_MARKER = 'UNPUBLISHED-';
/** Each run's snapshot date: two days apart, all within the recent-changes page's 7 days of the last. */
export const RUN_DATES = ['2026-11-10T09:00:00.000Z', '2026-11-12T09:00:00.000Z', '2026-11-14T09:00:00.000Z', '2026-11-15T09:00:00.000Z'] as const;

type RawIssue = ReturnType<typeof syntheticWorkspace>['issues'][number];
type RawProject = ReturnType<typeof syntheticWorkspace>['projects'][number];

const base = syntheticWorkspace({ issues: 10, projects: 2, seed: 5 });
const [started, shipped, hidden, canceled, shippedBefore, later, ...rest] = base.issues.map((issue, index) => ({
  ...issue,
  status: ['Todo', 'In Progress', 'Todo', 'Backlog', 'Done', 'Backlog'][index] ?? 'Backlog',
  title: index === 2 ? HIDDEN_TITLE : index === 3 ? CANCELED_TITLE : issue.title,
})) as RawIssue[];
const newcomer: RawIssue = { ...rest[0]!, id: 'issue-new-000', identifier: 'SYN-NEW', title: 'A newcomer to the board', status: 'Backlog' };
const [project, otherProject] = base.projects.map((p) => ({ ...p, state: 'started', progress: 0.5 })) as RawProject[];
const completedProject = { ...project!, state: 'completed', progress: 1 };

/** The issues and projects the checks name. */
export const SEQUENCE = { started: started!, shipped: shipped!, hidden: hidden!, canceled: canceled!, shippedBefore: shippedBefore!, later: later!, newcomer, completedProject };

const state1 = { issues: [started!, shipped!, hidden!, canceled!, shippedBefore!, later!, ...rest], projects: [project!, otherProject!] };
const changed = [
  { ...started!, status: 'In Progress' },
  { ...shipped!, status: 'Done' },
  { ...hidden!, isVisible: false },
  { ...canceled!, status: 'Canceled' },
  shippedBefore!,
  later!,
  ...rest,
  newcomer,
];
const state2 = { issues: changed, projects: [completedProject, otherProject!] };
const state3 = { issues: changed.map((i) => (i.id === hidden!.id ? { ...hidden!, isVisible: true } : i)), projects: state2.projects };
const state4 = { issues: state3.issues.map((i) => (i.id === later!.id ? { ...later!, status: 'Todo' } : i)), projects: state2.projects };
export const SEQUENCE_STATES = [state1, state2, state3, state4];

export interface SequenceRun {
  /** What `rebuild()` logged (the CLI prints it to stderr). */
  log: string[];
  /** The report as the CLI prints it to stdout, and as the step summary. */
  lines: string[];
  summary: string;
}

/** Where a run's output and state are kept: `runs/{n}/dist`, `runs/{n}/state` (n from 1). */
export const runDir = (dir: string, run: number, what: 'dist' | 'state') => join(dir, 'runs', String(run), what);
export const RUNS_FILE = 'runs.json';

/**
 * The four runs into `dir/dist` and `dir/state`, each run's output and state
 * copied to `runs/{n}/`, their logs and reports to `runs.json`. The live site
 * is a copy of each run's `dir/dist` served over HTTP, and the fourth run starts
 * with neither the state nor `dist` (a fresh CI runner), so the lost state is
 * recovered through the real fetch of `/history.json`.
 */
export async function runHistorySequence(dir: string): Promise<SequenceRun[]> {
  const { columns, privacy } = parseRoadmapConfig({});
  const fingerprint = { config: 'sha256:config', renderVersion: 'test', packageVersion: 'test', publicAssets: 'sha256:public', customCss: 'none', siteSource: 'sha256:source' };
  // The host: each publish is deployed to `live/`, which is served, as GitHub Pages serves what a CI run uploads.
  mkdirSync(join(dir, 'live'), { recursive: true });
  const site = await serveStatic(join(dir, 'live'));
  const runs: SequenceRun[] = [];
  try {
    for (const [index, state] of SEQUENCE_STATES.entries()) {
      // A fresh CI runner whose cache was evicted: no state, and no output of the last run on its disk.
      if (index === 3) for (const lost of ['state', 'dist']) rmSync(join(dir, lost), { recursive: true });
      const source = join(dir, `portal-${index + 1}.json`);
      const raw = { issues: ApiIssueListSchema.parse(state.issues), projects: state.projects.map((p) => ApiProjectSchema.parse(p)), missingProjectIds: [] };
      await writeSnapshotFile(source, createSnapshot(raw, { kind: 'api', apiUrl: 'https://portal.test/api/v1', workspaceId: 'ws-history' }, new Date(RUN_DATES[index]!)));
      const log: string[] = [];
      const result = await rebuild({
        source: { kind: 'snapshot', file: source },
        outDir: join(dir, 'dist'),
        stateDir: join(dir, 'state'),
        columns,
        privacy,
        fingerprint,
        build: fakeBuild(columns),
        site: `${site.url}/`,
        log: (line) => log.push(line),
      });
      runs.push({ log: [...log, result.summary], lines: reportLines(result.report), summary: reportMarkdown(result.report) });
      rmSync(join(dir, 'live'), { recursive: true, force: true });
      cpSync(join(dir, 'dist'), join(dir, 'live'), { recursive: true });
      cpSync(join(dir, 'dist'), runDir(dir, index + 1, 'dist'), { recursive: true });
      cpSync(join(dir, 'state'), runDir(dir, index + 1, 'state'), { recursive: true });
    }
  } finally {
    await site.close();
  }
  writeFileSync(join(dir, RUNS_FILE), JSON.stringify({ site: 'served from dist/ on a port of the moment', runs }));
  return runs;
}
