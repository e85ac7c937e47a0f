/** The rebuild's history step refuses a history dated after the run, instead of recording nothing ever after. */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareHistory } from '../../src/publish/history-step.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { writeHistoryFile } from '../../src/history/read.ts';
import { recordRun, shownState } from '../../src/history/record.ts';
import { loadDemoSnapshot } from '../../src/snapshot/load.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const shown = shownState(demo.issues, demo.projects, parseRoadmapConfig({}).columns);

describe('the history step of a rebuild', () => {
  it('refuses a stored history recorded after this run, naming both dates and the way out, and changes nothing', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-step-'));
    const workDir = join(stateDir, 'work');
    mkdirSync(workDir);
    // Written by a runner whose clock was a year ahead.
    await writeHistoryFile(join(stateDir, 'history.json'), recordRun(undefined, shown, '2027-11-24T00:00:00.000Z'));
    const before = readFileSync(join(stateDir, 'history.json'), 'utf8');
    const error = (await prepareHistory({ stateDir, workDir, snapshot: demo, shown, previousShown: undefined, log: () => {} }).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      `The history ${join(stateDir, 'history.json')} was recorded up to 2027-11-24T00:00:00.000Z, after this run (${demo.fetchedAt}): a clock was ahead when it was written, or it was edited. ` +
        'Nothing was changed. Run again with --fresh-history to start a new one (the old file is kept beside it), or put back a copy recorded before now.',
    );
    expect(readFileSync(join(stateDir, 'history.json'), 'utf8')).toBe(before);
  });

  it('with --fresh-history starts a new one from this run', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-step-'));
    const workDir = join(stateDir, 'work');
    mkdirSync(workDir);
    await writeHistoryFile(join(stateDir, 'history.json'), recordRun(undefined, shown, '2027-11-24T00:00:00.000Z'));
    const prepared = await prepareHistory({ stateDir, workDir, snapshot: demo, shown, previousShown: undefined, fresh: true, log: () => {} });
    expect(prepared.history.recordedAt).toBe(demo.fetchedAt);
  });

  it('re-files what the config moved to another column, with no move in the changes or the history, and says how many', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-step-'));
    const workDir = join(stateDir, 'work');
    mkdirSync(workDir);
    const earlier = '2026-01-01T00:00:00.000Z';
    await writeHistoryFile(join(stateDir, 'history.json'), recordRun(undefined, shown, earlier));
    // The same snapshot, published before; now "In Progress" is filed under Shipped.
    const columns = parseRoadmapConfig({
      columns: [
        { id: 'planned', statuses: ['Todo'] },
        { id: 'done', statuses: ['Done', 'In Progress'] },
      ],
    }).columns;
    const refiledShown = shownState(demo.issues, demo.projects, columns);
    const inProgress = demo.issues.filter((issue) => issue.status === 'In Progress').map((issue) => issue.id);
    const lines: string[] = [];
    const prepared = await prepareHistory({
      stateDir,
      workDir,
      snapshot: demo,
      shown: refiledShown,
      previousShown: shown,
      previousSnapshot: demo,
      log: (line) => lines.push(line),
    });
    expect(prepared.changes.issues.moved).toEqual([]);
    for (const id of inProgress) expect(prepared.history.issues.get(id)!.events).toEqual([{ at: earlier, kind: 'seen', column: 'done', atLeast: true }]);
    // Every issue shown before and now in another column (In Review and the backlog statuses get columns of their own too).
    const moved = demo.issues.filter(
      (issue) => shown.issues.has(issue.id) && refiledShown.issues.has(issue.id) && shown.issues.get(issue.id)!.column !== refiledShown.issues.get(issue.id)!.column,
    );
    expect(moved.length).toBeGreaterThan(inProgress.length);
    expect(lines).toContain(`History: ${moved.length} issues in another column only because the config's columns changed, re-filed without a move`);
  });
});
