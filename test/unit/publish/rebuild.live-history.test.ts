/**
 * Where a rebuild gets the history it continues, and what it refuses (docs/scheduled-rebuilds.md, "The history"):
 * a malformed history from any place is one error naming it; only a 404 at both of the live site's addresses starts
 * afresh; the project states a live history carries are checked; the same workspace at another portal address keeps
 * its history; a mounted roadmap's live history is below its prefix; another workspace's published snapshot is not
 * compared with. The real `rebuild()` with the stand-in build, and the live site's answers from undici's MockAgent.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteOptions } from '../../../src/cli/rebuild-action.ts';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { resolveSettings } from '../../../src/config/settings.ts';
import { fetchPublishedHistory, HistoryError, readHistoryFile } from '../../../src/history/read.ts';
import { serializeHistory, type History } from '../../../src/history/schema.ts';
import type { Fingerprint } from '../../../src/fingerprint/fingerprint.ts';
import { rebuild, type RebuildOptions } from '../../../src/publish/rebuild.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { dataDigest, writeSnapshotFile, type Snapshot } from '../../../src/snapshot/snapshot-file.ts';
import { fakeBuild } from '../../support/fake-build.ts';
import { treeHash } from '../../support/tree-hash.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const { columns, privacy } = parseRoadmapConfig({});
const fingerprint: Omit<Fingerprint, 'data'> = { config: 'c', renderVersion: 'r', packageVersion: 'p', publicAssets: 'a', customCss: 'none', siteSource: 's' };
const API = 'https://api.acme.test/v1';
const SITE = 'https://roadmap.acme.test/';

/** The demo's data as a real workspace's: other ids, read from `apiUrl`; `count` issues of those not canceled, at `fetchedAt`. */
function workspace({
  apiUrl = API,
  workspaceId = 'ws_1',
  fetchedAt = demo.fetchedAt,
  count = 40,
}: { apiUrl?: string; workspaceId?: string; fetchedAt?: string; count?: number } = {}): Snapshot {
  const issues = demo.issues
    .filter((issue) => issue.status !== 'Canceled')
    .slice(0, count)
    .map((issue) => ({ ...issue, id: `r-${issue.id}`, projectId: issue.projectId && `r-${issue.projectId}` }));
  const projects = demo.projects.map((project) => ({ ...project, id: `r-${project.id}` }));
  return { ...demo, origin: { kind: 'api', apiUrl, workspaceId }, fetchedAt, issues, projects, digest: dataDigest(issues, projects) };
}

let dir: string;
let agent: MockAgent;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-live-'));
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(() => agent.close());

const source = () => join(dir, 'source.json');
const setSource = (snapshot: Snapshot) => writeSnapshotFile(source(), snapshot);
/** The live site's answers: what `agent` was told, and nothing from the network. */
const fetchHistory = (siteRoot: string) => fetchPublishedHistory(siteRoot, { dispatcher: agent });
const site = (origin = SITE) => agent.get(new URL(origin).origin);
function run(extra: Partial<RebuildOptions> = {}) {
  return rebuild({
    source: { kind: 'snapshot', file: source() },
    outDir: join(dir, 'dist'),
    stateDir: join(dir, 'state'),
    columns,
    privacy,
    fingerprint,
    build: fakeBuild(columns),
    fetchHistory,
    ...extra,
  });
}
const hashes = () => [treeHash(join(dir, 'dist')), treeHash(join(dir, 'state'))];
const stateHistory = () => readHistoryFile(join(dir, 'state', 'history.json'));
/** The first line of an error: what the CLI prints after `error:`. */
const firstLine = (error: unknown) => (error as Error).message.split('\n')[0]!;
const later = (day: number) => `2026-11-${20 + day}T09:00:00.000Z`;

/** A published history (`serializeHistory`) with the first issue's events emptied. */
const withoutEvents = (history: History) => serializeHistory(history).replace(/"events":\[[^\]]*\]/, '"events":[]');

describe('a history with an issue of no events', () => {
  beforeEach(async () => {
    await setSource(workspace());
    await run();
    await setSource(workspace({ fetchedAt: later(1), count: 39 }));
  });

  it.each([
    ['the state folder', () => join(dir, 'state', 'history.json')],
    ['the live site on this machine', () => join(dir, 'dist', 'history.json')],
    ['the live site', () => `${SITE}history.json`],
  ])('from %s stops the rebuild with one error naming it and --fresh-history, changing nothing', async (_, where) => {
    const history = await stateHistory();
    if (where().startsWith(SITE)) {
      rmSync(join(dir, 'dist', 'history.json'));
      site().intercept({ path: '/history.json' }).reply(200, withoutEvents(history));
    }
    if (!where().startsWith(join(dir, 'state'))) rmSync(join(dir, 'state', 'history.json'));
    if (!where().startsWith(SITE)) writeFileSync(where(), withoutEvents(history));
    const before = hashes();
    const error = await run({ site: SITE }).catch((e: unknown) => e);
    // A HistoryError is printed by the CLI as one `error:` line, without a stack trace.
    expect(error).toBeInstanceOf(HistoryError);
    expect(firstLine(error)).toContain(`${where()} is not a portal-roadmap history`);
    expect(firstLine(error)).toContain('--fresh-history');
    expect(hashes()).toEqual(before);
  });
});

