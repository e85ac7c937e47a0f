import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { rebuild, type RebuildOptions } from '../../../src/publish/rebuild.ts';
import { RebuildError } from '../../../src/shared/errors.ts';
import { configKeyDigests, readFingerprint, type Fingerprint } from '../../../src/fingerprint/fingerprint.ts';
import { publicSnapshot } from '../../../src/shown/privacy.ts';
import { VerifyError } from '../../../src/publish/verify.ts';
import { HistoryError, readHistoryFile } from '../../../src/history/read.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { dataDigest, writeSnapshotFile, type Snapshot } from '../../../src/snapshot/snapshot-file.ts';
import { pageSlug } from '../../../src/view/paths.ts';
import { fakeBuild as fakeBuildOf } from '../../support/fake-build.ts';
import { treeHash } from '../../support/tree-hash.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const { columns, privacy } = parseRoadmapConfig({});
/** The demo's issues the site shows, counted in src/data/demo/portal.json: 45, less 2 not visible, 1 deleted and 2 canceled. */
const published = 40;
/** Stands in for `siteFingerprint(settings)`: a test changes one part to play a config edit, an upgrade, a new asset. */
const fingerprint: Omit<Fingerprint, 'data'> = {
  config: 'sha256:config-1',
  renderVersion: '4',
  packageVersion: '0.1.0',
  publicAssets: 'sha256:public-1',
  customCss: 'none',
  siteSource: 'sha256:source',
};

const fakeBuild = (options: { skipIssue?: boolean } = {}) => fakeBuildOf(columns, options);

/** The demo with only its first `count` issues that are not canceled (a hidden column), so every one has a page. */
function withIssues(count: number): Snapshot {
  const issues = demo.issues.filter((i) => i.status !== 'Canceled').slice(0, count);
  return { ...demo, issues, digest: dataDigest(issues, demo.projects) };
}

let dir: string;
let source: string;
const setSource = (snapshot: Snapshot) => writeSnapshotFile(source, snapshot);
const run = (extra: Partial<RebuildOptions> = {}) =>
  rebuild({ source: { kind: 'snapshot', file: source }, outDir: join(dir, 'dist'), stateDir: join(dir, 'state'), columns, privacy, fingerprint, build: fakeBuild(), ...extra });
const hashes = () => [treeHash(join(dir, 'dist')), treeHash(join(dir, 'state'))];
const stateFile = (name: string) => JSON.parse(readFileSync(join(dir, 'state', name), 'utf8'));
/** Output and the published state, without the report (which every run rewrites). */
const publishedState = () => [treeHash(join(dir, 'dist')), readFileSync(join(dir, 'state/published.json'), 'utf8'), readFileSync(join(dir, 'state/fingerprint.json'), 'utf8')];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
  source = join(dir, 'source.json');
  await setSource(demo);
});

