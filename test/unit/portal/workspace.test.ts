/**
 * Reading a whole workspace (src/portal/workspace.ts) over a portal simulated on a virtual clock: each request takes
 * the pacer's slot as the real session does, then its answer comes after a round trip of virtual time. No real time
 * passes and nothing listens on a port.
 */
import { describe, expect, it } from 'vitest';
import { leastFetchMs } from '../../../scripts/bench/fetch.ts';
import type { ApiIssue, ApiProject } from '../../../src/portal/api-schemas.ts';
import { RequestPacer, type ReadLimits } from '../../../src/portal/pacer.ts';
import type { PortalSession } from '../../../src/portal/session.ts';
import { fetchWorkspace } from '../../../src/portal/workspace.ts';
import { PortalError } from '../../../src/shared/errors.ts';
import { loadSnapshot } from '../../../src/snapshot/load.ts';
import { mostInAnyWindow } from '../../support/portal-admin.ts';
import { syntheticWorkspace } from '../../support/synthetic.ts';
import { virtualClock } from '../../support/virtual-clock.ts';

const API_URL = 'https://portal.test/v1';
/** Burst: 2 × 300 a minute over 10 s = 100 requests in any 10 s. */
const LIMITS: ReadLimits = { perMinute: 300, burstFactor: 2, burstWindowMs: 10_000 };

interface SimulatedPortal {
  issues: readonly unknown[];
  /** By id; an id absent answers 404. */
  projects: Record<string, unknown>;
  /** Virtual milliseconds from a request's slot to its answer. */
  roundTripMs?: (path: string) => number;
  /** Makes a request fail, at its answer's time. */
  fault?: (path: string) => Error | undefined;
}

/** A session on `clock` whose requests keep to `LIMITS` through the pacer, as the real one's do. */
function simulatedSession(clock: ReturnType<typeof virtualClock>, portal: SimulatedPortal) {
  const pacer = new RequestPacer(clock, LIMITS);
  const sent: { path: string; at: number }[] = [];
  const session: PortalSession & { sent: typeof sent; running: () => number } = {
    stats: { requests: 0, rateLimited: 0, retries: 0, notUtf8: 0 },
    sent,
    running: () => running,
    async getJson(url, { signal, keepFree } = {}) {
      await pacer.acquire(Number.POSITIVE_INFINITY, signal, keepFree);
      const path = `${url.pathname}${url.search}`;
      sent.push({ path, at: clock.now() });
      running++;
      try {
        await clock.sleep(portal.roundTripMs?.(path) ?? 100, signal);
        const fault = portal.fault?.(path);
        if (fault) throw fault;
        return { status: 200, headers: {}, body: answer(portal, url), bytes: 0, notUtf8: false };
      } finally {
        running--;
        pacer.observe({});
      }
    },
  };
  let running = 0;
  return session;
}

function answer(portal: SimulatedPortal, url: URL): unknown {
  const [resource, , id] = url.pathname.split('/').slice(2).map(decodeURIComponent);
  if (resource === 'issues') {
    const skip = Number(url.searchParams.get('skip'));
    return portal.issues.slice(skip, skip + Number(url.searchParams.get('take')));
  }
  const project = portal.projects[id!];
  if (!project) throw new PortalError(`GET ${url} failed with HTTP 404`, { kind: 'http', url: url.toString(), status: 404 });
  return project;
}

const isProject = (path: string) => path.startsWith('/v1/projects/');
const options = (session: PortalSession, extra: object = {}) => ({ apiUrl: API_URL, workspaceId: 'ws', pageSize: 10, session, ...extra });
const synthetic = (issues: number, projects: number) => {
  const workspace = syntheticWorkspace({ issues, projects });
  return { issues: workspace.issues, projects: Object.fromEntries(workspace.projects.map((p) => [p.id, p])) };
};