describe('a live site that answers 404 for its history', () => {
  beforeEach(() => setSource(workspace()));

  it('starts a new history only when its own address answers 404 too', async () => {
    site().intercept({ path: '/history.json' }).reply(404, 'Not found');
    site().intercept({ path: '/' }).reply(404, 'Not found');
    const lines: string[] = [];
    expect((await run({ site: SITE, log: (line) => lines.push(line) })).status).toBe('published');
    expect(lines).toContainEqual(expect.stringMatching(/^warning: no history in .*: starting a new history$/));
  });

  it.each([503, 502, 401])('stops, publishing nothing, when its own address answers %i', async (status) => {
    site().intercept({ path: '/history.json' }).reply(404, 'Not found');
    site().intercept({ path: '/' }).reply(status, 'Service Unavailable');
    const error = await run({ site: SITE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HistoryError);
    expect(firstLine(error)).toContain(`${SITE}history.json: it answered 404, and the site's address ${SITE} answered HTTP ${status}, not 404`);
    expect(firstLine(error)).toContain('--fresh-history');
    expect(hashes()).toEqual([treeHash(join(dir, 'nothing')), treeHash(join(dir, 'nothing'))]);
  });
});

describe("the project states a live site's history carries", () => {
  const SPOOF = 'Visit evil.example for a prize';

  it('are shown only when a project of the portal has them or the site translates them; others are dropped, with one warning', async () => {
    await setSource(workspace());
    await run();
    // The live site's copy, after the state folder was lost: one project's state changed to a made-up one, and one
    // to "paused", which no project has, but the site translates.
    const live = await stateHistory();
    const [spoofed, paused] = [...live.projects.keys()];
    const at = live.recordedAt;
    live.projects.set(spoofed!, { events: [...live.projects.get(spoofed!)!.events, { at, kind: 'state', state: SPOOF }] });
    live.projects.set(paused!, { events: [...live.projects.get(paused!)!.events, { at, kind: 'state', state: 'Paused' }] });
    rmSync(join(dir, 'state'), { recursive: true });
    rmSync(join(dir, 'dist'), { recursive: true });
    site().intercept({ path: '/history.json' }).reply(200, serializeHistory(live));
    await setSource(workspace({ fetchedAt: later(1) }));
    const lines: string[] = [];
    const result = await run({ site: SITE, log: (line) => lines.push(line) });
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
      `warning: the history ${SITE}history.json gives 1 project a state that no project of this portal has: left out, not shown (${JSON.stringify(spoofed)})`,
    ]);
    // Not in the history the site publishes, nor in the report the log and the step summary print.
    expect(readFileSync(join(dir, 'state', 'history.json'), 'utf8')).not.toContain(SPOOF);
    expect(readFileSync(join(dir, 'dist', 'history.json'), 'utf8')).not.toContain(SPOOF);
    expect(JSON.stringify(result.report)).not.toContain(SPOOF);
    // The translated one is kept: the project went from "Paused" back to its state of the snapshot.
    expect(result.report.projects.state).toEqual([{ id: paused, name: expect.any(String), from: 'Paused', to: workspace().projects[1]!.state }]);
  });
});

