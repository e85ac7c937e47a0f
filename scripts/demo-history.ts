/**
 * `node scripts/demo-history.ts`: writes `src/data/demo/history.json`, four
 * made-up months of daily rebuilds of the demo workspace, so the demo site
 * shows timelines, upvote trends, a changelog and feeds. Every run goes
 * through the real `recordRun`, and the last one is the demo snapshot itself,
 * so a demo build adds nothing to it. Deterministic: run it again, same file.
 */
import { relative } from 'node:path';
import { runCommand } from '../src/cli/args.ts';
import { loadRoadmapConfig } from '../src/config/roadmap-config.ts';
import { DEMO_DATA_FILE, DEMO_HISTORY_FILE } from '../src/config/source.ts';
import { writeHistoryFile } from '../src/history/read.ts';
import { recordRun, shownState } from '../src/history/record.ts';
import type { History } from '../src/history/schema.ts';
import { DEMO_WORKSPACE } from '../src/history/workspace.ts';
import { loadDemoSnapshot } from '../src/snapshot/load.ts';
import { seeded } from '../test/support/synthetic.ts';

const spec = {
  command: 'node scripts/demo-history.ts',
  summary: `Writes ${relative(process.cwd(), DEMO_HISTORY_FILE)}: a made-up history of the demo workspace, ending at its snapshot.`,
  options: {},
} as const;

const DAYS = 120;
const DAY_MS = 86_400_000;

await runCommand(spec, async () => {
  const root = process.cwd();
  const demo = await loadDemoSnapshot(DEMO_DATA_FILE);
  const { columns } = loadRoadmapConfig(root);
  const random = seeded(13);
  const day = (min: number, max: number) => min + Math.floor(random() * (max - min));
  // Each issue's path to the status it has now: [first day, status] steps; a first day above 0 means it was not there before.
  const paths = new Map<string, [number, string][]>();
  demo.issues.forEach((issue, index) => {
    const status = issue.status;
    const r = random();
    let path: [number, string][] = [[0, status]];
    if (status === 'Done' && r < 0.7)
      path = [
        [0, 'In Progress'],
        [day(8, DAYS), status],
      ];
    else if ((status === 'In Progress' || status === 'In Review') && r < 0.7) {
      const started = day(20, DAYS);
      path =
        r < 0.3
          ? [
              [0, 'Backlog'],
              [day(1, started), 'Todo'],
              [started, status],
            ]
          : [
              [0, 'Todo'],
              [started, status],
            ];
    } else if (status === 'Todo' && r < 0.4)
      path = [
        [0, 'Backlog'],
        [day(5, DAYS), status],
      ];
    else if (status === 'Backlog' && index % 4 === 0) path = [[day(60, DAYS), status]];
    paths.set(issue.id, path);
  });
  // Upvotes grow to today's count along a random walk.
  const growth = new Map(demo.issues.map((issue) => [issue.id, Array.from({ length: DAYS + 1 }, () => random())]));
  const upvotesOn = (id: string, final: number, d: number) => {
    const steps = growth.get(id)!;
    const total = steps.reduce((a, b) => a + b, 0);
    const sofar = steps.slice(0, d + 1).reduce((a, b) => a + b, 0);
    return Math.round(final * (0.55 + 0.45 * (sofar / total)));
  };

  const end = Date.parse(demo.fetchedAt);
  let history: History | undefined;
  for (let d = 0; d <= DAYS; d++) {
    const at = d === DAYS ? demo.fetchedAt : new Date(end - (DAYS - d) * DAY_MS).toISOString();
    const issues = demo.issues.flatMap((issue) => {
      const path = paths.get(issue.id)!;
      if (d < path[0]![0]) return [];
      const status = d === DAYS ? issue.status : path.filter(([from]) => from <= d).at(-1)![1];
      return [{ ...issue, status, upvotes: d === DAYS ? issue.upvotes : upvotesOn(issue.id, issue.upvotes, d) }];
    });
    const projects = demo.projects.map((project) => {
      const share = d / DAYS;
      const progress = d === DAYS ? project.progress : Math.round(project.progress * (0.4 + 0.6 * share));
      const state = project.state === 'completed' && progress < 100 ? 'started' : project.state;
      return { ...project, progress, state };
    });
    history = recordRun(history, shownState(issues, projects, columns), at);
  }
  const file = DEMO_HISTORY_FILE;
  // Marked as the demo's, so that no rebuild of a real workspace continues it (src/history/workspace.ts).
  await writeHistoryFile(file, { ...history!, workspace: DEMO_WORKSPACE });
  console.log(`Wrote ${file}: ${history!.issues.size} issues, ${DAYS + 1} daily runs from ${history!.startedAt} to ${history!.recordedAt}`);
});