describe('rebuild', () => {
  it('publishes the first build and records the snapshot, the fingerprint and the report', async () => {
    const result = await run();
    expect(result.status).toBe('published');
    expect(result.summary).toBe(`Published to ${join(dir, 'dist')} (changed: first run)`);
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe(`board of ${published}`);
    expect(stateFile('published.json').digest).toBe(demo.digest);
    expect(stateFile('fingerprint.json')).toEqual({
      format: 'portal-roadmap.fingerprint',
      version: 1,
      parts: { data: publicSnapshot(demo, privacy).digest, ...fingerprint },
      // What the output holds, for the next run to check it is still this publish's.
      output: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    // The counts the site publishes: the demo's 42 portal-visible issues, 2 of them canceled (a hidden column).
    expect(stateFile('report.json')).toMatchObject({ status: 'published', changed: true, note: 'first run', issues: { after: 40, hiddenAfter: 2 } });
    expect(readdirSync(join(dir, 'state')).sort()).toEqual(['astro-cache', 'fingerprint.json', 'history.json', 'page-digests.json', 'published.json', 'report.json']);
    expect(readdirSync(dir).sort()).toEqual(['dist', 'source.json', 'state']);
  });

  it("records the address it published at beside the fingerprint: notify's links lead there", async () => {
    await run({ siteRoot: 'https://roadmap.acme.test/' });
    expect(stateFile('fingerprint.json').siteRoot).toBe('https://roadmap.acme.test/');
    expect(await readFingerprint(join(dir, 'state/fingerprint.json'))).toMatchObject({ kind: 'found', siteRoot: 'https://roadmap.acme.test/' });
  });

  it('skips an unchanged workspace without building, leaving the site and its published state untouched', async () => {
    await run();
    const before = publishedState();
    const build = fakeBuild();
    const result = await run({ build });
    expect(result.status).toBe('no-changes');
    expect(build).not.toHaveBeenCalled();
    expect(result.summary).toMatch(
      /^no changes: the portal data \(sha256:[0-9a-f]{12}…\), the config, the render version, the portal-roadmap version, the public\/ assets, the custom CSS and the site's source match the published site; /,
    );
    expect(publishedState()).toEqual(before);
  });

  it('writes a report of the "no changes" run itself', async () => {
    await run();
    await run();
    expect(stateFile('report.json')).toMatchObject({
      status: 'no-changes',
      changed: false,
      changedParts: [],
      note: null,
      issues: { before: 40, after: 40, hiddenBefore: 2, hiddenAfter: 2, added: [] },
    });
  });

  it('names the config keys that changed, by name alone, from digests of the settings', async () => {
    const settings = (title: string, accent: string) => ({ config: parseRoadmapConfig({ title, theme: { accent } }), site: 'https://roadmap.test', base: '/' });
    await run({ configKeys: configKeyDigests(settings('Acme', '#1d4ed8')) });
    const result = await run({ fingerprint: { ...fingerprint, config: 'sha256:changed' }, configKeys: configKeyDigests(settings('Acme 2', '#0e7490')) });
    expect(result.summary).toBe(`Published to ${join(dir, 'dist')} (changed: the config (theme, title))`);
    expect(stateFile('report.json')).toMatchObject({ changedParts: ['config'], changedConfigKeys: ['theme', 'title'] });
    // Digests and names only: no value of the config in the state folder.
    expect(readFileSync(join(dir, 'state/fingerprint.json'), 'utf8')).not.toMatch(/Acme|0e7490/);
    expect(readFileSync(join(dir, 'state/report.json'), 'utf8')).not.toMatch(/Acme 2|0e7490/);
  });

  it('counts "before" as the live site showed it when the columns changed since', async () => {
    await run();
    // From now on the declined column is shown: the live site still hides the demo's 2 canceled issues.
    const { columns: showDeclined } = parseRoadmapConfig({ board: { showDeclined: true } });
    const changed = { fingerprint: { ...fingerprint, config: 'sha256:config-2' }, columns: showDeclined, build: fakeBuildOf(showDeclined) };
    const canceled = demo.issues.filter((issue) => issue.status === 'Canceled').length;
    await run(changed);
    expect(stateFile('report.json').issues).toMatchObject({ before: published, hiddenBefore: canceled, after: published + canceled, hiddenAfter: 0 });
    // A report of other data (here: of no run at all) counts the published snapshot with this run's columns.
    rmSync(join(dir, 'state/report.json'));
    await run({ ...changed, fingerprint: { ...fingerprint, config: 'sha256:config-3' } });
    expect(stateFile('report.json').issues).toMatchObject({ before: published + canceled, hiddenBefore: 0 });
  });

  const parts = [
    ['config', 'the config'],
    ['renderVersion', 'the render version'],
    ['packageVersion', 'the portal-roadmap version'],
    ['publicAssets', 'the public/ assets'],
    ['customCss', 'the custom CSS'],
    ['siteSource', "the site's source (src/, the Astro config, the lockfile)"],
  ] as const;
  for (const [part, name] of parts) {
    it(`publishes unchanged data when ${name} changed, and says so`, async () => {
      await run();
      const build = fakeBuild();
      const result = await run({ build, fingerprint: { ...fingerprint, [part]: 'sha256:changed' } });
      expect(result.status).toBe('published');
      expect(build).toHaveBeenCalledOnce();
      expect(result.summary).toBe(`Published to ${join(dir, 'dist')} (changed: ${name})`);
      expect(stateFile('report.json')).toMatchObject({ changed: true, changedParts: [part], dataChanged: false, issues: { added: [], removed: [] } });
      expect(stateFile('fingerprint.json').parts[part]).toBe('sha256:changed');
      // Recorded: the same settings again are no change.
      expect((await run({ fingerprint: { ...fingerprint, [part]: 'sha256:changed' } })).status).toBe('no-changes');
    });
  }

  it('publishes once over a state folder from before fingerprints (published.json alone)', async () => {
    await run();
    rmSync(join(dir, 'state/fingerprint.json'));
    const result = await run();
    expect(result.status).toBe('published');
    expect(result.summary).toBe(`Published to ${join(dir, 'dist')} (changed: first run with fingerprints)`);
    expect(stateFile('report.json')).toMatchObject({ changed: true, changedParts: [], note: 'first run with fingerprints' });
    expect((await run()).status).toBe('no-changes');
  });

  it('publishes over an unreadable fingerprint, with a warning', async () => {
    await run();
    writeFileSync(join(dir, 'state/fingerprint.json'), JSON.stringify({ format: 'portal-roadmap.fingerprint', version: 99, parts: {} }));
    const log = vi.fn();
    expect((await run({ log })).status).toBe('published');
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/^warning: ignoring the unreadable fingerprint\.json \(not a portal-roadmap\.fingerprint version 1 file:\n {2}- version: /),
    );
    expect((await run()).status).toBe('no-changes');
  });

  it('takes a change to a field the site does not publish (a tracker version) for no change', async () => {
    await run();
    const issues = demo.issues.map((issue, index) => (index === 0 ? { ...issue, tracker: { ticketId: 'T-1', workspaceId: 'ws', version: 99 } } : issue));
    await setSource({ ...demo, issues, digest: dataDigest(issues, demo.projects) });
    const build = fakeBuild();
    expect((await run({ build })).status).toBe('no-changes');
    expect(build).not.toHaveBeenCalled();
    // The same change is one when the config publishes tracker fields.
    expect((await run({ build, privacy: { publishTrackerFields: true, publishIssueUrl: false, hideFields: [] } })).status).toBe('published');
  });

  it('rebuilds an unchanged workspace with force', async () => {
    await run();
    const build = fakeBuild();
    expect((await run({ build, force: true })).status).toBe('published');
    expect(build).toHaveBeenCalledOnce();
  });

  it('replaces the old output with the new one when data changed', async () => {
    await run();
    await setSource(withIssues(38));
    const result = await run();
    expect(result.status).toBe('published');
    // 40 shown before (the 2 canceled never were), 38 now: 2 left, named by id only.
    expect(result.report.issues.removed.map((i) => Object.keys(i))).toEqual([['id'], ['id']]);
    expect(result.report.issues.removed.map((i) => i.id).sort()).toEqual(
      demo.issues
        .filter((i) => i.status !== 'Canceled')
        .slice(38)
        .map((i) => i.id)
        .sort(),
    );
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe('board of 38');
    // 38 issue pages and 2 tombstones.
    expect(readdirSync(join(dir, 'dist/issues'))).toHaveLength(40);
  });

  it('hands the build the live site and its page digests, and keeps the new digests once the site is published', async () => {
    const first = fakeBuild();
    await run({ build: first });
    // The first build has no live site to keep pages of.
    expect(first.mock.calls[0]![4]).toMatchObject({ previousOutput: undefined });
    expect(stateFile('page-digests.json')).toEqual({ digest: demo.digest, previousOutput: null });
    await setSource(withIssues(39));
    const next = fakeBuild();
    let handed: unknown;
    next.mockImplementationOnce(async (...args) => {
      // The build reads the digests the live site was published with, from a copy of its own.
      handed = JSON.parse(readFileSync(args[4]!.digestsFile, 'utf8'));
      return fakeBuild().getMockImplementation()!(...args);
    });
    await run({ build: next });
    expect(next.mock.calls[0]![4]).toMatchObject({ previousOutput: join(dir, 'dist') });
    expect(next.mock.calls[0]![4]!.digestsFile.startsWith(join(dir, 'state'))).toBe(false);
    expect(handed).toEqual({ digest: demo.digest, previousOutput: null });
    expect(stateFile('page-digests.json')).toEqual({ digest: withIssues(39).digest, previousOutput: join(dir, 'dist') });
  });

  it('renders every page and publishes, saying why, when another build replaced the output since: no "no changes" over it', async () => {
    await run();
    // A plain `npm run build` into the live site: pages of its own, and a history.json of no rebuild.
    writeFileSync(join(dir, 'dist/history.json'), '{"another": "build"}');
    const logged: string[] = [];
    const build = fakeBuild();
    const result = await run({ build, log: (line) => logged.push(line) });
    expect(result.status).toBe('published');
    expect(result.summary).toBe(`Published to ${join(dir, 'dist')} (changed: the output was replaced by another build)`);
    expect(build.mock.calls[0]![4]).toMatchObject({ previousOutput: undefined });
    expect(logged.filter((line) => line.includes('is not what the last rebuild published'))).toHaveLength(1);
    // The publish recorded its own output: the run after has no changes, and would keep its pages.
    expect((await run()).status).toBe('no-changes');
    await setSource(withIssues(39));
    const next = fakeBuild();
    await run({ build: next });
    expect(next.mock.calls[0]![4]).toMatchObject({ previousOutput: join(dir, 'dist') });
  });

  it('renders every page with force: none is kept from the live site, and the log says so', async () => {
    await run();
    const logged: string[] = [];
    const build = fakeBuild();
    expect((await run({ build, force: true, log: (line) => logged.push(line) })).status).toBe('published');
    expect(build.mock.calls[0]![4]).toMatchObject({ previousOutput: undefined });
    expect(logged).toContain('--force: every page is rendered, none kept from the live site');
  });

  it('hands the build no live site when the state has no page digests for it', async () => {
    await run();
    rmSync(join(dir, 'state/page-digests.json'));
    await setSource(withIssues(39));
    const build = fakeBuild();
    await run({ build });
    expect(build.mock.calls[0]![4]).toMatchObject({ previousOutput: undefined });
  });

  it('leaves output and state byte for byte as they were when the build fails', async () => {
    await run();
    await setSource(withIssues(39));
    const before = hashes();
    const failing = vi.fn(async () => {
      throw new RebuildError('astro build failed (exit 1)');
    });
    await expect(run({ build: failing })).rejects.toThrow('astro build failed');
    expect(hashes()).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['dist', 'source.json', 'state']);
  });

  it('refuses an incomplete build, keeping the old site', async () => {
    await run();
    await setSource(withIssues(39));
    const before = hashes();
    await expect(run({ build: fakeBuild({ skipIssue: true }) })).rejects.toBeInstanceOf(VerifyError);
    expect(hashes()).toEqual(before);
  });

  it('refuses a list that shrank by more than allowed, unless accepted', async () => {
    await run();
    await setSource(withIssues(20));
    const before = hashes();
    await expect(run()).rejects.toThrow(/20 visible issues, down 52% from the 42 published \(more than the 50% allowed\).*--accept-shrink/);
    expect(hashes()).toEqual(before);
    await expect(run({ maxShrink: 0.6 })).resolves.toMatchObject({ status: 'published' });
  });

  it('publishes a sharp drop with acceptShrink', async () => {
    await run();
    await setSource(withIssues(3));
    expect((await run({ acceptShrink: true })).status).toBe('published');
  });

  it('refuses an unreadable published snapshot unless forced', async () => {
    await run();
    writeFileSync(join(dir, 'state/published.json'), '{"cut');
    await expect(run()).rejects.toThrow(/cannot be read.*--force/);
    expect((await run({ force: true })).status).toBe('published');
  });

  it('fails on an unreadable published snapshot at once, stopping the fetch it started beside it', async () => {
    await run();
    writeFileSync(join(dir, 'state/published.json'), '{"cut');
    // A portal that takes every request and never answers: the fetch ends only when it is stopped.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const portal = { apiUrl: `http://127.0.0.1:${port}/api/v1`, workspaceId: 'acme', timeoutMs: 3_600_000 };
    try {
      await expect(run({ source: { kind: 'api', portal, extraProjectIds: [] } })).rejects.toThrow(/cannot be read.*--force/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('puts the old site back when the snapshot cannot be recorded', async () => {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/index.html'), 'old site');
    writeFileSync(join(dir, 'state'), 'a file where the state folder should be');
    await expect(run()).rejects.toThrow(/previous site was restored/);
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe('old site');
    expect(existsSync(join(dir, 'dist/issues'))).toBe(false);
  });
});

describe('the release notes a rebuild published', () => {
  /** A build that also writes the notes it publishes where the rebuild's build writes them: beside the snapshot. */
  const buildWithNotes = (slugs: readonly string[]) => {
    const pages = fakeBuild();
    return vi.fn(async (...args: Parameters<typeof pages>) => {
      await pages(...args);
      const notes = slugs.map((slug) => ({ slug, title: `Note ${slug}`, date: '2026-11-01', tags: ['new'] }));
      writeFileSync(join(dirname(args[0]), 'release-notes.json'), JSON.stringify({ format: 'portal-roadmap.build-notes', version: 1, notes }));
    });
  };
  const later = '2026-12-01T08:00:00.000Z';

  it('are recorded once the site is published: those of the first record as before it, a later one at its run; a build that wrote none leaves the record', async () => {
    await run({ build: buildWithNotes(['a']) });
    expect(stateFile('published-notes.json').notes).toEqual([{ slug: 'a', title: 'Note a', date: '2026-11-01', tags: ['new'], since: demo.fetchedAt, before: true }]);
    await setSource({ ...demo, fetchedAt: later });
    expect((await run({ build: buildWithNotes(['a', 'b']), force: true })).status).toBe('published');
    const record = stateFile('published-notes.json');
    expect(record.notes.map((note: { slug: string; since: string; before?: true }) => [note.slug, note.since, note.before ?? false])).toEqual([
      ['a', demo.fetchedAt, true],
      ['b', later, false],
    ]);
    await run({ force: true });
    expect(stateFile('published-notes.json')).toEqual(record);
  });

  it('are not recorded by a run whose build fails its check: the site is not published', async () => {
    const pages = fakeBuild({ skipIssue: true });
    const incomplete = vi.fn(async (...args: Parameters<typeof pages>) => {
      await pages(...args);
      writeFileSync(join(dirname(args[0]), 'release-notes.json'), JSON.stringify({ format: 'portal-roadmap.build-notes', version: 1, notes: [] }));
    });
    await expect(run({ build: incomplete })).rejects.toThrow(VerifyError);
    expect(existsSync(join(dir, 'state', 'published-notes.json'))).toBe(false);
  });
});

describe('the history in a rebuild', () => {
  const historyFile = () => join(dir, 'state/history.json');
  const readHistory = () =>
    JSON.parse(readFileSync(historyFile(), 'utf8')) as {
      startedAt: string;
      issues: Record<string, { events: { kind: string; column: string; atLeast?: true }[] }>;
      left: { issues: Record<string, string> };
    };
  const later = (snapshot: Snapshot, fetchedAt: string, issues = snapshot.issues): Snapshot => ({ ...snapshot, fetchedAt, issues, digest: dataDigest(issues, snapshot.projects) });
  const moved = (snapshot: Snapshot, fetchedAt: string) =>
    later(
      snapshot,
      fetchedAt,
      snapshot.issues.map((i) => (i.identifier === 'FN-103' ? { ...i, status: 'In Progress' } : i)),
    );
  const fn103 = demo.issues.find((i) => i.identifier === 'FN-103')!.id;

  it('is recorded beside the published snapshot, and the build reads the same file', async () => {
    const build = fakeBuild();
    const lines: string[] = [];
    await run({ build, log: (line) => lines.push(line) });
    expect(lines).toContain(`No history in ${join(dir, 'state')}: starting a new history`);
    expect(readHistory().issues[fn103]!.events).toEqual([{ at: demo.fetchedAt, kind: 'seen', column: 'planned', atLeast: true }]);
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    let built = '';
    const second = vi.fn(async (snapshotFile: string, outDir: string, history: string) => {
      built = readFileSync(history, 'utf8');
      await fakeBuild()(snapshotFile, outDir, history);
    });
    await run({ build: second });
    expect(built).toBe(readFileSync(historyFile(), 'utf8'));
    expect(readHistory().issues[fn103]!.events.at(-1)).toEqual({ at: '2026-11-21T09:00:00.000Z', kind: 'moved', column: 'in-progress' });
  });

  it('refuses a state history that fails validation, naming the file and the fix, and touches nothing', async () => {
    await run();
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    writeFileSync(historyFile(), '{"format":"portal-roadmap.history","version":1}');
    const before = hashes();
    await expect(run()).rejects.toThrow(new RegExp(`${historyFile()} is not a portal-roadmap history[\\s\\S]*${historyFile()} was left as it is[\\s\\S]*--fresh-history`));
    expect(hashes()).toEqual(before);
  });

  it('starts afresh with freshHistory, keeping the old file beside it', async () => {
    await run();
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    writeFileSync(historyFile(), 'not json');
    await run({ freshHistory: true });
    expect(readFileSync(join(dir, 'state/history.json.replaced-2026-11-21T09-00-00-000Z'), 'utf8')).toBe('not json');
    expect(readHistory().startedAt).toBe('2026-11-21T09:00:00.000Z');
  });

  it('publishes with freshHistory even when nothing changed, since only a publish writes a history', async () => {
    await run();
    const result = await run({ freshHistory: true });
    expect(result.status).toBe('published');
    expect(result.summary).toContain('nothing changed; --fresh-history');
    expect(readdirSync(join(dir, 'state')).filter((name) => name.startsWith('history.json.replaced-'))).toHaveLength(1);
  });

  it('reports the changes the history recorded, from the one comparison', async () => {
    await run();
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    const result = await run();
    const recorded = Object.entries(readHistory().issues)
      .filter(([, record]) => record.events.some((event) => event.kind === 'moved'))
      .map(([id]) => id);
    expect(recorded).toEqual([fn103]);
    expect(result.report.issues.statusMoves).toEqual([{ id: fn103, title: demo.issues.find((i) => i.id === fn103)!.title, from: 'Planned', to: 'In progress' }]);
  });

  it("continues the live site's history when the state folder was lost", async () => {
    await run();
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    await run();
    const liveHistory = await readHistoryFile(historyFile());
    rmSync(join(dir, 'state'), { recursive: true });
    // A CI runner has the state folder or nothing: no live site on its disk either.
    rmSync(join(dir, 'dist'), { recursive: true });
    await setSource(later(moved(demo, '2026-11-21T09:00:00.000Z'), '2026-11-22T09:00:00.000Z'));
    const fetchHistory = vi.fn(async () => liveHistory);
    const lines: string[] = [];
    const result = await run({ site: 'https://roadmap.test/', fetchHistory, log: (line) => lines.push(line) });
    expect(fetchHistory).toHaveBeenCalledWith('https://roadmap.test/');
    // A host's build: not a first run, and the counts before are what the live site showed, not an empty site's.
    expect(result.summary).toBe(`Published to ${join(dir, 'dist')} (changed: no state kept: the live site's history continued)`);
    expect(result.report.issues).toMatchObject({ before: published, after: published, hiddenBefore: null, hiddenAfter: 2 });
    expect(result.report.projects).toMatchObject({ before: demo.projects.length, after: demo.projects.length });
    expect(lines.some((line) => line.includes('continuing the one the live site publishes, https://roadmap.test/history.json (recorded up to 2026-11-21T09:00:00.000Z)'))).toBe(
      true,
    );
    // The move of the 21st is still there, with its date and the "since at least" of the first run.
    expect(readHistory().startedAt).toBe(demo.fetchedAt);
    expect(readHistory().issues[fn103]!.events.map((e) => e.kind)).toEqual(['seen', 'moved']);
  });

  it("continues the history in the live site's folder when the state folder was lost, without asking the site's address", async () => {
    await run();
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    await run();
    rmSync(join(dir, 'state'), { recursive: true });
    await setSource(later(moved(demo, '2026-11-21T09:00:00.000Z'), '2026-11-22T09:00:00.000Z'));
    // A server that cannot reach its own public address.
    const fetchHistory = vi.fn(async (): Promise<undefined> => {
      throw new Error('getaddrinfo ENOTFOUND roadmap.test');
    });
    const lines: string[] = [];
    await run({ site: 'https://roadmap.test/', fetchHistory, log: (line) => lines.push(line) });
    expect(fetchHistory).not.toHaveBeenCalled();
    expect(lines).toContain(
      `No history in ${join(dir, 'state')}: continuing the one the live site publishes, ${join(dir, 'dist', 'history.json')} (recorded up to 2026-11-21T09:00:00.000Z)`,
    );
    expect(readHistory().startedAt).toBe(demo.fetchedAt);
    expect(readHistory().issues[fn103]!.events.map((e) => e.kind)).toEqual(['seen', 'moved']);
  });

  it('starts afresh, with a warning naming ROADMAP_SITE, when the live site has none (404); fails, touching nothing, when it cannot be read', async () => {
    const lines: string[] = [];
    await run({ site: 'https://roadmap.test/', fetchHistory: async () => undefined, log: (line) => lines.push(line) });
    // A warning: on a host that keeps no state, a mistyped address would start a new history at every build.
    expect(lines).toContain(
      `warning: no history in ${join(dir, 'state')}, and nothing is published at https://roadmap.test/ yet; if the roadmap was published before, ` +
        'ROADMAP_SITE is not its address (check its path). https://roadmap.test/history.json answered 404: starting a new history',
    );
    rmSync(join(dir, 'state/history.json'));
    // Nor does the live site's folder have one here: the address is all there is to ask.
    rmSync(join(dir, 'dist/history.json'));
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    const before = hashes();
    const unreachable = async () => {
      throw new HistoryError('Could not read the published history https://roadmap.test/history.json: getaddrinfo ENOTFOUND');
    };
    await expect(run({ site: 'https://roadmap.test/', fetchHistory: unreachable })).rejects.toThrow('ENOTFOUND');
    expect(hashes()).toEqual(before);
  });

  it('puts the previous history back when the snapshot cannot be recorded after it', async () => {
    await run();
    const before = readFileSync(historyFile(), 'utf8');
    await setSource(moved(demo, '2026-11-21T09:00:00.000Z'));
    // A directory where the published snapshot goes: the history is written first, then this write fails.
    rmSync(join(dir, 'state/published.json'));
    mkdirSync(join(dir, 'state/published.json'));
    await expect(run({ force: true })).rejects.toThrow(/previous site was restored/);
    expect(readFileSync(historyFile(), 'utf8')).toBe(before);
    // And the page digests of the site that is live again.
    expect(stateFile('page-digests.json')).toEqual({ digest: demo.digest, previousOutput: null });
    expect(existsSync(join(dir, 'state/page-digests.json.publishing'))).toBe(false);
  });

  it('keeps a tombstone page for an issue that left, and verifies it', async () => {
    await run();
    await setSource(withIssues(39));
    await run();
    const gone = demo.issues.filter((i) => i.status !== 'Canceled')[39]!.id;
    expect(readHistory().left.issues).toEqual({ [gone]: demo.fetchedAt });
    expect(readFileSync(join(dir, `dist/issues/${pageSlug(gone)}/index.html`), 'utf8')).toBe('tombstone');
  });
});
