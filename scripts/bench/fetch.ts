/**
 * The fetch figures of `npm run bench`: a fetch of a synthetic workspace from the fake portal
 * (test/support/fake-portal.ts), which keeps to the documented read limits (docs/portal-api.md, Rate limits §1:
 * a minute's reads, and a burst of twice that rate over 10 seconds, which it refuses past with a 429), against
 * the least time those limits allow for as many requests.
 *   fetch_ratio             the fetch's time (its requests, then the snapshot made of their answers) / that floor
 *   last_request_ms         from the fetch's start to its last request's arrival: the part that floor bounds
 *   rate_limited_responses  429s the fetch drew (none, if the client keeps to the limits)
 */
import { loadavg } from 'node:os';
import { CLIENT_DEFAULTS } from '../../src/portal/client.ts';
import { burstSize, DOCUMENTED_READ_LIMITS, type ReadLimits } from '../../src/portal/pacer.ts';
import { createSession } from '../../src/portal/session.ts';
import { loadSnapshot } from '../../src/snapshot/load.ts';
import { startFakePortal } from '../../test/support/fake-portal.ts';
import { mostInAnyWindow } from '../../test/support/portal-admin.ts';
import type { syntheticWorkspace } from '../../test/support/synthetic.ts';
import type { Size } from './context.ts';
import { round } from './stats.ts';

const MINUTE_MS = 60_000;

/**
 * The least time from the first request to the last that `limits` allow for `requests` requests, counted over any
 * window (sliding), as the client keeps to them: each request as early as the burst and the minute allow.
 */
export function leastFetchMs(requests: number, limits: ReadLimits): number {
  const burst = burstSize(limits);
  const at: number[] = [];
  for (let k = 0; k < requests; k++) {
    at.push(Math.max(k >= burst ? at[k - burst]! + limits.burstWindowMs : 0, k >= limits.perMinute ? at[k - limits.perMinute]! + MINUTE_MS : 0));
  }
  return at.at(-1) ?? 0;
}

/** The fake portal serving `workspace` as `bench`, refusing past `limits` as the service does past its documented ones. */
export function startLimitedPortal(workspace: ReturnType<typeof syntheticWorkspace>, limits: ReadLimits) {
  return startFakePortal({
    bench: {
      issues: workspace.issues,
      projects: Object.fromEntries(workspace.projects.map((p) => [p.id, p])),
      paging: { mode: 'skip-take', maxTake: 100 },
      rateLimit: { limit: limits.perMinute, windowMs: MINUTE_MS, burst: { limit: burstSize(limits), windowMs: limits.burstWindowMs } },
    },
  });
}

export async function measureFetch(size: Size, workspace: ReturnType<typeof syntheticWorkspace>) {
  const limits: ReadLimits = { ...DOCUMENTED_READ_LIMITS, perMinute: size.readsPerMinute };
  const burst = { limit: burstSize(limits), windowMs: limits.burstWindowMs };
  const portal = await startLimitedPortal(workspace, limits);
  try {
    const source = { kind: 'api' as const, portal: { apiUrl: portal.apiUrl, workspaceId: 'bench' }, extraProjectIds: [] };
    // The client keeps to the same limits as the portal: the documented ones, or the bench's scaled ones.
    const session = createSession({ timeoutMs: CLIENT_DEFAULTS.timeoutMs, readLimits: limits });
    const started = performance.now();
    const startedAt = Date.now();
    const snapshot = await loadSnapshot(source, { session });
    const ms = performance.now() - started;
    const stats = portal.stats.get('bench')!;
    const requests = stats.requests.length;
    const floorMs = leastFetchMs(requests, limits);
    // From the fetch's start to the last request's arrival: the part of the fetch the floor bounds, without the answer
    // to it and the normalisation of what came (src/snapshot/snapshot-file.ts, createSnapshot) after it.
    const lastRequestMs = Math.max(...stats.requestTimes) - startedAt;
    const rateLimited = Object.values(stats.rateLimitedByWindow).reduce((a, b) => a + b, 0);
    if (snapshot.projects.length !== size.projects) throw new Error(`fetched ${snapshot.projects.length} of ${size.projects} projects`);
    return {
      requests,
      limit: `${limits.perMinute} a minute, ${burst.limit} in any ${burst.windowMs / 1000} s`,
      fetch_ms: round(ms, 0),
      floor_ms: floorMs,
      fetch_ratio: floorMs ? round(ms / floorMs) : null,
      last_request_ms: lastRequestMs,
      rate_limited_responses: rateLimited,
      most_in_burst_window: mostInAnyWindow(stats.requestTimes, burst.windowMs),
      most_in_minute: mostInAnyWindow(stats.requestTimes, MINUTE_MS),
      load: round(loadavg()[0]!, 2),
    };
  } finally {
    await portal.close();
  }
}
