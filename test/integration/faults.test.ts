/**
 * Rate limits and faults (docs/portal-api.md, Rate limits; Errors) against the shared fake
 * portal: transient trouble ends in complete data, permanent trouble in one
 * clear error. Rate-limit windows run on a clock ten times faster than the
 * wall (test/support/fast-clock.ts) that the client and the fake portal
 * share, so a 3 s window passes in 300 ms of real requests.
 */
import { describe, expect, inject, it } from 'vitest';
import { PortalError } from '../../src/shared/errors.ts';
import { CLIENT_DEFAULTS, fetchIssueList, sessionOf } from '../../src/portal/client.ts';
import { createSession } from '../../src/portal/session.ts';
import type { DataSource } from '../../src/snapshot/source.ts';
import { loadSnapshot } from '../../src/snapshot/load.ts';
import { fastClock, type FastClock } from '../support/fast-clock.ts';
import { defineWorkspace, most429sPerWindow, synthetic, workspaceStats } from '../support/portal-admin.ts';
import type { Workspace } from '../support/fake-portal.ts';

const apiUrl = inject('portalApiUrl');
let counter = 0;

async function workspace(definition: Workspace): Promise<string> {
  const id = `faults-${process.pid}-${++counter}`;
  await defineWorkspace(apiUrl, id, definition);
  return id;
}

function source(workspaceId: string, client: object = {}): Extract<DataSource, { kind: 'api' }> {
  return { kind: 'api', portal: { apiUrl, workspaceId, ...client }, extraProjectIds: [] };
}

async function load(workspaceId: string, client: object = {}) {
  const src = source(workspaceId, client);
  const session = sessionOf(src.portal);
  const snapshot = await loadSnapshot(src, { session });
  return { snapshot, session };
}

/** `load` with a session on the fast clock of its workspace. */
async function loadOnClock(workspaceId: string, clock: FastClock, client: { concurrency?: number } = {}) {
  const src = source(workspaceId, client);
  const session = createSession({ timeoutMs: CLIENT_DEFAULTS.timeoutMs, clock });
  const snapshot = await loadSnapshot(src, { session });
  return { snapshot, session };
}

