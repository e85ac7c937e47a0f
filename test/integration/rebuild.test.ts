/**
 * `npm run rebuild` end to end, as CI runs it, against the shared fake portal:
 * a shrink refused, then published with --accept-shrink to a folder outside
 * the project (the one real astro build here), an unchanged workspace left
 * alone, and failures that leave output and state as they were. (A rebuild
 * into the project's own dist/ is the README's, run by readme.test.ts.) Then the rebuild itself through transient and
 * permanent faults and a tight rate limit, with a stand-in for astro build
 * (test/support/fake-build.ts) and the portal on a fast clock.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reportLines, reportMarkdown } from '../../src/publish/change-report.ts';
import { PUBLISHED_FILE } from '../../src/publish/commit.ts';
import { rebuild } from '../../src/publish/rebuild.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { PortalError, RoadmapError } from '../../src/shared/errors.ts';
import { CLIENT_DEFAULTS } from '../../src/portal/client.ts';
import { createSession } from '../../src/portal/session.ts';
import { writeSnapshotFile } from '../../src/snapshot/snapshot-file.ts';
import type { DataSource } from '../../src/snapshot/source.ts';
import { demoIds, loadSnapshot } from '../../src/snapshot/load.ts';
import { DEMO_DATA_FILE } from '../../src/config/source.ts';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { fakeBuild } from '../support/fake-build.ts';
import type { Workspace } from '../support/fake-portal.ts';
import { fastClock } from '../support/fast-clock.ts';
import { defineWorkspace, most429sPerWindow, synthetic, workspaceStats } from '../support/portal-admin.ts';
import { publishedIssueIds } from '../support/published.ts';
import { treeHash } from '../support/tree-hash.ts';

const apiUrl = inject('portalApiUrl');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  githubOutput: string;
  summary: string;
}

function runRebuild(workspaceId: string, dir: string, args: string[] = [], env: Record<string, string> = {}): Promise<Run> {
  const githubOutput = join(dir, `github-output-${Math.random()}`);
  const summary = join(dir, `summary-${Math.random()}`);
  writeFileSync(githubOutput, '');
  writeFileSync(summary, '');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/portal-roadmap.mjs', 'rebuild', '--out', join(dir, 'dist'), '--state', join(dir, 'state'), ...args], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORTAL_API_URL: apiUrl,
        PORTAL_WORKSPACE_ID: workspaceId,
        PORTAL_TIMEOUT_MS: '2000',
        ROADMAP_SITE: 'https://roadmap.test',
        ROADMAP_CACHE_DIR: join(dir, 'cache'),
        GITHUB_OUTPUT: githubOutput,
        GITHUB_STEP_SUMMARY: summary,
        NO_COLOR: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, githubOutput: readFileSync(githubOutput, 'utf8'), summary: readFileSync(summary, 'utf8') }));
  });
}

/** Issues of a synthetic workspace that get a page (canceled ones are in a hidden column). */
const publishedCount = (options: Parameters<typeof synthetic>[0]) => publishedIssueIds(synthetic(options).issues).length;
const snapshotState = (dir: string) => [treeHash(join(dir, 'dist')), treeHash(join(dir, 'state'))];
const pages = (dir: string, kind: 'issues' | 'projects') => readdirSync(join(dir, 'dist', kind)).length;

/** Every file of a built site that is text (pages, feeds, JSON, headers), by path. */
const textFiles = (root: string): string[] =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(html|xml|json|txt|js|css)$|^_headers$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