describe('reading a workspace: projects asked for as the issue list names them', () => {
  it('asks for projects while the list is still paging, so the last request goes within 5% of the least time the limits allow', async () => {
    // 20 pages of 10 and the empty page that ends the list, then 100 projects: 121 requests, 21 more than one burst.
    const clock = virtualClock();
    const session = simulatedSession(clock, synthetic(200, 100));
    const start = clock.time;
    const done = fetchWorkspace(options(session), []);
    await clock.drive(done);
    const { projects } = await done;
    expect(projects).toHaveLength(100);
    const paths = session.sent.map((s) => s.path);
    expect(paths.findIndex(isProject)).toBeLessThan(paths.findLastIndex((p) => !isProject(p)));
    // Each project once.
    expect(new Set(paths.filter(isProject)).size).toBe(paths.filter(isProject).length);
    const times = session.sent.map((s) => s.at - start);
    expect(times).toHaveLength(121);
    expect(mostInAnyWindow(times, 10_000)).toBeLessThanOrEqual(100);
    expect(mostInAnyWindow(times, 60_000)).toBeLessThanOrEqual(300);
    // Asked for after the list's last page, the 21st request would go 2.1 s in, and the last 10 s after it.
    const floor = leastFetchMs(121, LIMITS);
    expect(floor).toBe(10_000);
    expect(Math.max(...times)).toBeLessThanOrEqual(floor * 1.05);
  });

  it('gives the same snapshot, byte for byte, whatever order the projects answer in', async () => {
    const project = (id: string, name: string) => ({ id, name, progress: 0.5 });
    const projects: Record<string, unknown> = {
      'p-a': project('p-a', 'A'),
      // Two ids that lose a character XML forbids become one id: which is kept depends on the order they are given in.
      'p-b': project('p-b', 'B'),
      'p-b\u0001': project('p-b\u0001', 'B, the other one'),
      'p-c': project('p-c', 'C'),
      // Answers with another id: left out, with a warning.
      'p-d': project('p-other', 'D'),
    };
    const ids = ['p-c', 'p-b\u0001', 'p-gone', 'p-a', 'p-d', 'p-b'];
    const issues = ids.map((projectId, i) => ({ id: `i-${i}`, title: `Issue ${i}`, status: 'Todo', projectId }));
    const read = async (order: (index: number) => number) => {
      const clock = virtualClock();
      const roundTripMs = (path: string) => {
        const id = decodeURIComponent(path.split('/').pop()!);
        return isProject(path) ? 10 + 50 * order(ids.indexOf(id)) : 10;
      };
      const session = simulatedSession(clock, { issues, projects, roundTripMs });
      const warnings: string[] = [];
      const missing: string[][] = [];
      const source = { kind: 'api' as const, portal: { apiUrl: API_URL, workspaceId: 'ws', pageSize: 2 }, extraProjectIds: [] };
      const done = loadSnapshot(source, { session, onWarning: (w) => warnings.push(w), onMissingProjects: (m) => missing.push(m) });
      await clock.drive(done);
      const answered = session.sent.filter((s) => isProject(s.path)).sort((a, b) => a.at + roundTripMs(a.path) - (b.at + roundTripMs(b.path)));
      return { snapshot: JSON.stringify({ ...(await done), fetchedAt: '' }), warnings, missing, answered: answered.map((s) => s.path) };
    };
    const forward = await read((i) => i);
    const backward = await read((i) => ids.length - i);
    // The answers did come in opposite orders…
    expect(backward.answered).toEqual([...forward.answered].reverse());
    // …and the snapshot, its warnings and the missing ids are the same.
    expect(backward.snapshot).toBe(forward.snapshot);
    expect(backward.warnings).toEqual(forward.warnings);
    expect(backward.missing).toEqual(forward.missing);
    expect(forward.missing).toEqual([['p-gone']]);
    // Sorted by id, the first of the two that became one is `p-b`: the one published.
    expect(JSON.parse(forward.snapshot).projects.map((p: { name: string }) => p.name)).toEqual(['A', 'B', 'C']);
  });

  it('tells the progress of every project against the final total, those answered while the list was paging included', async () => {
    const clock = virtualClock();
    const session = simulatedSession(clock, synthetic(60, 20));
    const told: [number, number][] = [];
    const done = fetchWorkspace(options(session, { onProjectFetched: (d: number, n: number) => told.push([d, n]) }), []);
    await clock.drive(done);
    await done;
    expect(told).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, 20]));
  });

  it('leaves out a project asked for by an issue that a later page hides, as if it had never been named', async () => {
    const clock = virtualClock();
    const issues = [
      { id: 'i-1', title: 'One', projectId: 'p-secret' },
      { id: 'i-2', title: 'Two', projectId: 'p-open' },
      { id: 'i-1', title: 'One', projectId: 'p-secret', isVisible: false },
    ];
    const projects = { 'p-secret': { id: 'p-secret', name: 'Secret' }, 'p-open': { id: 'p-open', name: 'Open' } };
    const session = simulatedSession(clock, { issues, projects });
    const done = fetchWorkspace(options(session, { pageSize: 2 }), []);
    await clock.drive(done);
    const result = await done;
    expect(session.sent.map((s) => s.path)).toContain('/v1/projects/ws/p-secret');
    expect(result.projects.map((p: ApiProject) => p.id)).toEqual(['p-open']);
    expect(result.issues.find((i: ApiIssue) => i.id === 'i-1')?.isVisible).toBe(false);
  });
});

describe('reading a workspace: a failure stops every request', () => {
  it('a project that fails stops the list and the other projects, and its error is the one thrown once none runs', async () => {
    const clock = virtualClock();
    const failure = new PortalError('GET …/projects/ws/proj-00005 failed with HTTP 500', { kind: 'http', url: 'x', status: 500 });
    const session = simulatedSession(clock, { ...synthetic(200, 100), fault: (path) => (path.endsWith('/proj-00005') ? failure : undefined) });
    const done = fetchWorkspace(options(session), []);
    await clock.drive(done);
    await expect(done).rejects.toBe(failure);
    expect(session.running()).toBe(0);
    expect(clock.sleeping()).toBe(0);
    // The list stopped paging: far fewer than its 21 pages, and far fewer projects than 100.
    const paths = session.sent.map((s) => s.path);
    expect(paths.filter((p) => !isProject(p)).length).toBeLessThan(21);
    expect(paths.filter(isProject).length).toBeLessThan(100);
  });

  it("a page of the list that fails stops the projects already asked for, and the list's error is the one thrown", async () => {
    const clock = virtualClock();
    const failure = new PortalError('GET …/issues/ws?skip=30&take=10 failed with HTTP 503', { kind: 'http', url: 'x', status: 503 });
    // Slow projects, so some are still on their way when the fourth page fails.
    const roundTripMs = (path: string) => (isProject(path) ? 1_000 : 100);
    const session = simulatedSession(clock, { ...synthetic(200, 100), roundTripMs, fault: (path) => (path.includes('skip=30&') ? failure : undefined) });
    const start = clock.time;
    let failedAt = 0;
    const done = fetchWorkspace(options(session), []);
    done.catch(() => (failedAt = clock.now() - start));
    await clock.drive(done);
    await expect(done).rejects.toBe(failure);
    // At the failing page's answer (the fourth page, 400 ms in), not when the projects on their way would answer…
    expect(failedAt).toBe(400);
    expect(session.running()).toBe(0);
    expect(clock.sleeping()).toBe(0);
    // …and no project request started after it: the first 8 of the 30 the three pages named, no more.
    expect(session.sent.filter((s) => isProject(s.path))).toHaveLength(8);
  });
});