describe('rate limits', () => {
  it('fetches 120 projects within 30 requests per 3 s with at most one 429 per window', async () => {
    const clock = fastClock();
    const id = await workspace(synthetic({ issues: 240, projects: 120 }, { rateLimit: { limit: 30, windowMs: 3_000 }, time: clock.time }));
    const { snapshot } = await loadOnClock(id, clock);
    expect(snapshot.projects).toHaveLength(120);
    expect(snapshot.issues).toHaveLength(240);
    const stats = await workspaceStats(apiUrl, id);
    expect(most429sPerWindow(stats)).toBeLessThanOrEqual(1);
    expect(Math.max(...Object.values(stats.requestsByWindow))).toBeLessThanOrEqual(31);
  });

  it('waits out a 429 and its Retry-After, then completes', async () => {
    // 4 requests per 2 s with 4 in flight, and the very first answer a 429 asking to wait 3 s: longer than any window lasts.
    // At 5 times the wall clock, not 10: a busy machine's delays count that many times over in the portal's windows,
    // and at 10 a run of the whole suite once got a second 429 (2 of 16 requests).
    const clock = fastClock(5);
    const limited = { rateLimit: { limit: 4, windowMs: 2_000 }, faults: { count: 1, kind: 429, retryAfterSeconds: 3 }, time: clock.time } as const;
    const id = await workspace(synthetic({ issues: 20, projects: 12 }, limited));
    const { snapshot, session } = await loadOnClock(id, clock, { concurrency: 4 });
    expect(snapshot.projects).toHaveLength(12);
    // Two issue-list pages and 12 projects, and the refused request once more.
    expect(session.stats).toEqual({ requests: 15, rateLimited: 1, retries: 0, notUtf8: 0 });
    const { requestsByWindow, requestTimes } = await workspaceStats(apiUrl, id);
    // Nothing was sent until the full Retry-After had passed (a window reset alone would come sooner).
    expect(requestTimes[1]! - requestTimes[0]!).toBeGreaterThanOrEqual(3_000);
    expect(Math.max(...Object.values(requestsByWindow))).toBeLessThanOrEqual(4);
  });

  it('fails at once, clearly, when the window resets past the deadline', async () => {
    // The fake portal's windows are aligned to the epoch: a minute's would reset within the 10 s deadline whenever the
    // test runs in a minute's last seconds (then it ends at the reset, not at once); a day's does so 1 time in 8,640.
    const id = await workspace(synthetic({ issues: 5, projects: 5 }, { rateLimit: { limit: 1, windowMs: 86_400_000 } }));
    const started = Date.now();
    const error = await load(id, { retry: { deadlineMs: 10_000 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortalError);
    expect((error as PortalError).kind).toBe('deadline');
    expect((error as Error).message).toMatch(/the rate-limit window resets in \d+ s \(X-RateLimit-Reset\), past the run's deadline in \d+ s/);
    // At once: well before the deadline it would reach by waiting (a busy machine took 2.1 s against a 3 s deadline).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails at once, clearly, when a Retry-After goes past the deadline', async () => {
    // The first answer carries no rate-limit headers: the client learns of the limit only from the 429.
    const id = await workspace(synthetic({ issues: 5, projects: 5 }, { faults: { count: 1, kind: 429, retryAfterSeconds: 120 } }));
    const started = Date.now();
    const error = (await load(id, { retry: { deadlineMs: 10_000 } }).catch((e: unknown) => e)) as PortalError;
    expect(error.kind).toBe('deadline');
    expect(error.message).toMatch(/the portal asked to wait 120 s \(Retry-After\), past the run's deadline in \d+ s/);
    expect(error.cause).toMatchObject({ status: 429, code: 'rate_limited', requestId: 'req_fault' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('transient faults', () => {
  for (const kind of [500, 502, 503, 'truncated'] as const) {
    it(`retries the first three answers of ${kind} and completes`, async () => {
      const id = await workspace(synthetic({ issues: 30, projects: 6 }, { faults: { count: 3, kind } }));
      const { snapshot, session } = await load(id, { retry: { baseDelayMs: 20 } });
      expect(snapshot.issues).toHaveLength(30);
      expect(snapshot.projects).toHaveLength(6);
      expect(session.stats.retries).toBe(3);
    });
  }

  it('backs off exponentially with full jitter: a random wait up to a doubling ceiling', async () => {
    const id = await workspace(synthetic({ issues: 3, projects: 0 }, { faults: { count: 3, kind: 503 } }));
    const sleeps: number[] = [];
    const clock = { now: () => Date.now(), random: () => 0.999, sleep: async (ms: number) => void sleeps.push(ms) };
    const session = createSession({ timeoutMs: 5_000, clock, retry: { baseDelayMs: 100, maxDelayMs: 250 } });
    const { issues } = await fetchIssueList({ apiUrl, workspaceId: id, session });
    expect(issues).toHaveLength(3);
    expect(sleeps.map(Math.round)).toEqual([100, 200, 250]);
  });

  it('retries requests that time out', async () => {
    const id = await workspace(synthetic({ issues: 10, projects: 2 }, { faults: { count: 2, kind: 'slow', delayMs: 1_500 } }));
    const { snapshot, session } = await load(id, { timeoutMs: 300, retry: { baseDelayMs: 20 } });
    expect(snapshot.issues).toHaveLength(10);
    expect(session.stats.retries).toBe(2);
  });
});

describe('permanent faults', () => {
  it('gives up on a server that keeps failing, within the attempt bound', async () => {
    const id = await workspace(synthetic({ issues: 5, projects: 1 }, { faults: { count: 1_000, kind: 503 } }));
    const error = (await load(id, { retry: { baseDelayMs: 10, maxAttempts: 3 } }).catch((e: unknown) => e)) as PortalError;
    expect(error).toMatchObject({ kind: 'http', status: 503, attempts: 3 });
    expect(error.message).toMatch(/HTTP 503.*gave up after 3 attempts/);
    expect((await workspaceStats(apiUrl, id)).requests).toHaveLength(3);
  });

  it('does not retry what will not change: Workspace not found, a wrong shape', async () => {
    await expect(load('no-such-workspace-at-all')).rejects.toThrow(/not published/);
    expect((await workspaceStats(apiUrl, 'no-such-workspace-at-all')).requests).toHaveLength(1);
    await expect(load('ws-bad-field')).rejects.toMatchObject({ kind: 'schema' });
  });
});