/** What runCli prints for a failure: one `error:` line per failure, and no stack trace. */
function expectOneLineOfCause(run: Run) {
  expect(run.code).not.toBe(0);
  const errorLines = run.stderr.split('\n').filter((line) => line.startsWith('error: '));
  expect(errorLines, run.stderr).toHaveLength(1);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

const apiSource = (workspaceId: string): Extract<DataSource, { kind: 'api' }> => ({ kind: 'api', portal: { apiUrl, workspaceId }, extraProjectIds: [] });

// Each run starts Node and loads the CLI (seconds on a busy machine); the publishing one also builds.
describe('npm run rebuild', () => {
  // Outside the project, and with a path that starts with the project's: `/work/site-out` beside `/work/site` is a
  // folder Astro takes for one inside the project, whose server code then cannot find the packages.
  const dir = `${PROJECT_ROOT.replace(/\/$/, '')}-rebuild-out-${process.pid}`;
  const id = `rebuild-${process.pid}`;
  const published = { issues: 60, projects: 8 };
  // The first 12 issues of the 60 (same seed), each with 5 more upvotes.
  const shrunk = { issues: 12, projects: 8, upvoteBump: 5 };

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    // What an earlier run published: 60 issues. The output folder holds the demo's build (`npm run build`), as after
    // a trial of the demo in the same folder: its made-up history must not become this workspace's.
    await defineWorkspace(apiUrl, id, synthetic(published));
    await writeSnapshotFile(join(dir, 'state', PUBLISHED_FILE), await loadSnapshot(apiSource(id)));
    cpSync(inject('fixtures').demo.outDir, join(dir, 'dist'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a list that shrank by more than half, building nothing', async () => {
    const before = snapshotState(dir);
    await defineWorkspace(apiUrl, id, synthetic(shrunk));
    const refused = await runRebuild(id, dir);
    expectOneLineOfCause(refused);
    expect(refused.stderr).toContain('error: The portal returned 12 visible issues, down 80% from the 60 published');
    expect(refused.stdout).not.toContain('Building');
    expect(snapshotState(dir)).toEqual(before);
  });

  it('publishes it with --accept-shrink through two 503s, completely, says so to GitHub Actions, and passes on the warnings of the data and the build', async () => {
    const workspace = synthetic(shrunk, { faults: { count: 2, kind: 503 } });
    // A description nested past the limits (a build warning) and an issue listed twice (a data warning).
    const [first, second, ...rest] = workspace.issues as { id: string; description: string }[];
    workspace.issues = [{ ...first!, description: `${'>'.repeat(40)} deep` }, second!, ...rest, { ...second!, title: 'repeated' }];
    await defineWorkspace(apiUrl, id, workspace);
    // The live site's folder holds the demo's history, which is set aside (test/integration/history.test.ts covers
    // continuing the live site's).
    const run = await runRebuild(id, dir, ['--accept-shrink']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain(`The history ${join(dir, 'dist', 'history.json')} is the bundled demo's made-up one, not this workspace's: starting a new history`);
    // No demo issue or project id anywhere: the history (the state's and the published one, which notify and the next
    // run continue), the tombstones, the feeds, latest.json, every page.
    const demoIdList = [...(await demoIds(DEMO_DATA_FILE))];
    const history = readFileSync(join(dir, 'state', 'history.json'), 'utf8');
    expect(JSON.parse(history).startedAt).toBe(JSON.parse(readFileSync(join(dir, 'state', PUBLISHED_FILE), 'utf8')).fetchedAt);
    for (const file of [join(dir, 'state', 'history.json'), ...textFiles(join(dir, 'dist'))]) {
      const text = readFileSync(file, 'utf8');
      expect(
        demoIdList.filter((demoId) => text.includes(demoId)),
        file,
      ).toEqual([]);
    }
    expect(existsSync(join(dir, 'dist', 'index.html'))).toBe(true);
    expect(pages(dir, 'issues')).toBe(publishedCount(shrunk));
    expect(run.stderr).toContain(`warning: 1 issue id(s) came more than once in one page of the issue list; the first of each is kept: ${JSON.stringify(second!.id)}`);
    expect(run.stderr).toContain(`warning (build): [portal-roadmap-loader] issues ${JSON.stringify(first!.id)}: its description goes past the limits on nesting`);
    expect(readdirSync(join(PROJECT_ROOT, '.astro')).filter((name) => name.startsWith('rebuild-'))).toEqual([]);
    expect(pages(dir, 'projects')).toBe(8);
    expect(run.githubOutput).toBe('changed=true\n');
    expect(run.summary).toContain('### Roadmap updated');
    expect(run.summary).toContain('Biggest upvote gains');
    // Progress goes to stderr, results to stdout; the first line dates the run, for a log that cron appends to.
    const started = /^Reading portal \S+ \(workspace [^)]+\) at (\S+)$/m.exec(run.stderr)?.[1];
    expect(started, run.stderr).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.now() - Date.parse(started!))).toBeLessThan(120_000);
    expect(run.stderr).toContain('Fetched 8/8 projects');
    expect(run.stdout).not.toContain('Fetched');
    expect(run.stdout).toContain('▲');
    // Two issue-list pages (the second one empty) and 8 projects, and the two refused requests again.
    expect(run.stderr).toContain('Portal requests: 12 (0 rate limited, 2 retried)');
  });

  it('does nothing for an unchanged workspace: "no changes", no build, output and published state untouched, a report of this run', async () => {
    const published = () => [treeHash(join(dir, 'dist')), readFileSync(join(dir, 'state/published.json'), 'utf8'), readFileSync(join(dir, 'state/fingerprint.json'), 'utf8')];
    const before = published();
    const run = await runRebuild(id, dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no changes');
    expect(run.stdout + run.stderr).not.toContain('Building');
    expect(run.githubOutput).toBe('changed=false\n');
    expect(published()).toEqual(before);
    const shown = publishedCount(shrunk);
    expect(JSON.parse(readFileSync(join(dir, 'state/report.json'), 'utf8'))).toMatchObject({ status: 'no-changes', changed: false, issues: { before: shown, after: shown } });
  });

  it('fails on a body of the wrong shape with one line of cause, leaving output and state byte for byte', async () => {
    const before = snapshotState(dir);
    await defineWorkspace(apiUrl, id, { ...synthetic({ issues: 1, projects: 0 }), issues: [{ id: 'x', upvotes: 'many' }] });
    const run = await runRebuild(id, dir, [], { PORTAL_DEADLINE_MS: '20000' });
    expectOneLineOfCause(run);
    // The run's page on GitHub shows the cause first.
    const errorLine = run.stderr.split('\n').find((line) => line.startsWith('error: '))!;
    expect(run.summary).toContain('### Roadmap: the rebuild failed, the live site is unchanged');
    expect(run.summary).toContain(errorLine);
    expect(snapshotState(dir)).toEqual(before);
  });

  it('fails an unknown workspace, leaving everything as it was', async () => {
    const before = snapshotState(dir);
    const run = await runRebuild('no-such-workspace', dir);
    expectOneLineOfCause(run);
    expect(run.stderr).toContain('its portal/roadmap is not published');
    expect(snapshotState(dir)).toEqual(before);
  });
});

