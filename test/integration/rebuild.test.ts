/**
 * `npm run rebuild` end to end, as CI runs it: real astro builds against the
 * shared fake portal. A good run publishes a complete site; an unchanged
 * workspace does nothing; a failing one leaves output and state as they were.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { defineWorkspace, most429sPerWindow, synthetic, workspaceStats } from '../support/portal-admin.ts';
import { treeHash } from '../support/tree-hash.ts';
import { publishedIssueIds } from '../support/published.ts';

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
    const child = spawn(process.execPath, ['scripts/rebuild.ts', '--out', join(dir, 'dist'), '--state', join(dir, 'state'), ...args], {
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
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, githubOutput: readFileSync(githubOutput, 'utf8'), summary: readFileSync(summary, 'utf8') }),
    );
  });
}

/** Issues of a synthetic workspace that get a page (canceled ones are in a hidden column). */
const publishedCount = (options: Parameters<typeof synthetic>[0]) => publishedIssueIds(synthetic(options).issues).length;
const snapshotState = (dir: string) => [treeHash(join(dir, 'dist')), treeHash(join(dir, 'state'))];
const pages = (dir: string, kind: 'issues' | 'projects') => readdirSync(join(dir, 'dist', kind)).length;

describe('npm run rebuild', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rebuild-cli-'));
  const id = `rebuild-${process.pid}`;
  let first: Run;

  beforeAll(async () => {
    await defineWorkspace(apiUrl, id, synthetic({ issues: 60, projects: 8 }));
    // roadmap.test is never served: a first publish says so with --fresh-history (test/integration/history.test.ts covers the recovery).
    first = await runRebuild(id, dir, ['--fresh-history']);
  });

  it('publishes a complete site and says so to GitHub Actions', () => {
    expect(first.code, first.stdout + first.stderr).toBe(0);
    expect(pages(dir, 'issues')).toBe(publishedCount({ issues: 60, projects: 8 }));
    expect(pages(dir, 'projects')).toBe(8);
    expect(first.githubOutput).toBe('changed=true\n');
    expect(first.summary).toContain('### Roadmap updated');
    // Progress goes to stderr, results to stdout.
    expect(first.stderr).toContain('Fetched 8/8 projects');
    expect(first.stdout).not.toContain('Fetched');
  });

  it('does nothing for an unchanged workspace: "no changes", no build, output untouched', async () => {
    const before = snapshotState(dir);
    const run = await runRebuild(id, dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('no changes');
    expect(run.stdout + run.stderr).not.toContain('Building');
    expect(run.githubOutput).toBe('changed=false\n');
    expect(snapshotState(dir)).toEqual(before);
  });

  const transient = [
    [{ count: 2, kind: 503 }, /Portal requests: \d+ \(0 rate limited, 2 retried\)/],
    [{ count: 2, kind: 429, retryAfterSeconds: 1 }, /Portal requests: \d+ \(2 rate limited, 0 retried\)/],
    [{ count: 2, kind: 'slow', delayMs: 3_000 }, /Portal requests: \d+ \(0 rate limited, 2 retried\)/],
  ] as const;
  transient.forEach(([faults, stats], index) => {
    it(`rides out transient ${faults.kind} answers, publishing the changed data completely`, async () => {
      await defineWorkspace(apiUrl, id, synthetic({ issues: 60, projects: 8, upvoteBump: 5 + index }, { faults }));
      const run = await runRebuild(id, dir);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(stats);
      expect(run.stdout).toContain('▲');
      expect(pages(dir, 'issues')).toBe(publishedCount({ issues: 60, projects: 8 }));
      expect(run.summary).toContain('Biggest upvote gains');
    }, 60_000);
  });

  for (const [what, definition] of [
    ['a server that keeps failing', () => synthetic({ issues: 60, projects: 8, upvoteBump: 9 }, { faults: { count: 10_000, kind: 502 } })],
    ['a body of the wrong shape', () => ({ ...synthetic({ issues: 1, projects: 0 }), issues: [{ id: 'x', upvotes: 'many' }] })],
  ] as const) {
    it(`fails on ${what} with one line of cause, leaving output and state byte for byte`, async () => {
      const before = snapshotState(dir);
      await defineWorkspace(apiUrl, id, definition());
      const run = await runRebuild(id, dir, [], { PORTAL_DEADLINE_MS: '20000' });
      expect(run.code).not.toBe(0);
      const errorLines = run.stderr.split('\n').filter((line) => line.startsWith('error: '));
      expect(errorLines, run.stderr).toHaveLength(1);
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(snapshotState(dir)).toEqual(before);
    }, 60_000);
  }

  it('fails an unknown workspace, leaving everything as it was', async () => {
    const before = snapshotState(dir);
    const run = await runRebuild('no-such-workspace', dir);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('its portal/roadmap is not published');
    expect(snapshotState(dir)).toEqual(before);
  });

  it('refuses a list that shrank by more than half, and publishes it with --accept-shrink', async () => {
    const before = snapshotState(dir);
    await defineWorkspace(apiUrl, id, synthetic({ issues: 12, projects: 8, upvoteBump: 50 }));
    const refused = await runRebuild(id, dir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('error: The portal returned 12 visible issues, down 80% from the 60 published');
    expect(snapshotState(dir)).toEqual(before);
    const accepted = await runRebuild(id, dir, ['--accept-shrink']);
    expect(accepted.code, accepted.stderr).toBe(0);
    // The 12 are the first 12 of the 60 (same seed): the other 48 that had a page keep a tombstone.
    const issueDirs = readdirSync(join(dir, 'dist', 'issues'));
    const tombstones = issueDirs.filter((slug) => readFileSync(join(dir, 'dist', 'issues', slug, 'index.html'), 'utf8').includes('data-tombstone'));
    expect(issueDirs.length - tombstones.length).toBe(publishedCount({ issues: 12, projects: 8 }));
    expect(issueDirs.length).toBe(publishedCount({ issues: 60, projects: 8 }));
  });
});

describe('npm run rebuild under a tight rate limit', () => {
  it('publishes 120 projects at 30 requests per 3 s with at most one 429 per window', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-limit-'));
    const id = `rebuild-limit-${process.pid}`;
    await defineWorkspace(apiUrl, id, synthetic({ issues: 150, projects: 120 }, { rateLimit: { limit: 30, windowMs: 3_000 } }));
    const run = await runRebuild(id, dir, ['--fresh-history']);
    expect(run.code, run.stderr).toBe(0);
    expect(pages(dir, 'projects')).toBe(120);
    expect(most429sPerWindow(await workspaceStats(apiUrl, id))).toBeLessThanOrEqual(1);
  }, 90_000);
});
