/** The rebuild's history step refuses a history dated after the run, instead of recording nothing ever after. */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyCommit, prepareHistory } from '../../../src/publish/history-step.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { writeHistoryFile } from '../../../src/history/read.ts';
import { existsSync, readdirSync } from 'node:fs';
import { recordRun, shownState } from '../../../src/history/record.ts';
import { demoIds, loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { DEMO_WORKSPACE, workspaceIdDigestOf, workspaceOf } from '../../../src/history/workspace.ts';
import { readHistoryFile } from '../../../src/history/read.ts';
import { DEMO_HISTORY_FILE } from '../../../src/config/source.ts';
import type { Snapshot } from '../../../src/snapshot/snapshot-file.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const shown = shownState(demo.issues, demo.projects, parseRoadmapConfig({}).columns);
const ids = await demoIds('src/data/demo/portal.json');
/** A run of the demo, whose history these tests record. */
const demoRun = { workspace: DEMO_WORKSPACE, demoIds: ids };

describe('the history step of a rebuild', () => {
  it('refuses a stored history recorded after this run, naming both dates and the way out, and changes nothing', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'history-step-'));
    const workDir = join(stateDir, 'work');
    mkdirSync(workDir);
    // Written by a runner whose clock was a year ahead.
    await writeHistoryFile(join(stateDir, 'history.json'), recordRun(undefined, shown, '2027-11-24T00:00:00.000Z'));
    const before = readFileSync(join(stateDir, 'history.json'), 'utf8');
    const error = (await prepareHistory({ stateDir, workDir, snapshot: demo, shown, previousShown: undefined, ...demoRun, log: () => {} }).catch((e: unknown) => e)) as Error;
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
    const prepared = await prepareHistory({ stateDir, workDir, snapshot: demo, shown, previousShown: undefined, fresh: true, ...demoRun, log: () => {} });
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
      ...demoRun,
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

  describe('continues only a history of its own workspace', () => {
    // A real workspace: the demo's data under other ids, read from a portal.
    const origin = { kind: 'api' as const, apiUrl: 'https://api.example.com/v1', workspaceId: 'ws_1' };
    const real: Snapshot = {
      ...demo,
      origin,
      issues: demo.issues.map((issue) => ({ ...issue, id: `r-${issue.id}`, projectId: issue.projectId && `r-${issue.projectId}` })),
      projects: demo.projects.map((project) => ({ ...project, id: `r-${project.id}` })),
    };
    const realShown = shownState(real.issues, real.projects, parseRoadmapConfig({}).columns);
    const realRun = { snapshot: real, shown: realShown, previousShown: undefined, workspace: workspaceOf(origin), demoIds: ids };
    const folders = () => {
      const stateDir = mkdtempSync(join(tmpdir(), 'history-step-'));
      const workDir = join(stateDir, 'work');
      const liveSiteDir = join(stateDir, 'dist');
      mkdirSync(workDir);
      mkdirSync(liveSiteDir);
      return { stateDir, workDir, liveSiteDir };
    };
    const namesNoDemoId = (history: { issues: Map<string, unknown>; projects: Map<string, unknown>; left: { issues: Map<string, unknown>; projects: Map<string, unknown> } }) =>
      [history.issues, history.projects, history.left.issues, history.left.projects].flatMap((map) => [...map.keys()]).filter((id) => ids.has(id));

    it("starts a new history over the demo's in the state folder, says why in one line, and keeps the demo's file aside", async () => {
      const dirs = folders();
      const demoHistory = await readHistoryFile(DEMO_HISTORY_FILE);
      await writeHistoryFile(join(dirs.stateDir, 'history.json'), demoHistory);
      const lines: string[] = [];
      const prepared = await prepareHistory({ ...dirs, ...realRun, log: (line) => lines.push(line) });
      expect(prepared.history.startedAt).toBe(real.fetchedAt);
      expect(prepared.history.workspace).toBe(workspaceOf(origin));
      expect(namesNoDemoId(prepared.history)).toEqual([]);
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^The history .*history\.json is the bundled demo's made-up one, not this workspace's: starting a new history \(the old file is kept as history\.json\.replaced-.+\)$/,
        ),
      );
      await historyCommit(prepared.keep).commit();
      expect(namesNoDemoId(await readHistoryFile(join(dirs.stateDir, 'history.json')))).toEqual([]);
      expect(readdirSync(dirs.stateDir).filter((name) => name.startsWith('history.json.replaced-'))).toHaveLength(1);
    });

    it("starts a new history over the demo's of an older version in the live site's folder, told by the demo's ids", async () => {
      const dirs = folders();
      const { workspace: _, ...olderDemoHistory } = await readHistoryFile(DEMO_HISTORY_FILE);
      await writeHistoryFile(join(dirs.liveSiteDir, 'history.json'), olderDemoHistory);
      const prepared = await prepareHistory({ ...dirs, ...realRun, log: () => {} });
      expect(prepared.history.startedAt).toBe(real.fetchedAt);
      expect(namesNoDemoId(prepared.history)).toEqual([]);
    });

    it('continues a real history of an older version, which records no workspace, and records it from now on', async () => {
      const dirs = folders();
      const earlier = '2026-01-01T00:00:00.000Z';
      await writeHistoryFile(join(dirs.stateDir, 'history.json'), recordRun(undefined, realShown, earlier));
      const prepared = await prepareHistory({ ...dirs, ...realRun, log: () => {} });
      expect(prepared.history.startedAt).toBe(earlier);
      expect(prepared.history.workspace).toBe(workspaceOf(origin));
      // The same portal written another way is the same workspace.
      expect(workspaceOf({ ...origin, apiUrl: 'https://API.example.com:443/v1/' })).toBe(workspaceOf(origin));
    });

    it("stops on another workspace's history with one line naming --fresh-history, changing nothing", async () => {
      const dirs = folders();
      const other = { ...recordRun(undefined, realShown, '2026-01-01T00:00:00.000Z'), workspace: workspaceOf({ ...origin, workspaceId: 'ws_2' }) };
      await writeHistoryFile(join(dirs.stateDir, 'history.json'), other);
      const before = readFileSync(join(dirs.stateDir, 'history.json'), 'utf8');
      const error = (await prepareHistory({ ...dirs, ...realRun, log: () => {} }).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(
        /^The history .*history\.json is another workspace's, not that of workspace "ws_1" of https:\/\/api\.example\.com\/v1; nothing was changed\. .*--fresh-history/,
      );
      expect(error.message).not.toContain('\n');
      expect(readFileSync(join(dirs.stateDir, 'history.json'), 'utf8')).toBe(before);
      expect(existsSync(join(dirs.workDir, 'history.json'))).toBe(false);
    });

    describe('read at another portal address', () => {
      const earlier = '2026-01-01T00:00:00.000Z';
      const oldOrigin = { ...origin, apiUrl: 'http://old-api.example.com:8080/v1' };
      /** A history this version recorded at the old address: its workspace, and its id's digest. */
      const recordedAt = (at: typeof origin) => ({ ...recordRun(undefined, realShown, earlier), workspace: workspaceOf(at), workspaceIdDigest: workspaceIdDigestOf(at) });

      it('continues the history of the same workspace id, with one warning naming both addresses, and records the new one from now on', async () => {
        const dirs = folders();
        await writeHistoryFile(join(dirs.stateDir, 'history.json'), recordedAt(oldOrigin));
        const lines: string[] = [];
        // The last published snapshot, read at the old address, names it.
        const prepared = await prepareHistory({ ...dirs, ...realRun, previousSnapshot: { ...real, origin: oldOrigin }, log: (line) => lines.push(line) });
        expect(prepared.history.startedAt).toBe(earlier);
        expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
          `warning: the portal's address changed: the history ${join(dirs.stateDir, 'history.json')} was recorded at http://old-api.example.com:8080/v1, ` +
            'this run reads https://api.example.com/v1; it is workspace "ws_1" at both, so its history goes on here',
        ]);
        expect(prepared.history.workspace).toBe(workspaceOf(origin));
        expect(prepared.history.workspaceIdDigest).toBe(workspaceIdDigestOf(origin));
        expect(prepared.history.workspace).not.toBe(workspaceOf(oldOrigin));
      });

      it("continues the live site's, recorded at an address no file of this run names, saying so", async () => {
        const dirs = folders();
        await writeHistoryFile(join(dirs.liveSiteDir, 'history.json'), recordedAt(oldOrigin));
        const lines: string[] = [];
        const prepared = await prepareHistory({ ...dirs, ...realRun, log: (line) => lines.push(line) });
        expect(prepared.history.startedAt).toBe(earlier);
        expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
          `warning: the portal's address changed: the history ${join(dirs.liveSiteDir, 'history.json')} was recorded at another address (the history keeps only a digest of it), ` +
            'this run reads https://api.example.com/v1; it is workspace "ws_1" at both, so its history goes on here',
        ]);
      });

      it('continues one of an older version, which records no id of its own, when the last published snapshot is of this workspace id at that address', async () => {
        const dirs = folders();
        const { workspaceIdDigest: _, ...older } = recordedAt(oldOrigin);
        await writeHistoryFile(join(dirs.stateDir, 'history.json'), older);
        const lines: string[] = [];
        const prepared = await prepareHistory({ ...dirs, ...realRun, previousSnapshot: { ...real, origin: oldOrigin }, log: (line) => lines.push(line) });
        expect(prepared.history.startedAt).toBe(earlier);
        expect(lines.filter((line) => line.startsWith('warning:'))).toHaveLength(1);
        // Without that snapshot nothing tells it from another workspace's.
        const alone = folders();
        await writeHistoryFile(join(alone.stateDir, 'history.json'), older);
        await expect(prepareHistory({ ...alone, ...realRun, log: () => {} })).rejects.toThrow(/is another workspace's/);
      });

      it("still refuses another workspace id's history, at this address or another", async () => {
        for (const at of [
          { ...origin, workspaceId: 'ws_2' },
          { ...oldOrigin, workspaceId: 'ws_2' },
        ]) {
          const dirs = folders();
          await writeHistoryFile(join(dirs.stateDir, 'history.json'), recordedAt(at));
          const before = readFileSync(join(dirs.stateDir, 'history.json'), 'utf8');
          const error = (await prepareHistory({ ...dirs, ...realRun, previousSnapshot: { ...real, origin: oldOrigin }, log: () => {} }).catch((e: unknown) => e)) as Error;
          expect(error.message).toMatch(
            /^The history .*history\.json is another workspace's, not that of workspace "ws_1" of https:\/\/api\.example\.com\/v1; nothing was changed\./,
          );
          expect(readFileSync(join(dirs.stateDir, 'history.json'), 'utf8')).toBe(before);
        }
      });
    });

    it("refuses, in a run of the demo, a real workspace's history", async () => {
      const dirs = folders();
      await writeHistoryFile(join(dirs.stateDir, 'history.json'), recordRun(undefined, realShown, '2026-01-01T00:00:00.000Z'));
      const error = (await prepareHistory({ ...dirs, snapshot: demo, shown, previousShown: undefined, ...demoRun, log: () => {} }).catch((e: unknown) => e)) as Error;
      expect(error.message).toMatch(/is another workspace's, not that of the bundled demo/);
    });
  });
});