describe('npm run rebuild with no state kept, when the live site cannot give its history', () => {
  const id = `rebuild-live-${process.pid}`;
  /** A live site answering `answers` by path, 404 for anything else. */
  async function liveSite(answers: Readonly<Record<string, readonly [number, string]>>) {
    const server = createServer((req, res) => {
      const [status, body] = answers[req.url ?? '/'] ?? [404, 'Not found'];
      res.writeHead(status, { 'content-type': req.url?.endsWith('.json') ? 'application/json' : 'text/html' });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  }
  beforeAll(() => defineWorkspace(apiUrl, id, synthetic({ issues: 5, projects: 1 })));

  it.each([
    // An issue whose events are an empty list: a TypeError and a stack trace before.
    [
      'a history with an issue of no events',
      {
        '/history.json': [
          200,
          JSON.stringify({
            format: 'portal-roadmap.history',
            version: 1,
            startedAt: '2026-01-01T00:00:00.000Z',
            recordedAt: '2026-01-01T00:00:00.000Z',
            issues: { a: { events: [], upvotes: [] } },
            projects: {},
            left: { issues: {}, projects: {} },
          }),
        ],
      },
      'is not a portal-roadmap history',
    ],
    // A host that is down: no sign that nothing is published there. A new history was published before.
    ['a 404 for its history and a 503 at its address', { '/history.json': [404, 'Not found'], '/': [503, 'Service Unavailable'] }, 'answered HTTP 503, not 404'],
  ] as const)('stops on %s with one error line naming it and --fresh-history, publishing nothing', async (_, answers, reason) => {
    const site = await liveSite(answers);
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-live-'));
    try {
      const run = await runRebuild(id, dir, [], { ROADMAP_SITE: site.url });
      expectOneLineOfCause(run);
      const errorLine = run.stderr.split('\n').find((line) => line.startsWith('error: '))!;
      expect(errorLine).toContain(`${site.url}/history.json`);
      expect(errorLine).toContain(reason);
      expect(errorLine).toContain('--fresh-history');
      expect(run.summary).toContain(errorLine);
      expect(existsSync(join(dir, 'dist')) || existsSync(join(dir, 'state'))).toBe(false);
    } finally {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rebuild through portal trouble (a stand-in build, the portal on a fast clock)', () => {
  const { columns, privacy } = parseRoadmapConfig({});
  /** The rest of the fingerprint stays put: these runs are about the portal's data. */
  const fingerprint = { config: 'sha256:config', renderVersion: 'test', packageVersion: 'test', publicAssets: 'sha256:public', customCss: 'none', siteSource: 'sha256:source' };
  const dir = mkdtempSync(join(tmpdir(), 'rebuild-faults-'));
  // One workspace, defined anew for each run (which resets its faults): a history continues only its own workspace's.
  const id = `rebuild-faults-${process.pid}`;

  /** Defines the workspace on a fresh fast clock and rebuilds from it into `into`, with one session on that clock. */
  async function rebuildFrom(workspace: Workspace, into = dir) {
    const clock = fastClock();
    await defineWorkspace(apiUrl, id, { ...workspace, time: clock.time });
    // Request timeouts run in real time: 1 s is far more than an answer takes even on a busy machine, and well short of a slow one.
    const session = createSession({ timeoutMs: workspace.faults?.kind === 'slow' ? 1_000 : CLIENT_DEFAULTS.timeoutMs, clock });
    const run = rebuild({
      source: apiSource(id),
      outDir: join(into, 'dist'),
      stateDir: join(into, 'state'),
      columns,
      privacy,
      fingerprint,
      build: fakeBuild(columns),
      load: { session },
    });
    return { id, session, run };
  }

  beforeAll(async () => {
    const { run } = await rebuildFrom(synthetic({ issues: 60, projects: 8 }));
    expect((await run).status).toBe('published');
  });

  const transient = [
    [
      { count: 2, kind: 503 },
      { rateLimited: 0, retries: 2 },
    ],
    [
      { count: 2, kind: 429, retryAfterSeconds: 1 },
      { rateLimited: 2, retries: 0 },
    ],
    [
      { count: 2, kind: 'slow', delayMs: 3_000 },
      { rateLimited: 0, retries: 2 },
    ],
  ] as const;
  transient.forEach(([faults, stats], index) => {
    it(`rides out transient ${faults.kind} answers, publishing the changed data completely`, async () => {
      const options = { issues: 60, projects: 8, upvoteBump: 5 + index };
      const { session, run } = await rebuildFrom(synthetic(options, { faults }));
      const result = await run;
      expect(result.status).toBe('published');
      // Two issue-list pages and 8 projects, and the refused or timed-out requests again.
      expect(session.stats).toEqual({ requests: 12, notUtf8: 0, ...stats });
      expect(reportLines(result.report).join('\n')).toContain('▲');
      expect(pages(dir, 'issues')).toBe(publishedCount(options));
      expect(reportMarkdown(result.report)).toContain('Biggest upvote gains');
    });
  });

  it('fails on a server that keeps failing with one line of cause, leaving output and state byte for byte', async () => {
    const before = snapshotState(dir);
    const { run } = await rebuildFrom(synthetic({ issues: 60, projects: 8, upvoteBump: 9 }, { faults: { count: 10_000, kind: 502 } }));
    const error = await run.catch((e: unknown) => e);
    // A RoadmapError is what runCli prints as one `error:` line, without a stack.
    expect(error).toBeInstanceOf(RoadmapError);
    expect(error).toMatchObject({ kind: 'http', status: 502, attempts: 5 });
    expect((error as PortalError).message).not.toContain('\n');
    expect(snapshotState(dir)).toEqual(before);
  });

  it('publishes 120 projects at 30 requests per 3 s with at most one 429 per window', async () => {
    const limitDir = mkdtempSync(join(tmpdir(), 'rebuild-limit-'));
    const { id, run } = await rebuildFrom(synthetic({ issues: 150, projects: 120 }, { rateLimit: { limit: 30, windowMs: 3_000 } }), limitDir);
    expect((await run).status).toBe('published');
    expect(pages(limitDir, 'projects')).toBe(120);
    expect(most429sPerWindow(await workspaceStats(apiUrl, id))).toBeLessThanOrEqual(1);
  });
});