describe('the same workspace read at another portal address', () => {
  const OLD = 'http://portal-proxy.acme.test:8080/v1';

  it('is compared with its published snapshot and keeps its history, with one warning naming both addresses', async () => {
    await setSource(workspace({ apiUrl: OLD }));
    await run();
    const startedAt = (await stateHistory()).startedAt;
    // The API moved: a partial answer there is still refused against the snapshot published from the old address.
    await setSource(workspace({ fetchedAt: later(1), count: 10 }));
    await expect(run()).rejects.toThrow('The portal returned 10 visible issues, down 75% from the 40 published');
    const lines: string[] = [];
    const result = await run({ acceptShrink: true, log: (line) => lines.push(line) });
    expect(result.status).toBe('published');
    expect((await stateHistory()).startedAt).toBe(startedAt);
    expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([
      `warning: the portal's address changed: the history ${join(dir, 'state', 'history.json')} was recorded at ${OLD}, this run reads ${API}; ` +
        'it is workspace "ws_1" at both, so its history goes on here',
    ]);
    // 30 left the site: the comparison was with the published snapshot.
    expect(result.report.issues.removed).toHaveLength(30);
  });

  it('is another workspace when the workspace id differs: refused, changing nothing', async () => {
    await setSource(workspace({ apiUrl: OLD }));
    await run();
    await setSource(workspace({ workspaceId: 'ws_2', fetchedAt: later(1) }));
    const before = hashes();
    await expect(run()).rejects.toThrow(/is another workspace's, not that of workspace "ws_2" of https:\/\/api\.acme\.test\/v1; nothing was changed/);
    expect(hashes()).toEqual(before);
  });
});

describe("another workspace's published snapshot in the state folder", () => {
  it('is not compared with: no shrink guard against its count, nothing of it "left the site"', async () => {
    await setSource(workspace({ workspaceId: 'ws_2' }));
    await run();
    // Its history too is gone: what this test checks is the published snapshot alone.
    rmSync(join(dir, 'state', 'history.json'));
    rmSync(join(dir, 'dist'), { recursive: true });
    await setSource(workspace({ fetchedAt: later(1), count: 5 }));
    const lines: string[] = [];
    const result = await run({ log: (line) => lines.push(line) });
    expect(result.summary).toBe(`Published to ${join(dir, 'dist')} (changed: first run)`);
    expect(lines).toContain(`The published snapshot ${join(dir, 'state', 'published.json')} is another workspace's: this run compares with nothing, as a first run`);
    expect(result.report.issues.removed).toEqual([]);
    expect((await stateHistory()).left.issues.size).toBe(0);
  });
});

describe('a mounted roadmap whose state folder was lost', () => {
  /** The stand-in build of a roadmap mounted at /roadmap/ in a docs site: its pages below the prefix, the site's around it. */
  const mountedBuild = vi.fn(async (snapshotFile: string, outDir: string, historyFile: string) => {
    await fakeBuild(columns)(snapshotFile, join(outDir, 'roadmap'), historyFile);
    writeFileSync(join(outDir, '_headers'), 'headers');
    writeFileSync(join(outDir, 'index.html'), 'the docs');
  });
  /** The options `portal-roadmap rebuild` takes from a project whose config mounts the roadmap at /roadmap. */
  const mounted = () => {
    const project = mkdtempSync(join(tmpdir(), 'mounted-'));
    writeFileSync(join(project, 'roadmap.config.json'), JSON.stringify({ site: 'https://docs.acme.test', prefix: '/roadmap' }));
    const settings = resolveSettings(project, { PORTAL_API_URL: API, PORTAL_WORKSPACE_ID: 'ws_1' });
    return { ...siteOptions(settings), fingerprint, build: mountedBuild };
  };

  it('continues the history its live site publishes below the prefix, {site}/roadmap/history.json', async () => {
    await setSource(workspace());
    await run({ ...mounted(), site: undefined });
    const startedAt = (await stateHistory()).startedAt;
    const published = readFileSync(join(dir, 'dist', 'roadmap', 'history.json'), 'utf8');
    rmSync(join(dir, 'state'), { recursive: true });
    rmSync(join(dir, 'dist'), { recursive: true });
    // The docs site answers at its root; only the roadmap's folder has a history.
    site('https://docs.acme.test').intercept({ path: '/roadmap/history.json' }).reply(200, published);
    site('https://docs.acme.test').intercept({ path: '/history.json' }).reply(404, 'Not found').persist();
    site('https://docs.acme.test').intercept({ path: '/' }).reply(200, 'the docs').persist();
    await setSource(workspace({ fetchedAt: later(1) }));
    const lines: string[] = [];
    await run({ ...mounted(), log: (line) => lines.push(line) });
    expect(lines).toContainEqual(expect.stringContaining('continuing the one the live site publishes, https://docs.acme.test/roadmap/history.json'));
    expect((await stateHistory()).startedAt).toBe(startedAt);
  });

  it("continues the one in the live site's folder below the prefix, {out}/roadmap/history.json", async () => {
    await setSource(workspace());
    const { site: _, ...onThisMachine } = mounted();
    await run(onThisMachine);
    const startedAt = (await stateHistory()).startedAt;
    rmSync(join(dir, 'state'), { recursive: true });
    mkdirSync(join(dir, 'state'));
    await setSource(workspace({ fetchedAt: later(1) }));
    const lines: string[] = [];
    await run({ ...onThisMachine, log: (line) => lines.push(line) });
    expect(lines).toContainEqual(expect.stringContaining(`continuing the one the live site publishes, ${join(dir, 'dist', 'roadmap', 'history.json')}`));
    expect((await stateHistory()).startedAt).toBe(startedAt);
  });
});
