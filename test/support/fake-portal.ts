/**
 * The fake portal: a real HTTP server on 127.0.0.1 that speaks the two v1
 * portal endpoints (docs/portal-api.md, List issues; Get project) for a set of named workspaces, each with
 * its own paging behaviour or failure. One instance is started by the global
 * setup and shared by every integration test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fastNow, type FastTime } from './fast-clock.ts';

export type Paging =
  /** Honours `skip`, but always sends pages of `pageSize`, whatever `take` asks. */
  | { mode: 'fixed-page'; pageSize: number }
  /** Honours `skip` and `take` (capped at `maxTake`). */
  | { mode: 'skip-take'; maxTake: number }
  /** Ignores the parameters: the whole list every time. */
  | { mode: 'whole' };

export type Failure =
  /** 401 in the authentication error shape, with a request id. */
  | { kind: 'envelope'; status: number; code: string; message: string; requestId: string }
  /** An error in the declared shape. */
  | { kind: 'declared'; status: number; code: string; message: string }
  /** A proxy's HTML error page. */
  | { kind: 'html'; status: number }
  /** A 200 whose body is cut short. */
  | { kind: 'truncated' }
  /** A 200 with this body, of the wrong shape. */
  | { kind: 'body'; body: unknown }
  /** Waits this long before answering. */
  | { kind: 'slow'; delayMs: number }
  /** A redirect (3xx) to `location`, with a JSON body (a 307 with `[]` must not read as an empty workspace). */
  | { kind: 'redirect'; status: number; location: string; body?: unknown }
  /** A success status other than 200 (201, 204, …) with this body. */
  | { kind: 'status'; status: number; body?: unknown }
  /** A 200 whose JSON array body is at least `bytes` long, streamed in chunks; `announce` sends its content-length first. */
  | { kind: 'huge'; bytes: number; announce: boolean }
  /** A 200 with the issue list encoded in Latin-1: its letters beyond ASCII are bytes that are not UTF-8. */
  | { kind: 'latin1' }
  /** An error status whose declared-shape message is this text (any length, any characters). */
  | { kind: 'message'; status: number; message: string };

export interface Workspace {
  issues: unknown[];
  projects: Record<string, unknown>;
  paging: Paging;
  /** Fails the issue list this way. */
  failure?: Failure;
  /** Delay of each project answer, so concurrency can be observed. */
  projectDelayMs?: number;
  /**
   * Rate limit (docs/portal-api.md, Rate limits §1–3): X-RateLimit-* on every response, of the `windowMs` window;
   * 429 + Retry-After past `limit` per fixed window, or past `burst.limit` per fixed window of `burst.windowMs`
   * (the documented burst, of which the headers say nothing).
   */
  rateLimit?: { limit: number; windowMs: number; burst?: { limit: number; windowMs: number } };
  /** The sped-up time (test/support/fast-clock.ts) the rate limit runs on, shared with the client under test; wall time when absent. */
  time?: FastTime;
  /** The first `count` requests fail: an error status, a 429, a slow answer, or a body cut short. */
  faults?: { count: number; kind: 500 | 502 | 503 | 429 | 'slow' | 'truncated'; delayMs?: number; retryAfterSeconds?: number };
}

export interface WorkspaceStats {
  requests: string[];
  /** When each request came, in ms on the workspace's clock (its `time`, or the wall). */
  requestTimes: number[];
  /** Most project requests in flight at once. */
  peakProjectConcurrency: number;
  /** 429s sent, by rate-limit window number. */
  rateLimitedByWindow: Record<string, number>;
  /** Requests counted, by rate-limit window number. */
  requestsByWindow: Record<string, number>;
  /** Requests counted, by burst window number (when the rate limit has a burst). */
  requestsByBurstWindow: Record<string, number>;
}

const emptyStats = (): WorkspaceStats => ({ requests: [], requestTimes: [], peakProjectConcurrency: 0, rateLimitedByWindow: {}, requestsByWindow: {}, requestsByBurstWindow: {} });

export interface FakePortal {
  /** Root of the fake v1 API, e.g. `http://127.0.0.1:41234/api/v1`. */
  apiUrl: string;
  server: Server;
  /** What each workspace received. */
  stats: Map<string, WorkspaceStats>;
  close(): Promise<void>;
}

const API_ROOT = '/api/v1';

export async function startFakePortal(workspaces: Record<string, Workspace>): Promise<FakePortal> {
  const stats = new Map<string, WorkspaceStats>();
  // Tests may add or replace workspaces at run time (PUT /__workspaces/{id}), so copy the table.
  const table: Record<string, Workspace> = { ...workspaces };
  const server = createServer((req, res) => {
    void handle(req, res, table, stats);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}${API_ROOT}`,
    server,
    stats,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const inFlight = new Map<string, number>();

async function handle(req: IncomingMessage, res: ServerResponse, workspaces: Record<string, Workspace>, stats: Map<string, WorkspaceStats>) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  // Test-only: what a workspace received, for assertions from the test processes.
  if (url.pathname.startsWith('/__stats/')) {
    const ws = decodeURIComponent(url.pathname.slice('/__stats/'.length));
    return json(res, 200, stats.get(ws) ?? emptyStats());
  }
  // Test-only: define or replace a workspace (and forget what it received).
  if (url.pathname.startsWith('/__workspaces/') && req.method === 'PUT') {
    const ws = decodeURIComponent(url.pathname.slice('/__workspaces/'.length));
    workspaces[ws] = JSON.parse(await readBody(req)) as Workspace;
    stats.delete(ws);
    return json(res, 200, { ok: true });
  }
  const parts = url.pathname
    .slice(API_ROOT.length + 1)
    .split('/')
    .map(decodeURIComponent);
  if (!url.pathname.startsWith(`${API_ROOT}/`) || req.method !== 'GET') return json(res, 404, { message: 'Not found', code: 'not_found' });
  const [resource, workspaceId = '', projectId] = parts;
  const workspace = workspaces[workspaceId];
  const now = workspace?.time ? fastNow(workspace.time) : Date.now();
  const record = stats.get(workspaceId) ?? emptyStats();
  record.requests.push(`${url.pathname}${url.search}`);
  record.requestTimes.push(now);
  stats.set(workspaceId, record);
  if (workspace?.time) {
    // A Date header in wall time would look to the client like a server clock minutes off its sped-up one.
    res.sendDate = false;
  }
  if (workspace?.rateLimit && !applyRateLimit(res, workspace.rateLimit, record, now)) return;
  const fault = workspace?.faults && record.requests.length <= workspace.faults.count ? workspace.faults : undefined;
  if (fault?.kind === 429) {
    res.setHeader('Retry-After', String(fault.retryAfterSeconds ?? 1));
    return json(res, 429, { error: { code: 'rate_limited', message: 'Rate limit exceeded', details: { limit: 1, window: '1m' }, request_id: 'req_fault' } });
  }
  if (fault && typeof fault.kind === 'number') return json(res, fault.kind, { message: `Injected fault ${fault.kind}`, code: 'internal' });
  if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 5_000));
  if (fault?.kind === 'truncated') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('[{"id": "cut-sh');
  }
  if (res.destroyed) return;
  // The portal endpoints take no authentication (docs/portal-api.md, Authentication §1); a client that sends a key is refused here.
  if (req.headers.authorization) return json(res, 400, { message: 'The portal takes no Authorization header', code: 'bad_request' });

  if (resource === 'issues' && parts.length === 2) {
    // The issue list of an unknown or unpublished workspace fails with "Workspace not found" (docs/portal-api.md, Workspace not found).
    if (!workspace) return json(res, 404, { message: 'Workspace not found', code: 'not_found' });
    if (workspace.failure) return fail(res, workspace.failure, workspace);
    return json(res, 200, page(workspace, url.searchParams));
  }
  if (resource === 'projects' && parts.length === 3 && projectId) {
    if (!workspace) return json(res, 404, { message: 'Workspace not found', code: 'not_found' });
    const project = workspace.projects[projectId];
    if (!project) return json(res, 404, { message: 'Project not found', code: 'not_found' });
    const now = (inFlight.get(workspaceId) ?? 0) + 1;
    inFlight.set(workspaceId, now);
    record.peakProjectConcurrency = Math.max(record.peakProjectConcurrency, now);
    if (workspace.projectDelayMs) await new Promise((resolve) => setTimeout(resolve, workspace.projectDelayMs));
    inFlight.set(workspaceId, (inFlight.get(workspaceId) ?? 1) - 1);
    return json(res, 200, project);
  }
  return json(res, 404, { message: 'Not found', code: 'not_found' });
}

function page({ issues, paging }: Workspace, params: URLSearchParams): unknown[] {
  const skip = Math.max(0, Number(params.get('skip') ?? 0) || 0);
  switch (paging.mode) {
    case 'whole':
      return issues;
    case 'fixed-page':
      return issues.slice(skip, skip + paging.pageSize);
    case 'skip-take': {
      const take = Math.min(paging.maxTake, Math.max(1, Number(params.get('take') ?? 10) || 10));
      return issues.slice(skip, skip + take);
    }
  }
}

async function fail(res: ServerResponse, failure: Failure, workspace: Workspace) {
  switch (failure.kind) {
    case 'envelope':
      return json(res, failure.status, { error: { code: failure.code, message: failure.message, details: {}, request_id: failure.requestId } });
    case 'declared':
      return json(res, failure.status, { message: failure.message, code: failure.code, issues: [{ message: failure.message }] });
    case 'html':
      res.writeHead(failure.status, { 'content-type': 'text/html' });
      return res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
    case 'truncated': {
      const text = JSON.stringify(workspace.issues);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(text.slice(0, Math.floor(text.length / 2)));
    }
    case 'body':
      return json(res, 200, failure.body);
    case 'latin1':
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(Buffer.from(JSON.stringify(workspace.issues), 'latin1'));
    case 'slow':
      await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
      if (!res.destroyed) json(res, 200, workspace.issues);
      return;
    case 'redirect':
      res.writeHead(failure.status, { 'content-type': 'application/json', location: failure.location });
      return res.end(JSON.stringify(failure.body ?? []));
    case 'status':
      res.writeHead(failure.status, { 'content-type': 'application/json' });
      return res.end(failure.body === undefined ? undefined : JSON.stringify(failure.body));
    case 'message':
      return json(res, failure.status, { message: failure.message, code: 'bad' });
    case 'huge':
      return streamHugeArray(res, failure.bytes, failure.announce);
  }
}

/** `[{"id":"x-0","title":"…"},…]` of at least `bytes` bytes, written chunk by chunk until done or the client hangs up. */
function streamHugeArray(res: ServerResponse, bytes: number, announce: boolean) {
  const item = (i: number) => JSON.stringify({ id: `x-${i}`, title: 'x'.repeat(1000) });
  const perItem = item(0).length + 1;
  const count = Math.ceil(bytes / perItem);
  const body = (i: number) => `${i === 0 ? '[' : ','}${item(i)}${i === count - 1 ? ']' : ''}`;
  const total = Array.from({ length: count }, (_, i) => Buffer.byteLength(body(i))).reduce((a, b) => a + b, 0);
  res.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(total) } : {}) });
  let i = 0;
  const write = () => {
    while (i < count && !res.destroyed) {
      const more = res.write(body(i++));
      if (!more) return void res.once('drain', write);
    }
    res.end();
  };
  res.on('close', () => (i = count));
  write();
}

/**
 * Fixed windows aligned to multiples of `windowMs` since the epoch. Sets the
 * rate-limit headers on the response (docs/portal-api.md, Rate limits §2–3); answers 429 and
 * returns false past the limit.
 */
function applyRateLimit(res: ServerResponse, { limit, windowMs, burst }: NonNullable<Workspace['rateLimit']>, record: WorkspaceStats, now: number): boolean {
  const window = Math.floor(now / windowMs);
  const windowEnd = (window + 1) * windowMs;
  const used = (record.requestsByWindow[window] ?? 0) + 1;
  record.requestsByWindow[window] = used;
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - used)));
  res.setHeader('X-RateLimit-Reset', String(Math.ceil(windowEnd / 1000)));
  const burstWindow = burst ? Math.floor(now / burst.windowMs) : 0;
  const burstUsed = burst ? (record.requestsByBurstWindow[burstWindow] = (record.requestsByBurstWindow[burstWindow] ?? 0) + 1) : 0;
  const overBurst = burst !== undefined && burstUsed > burst.limit;
  if (used <= limit && !overBurst) return true;
  record.rateLimitedByWindow[window] = (record.rateLimitedByWindow[window] ?? 0) + 1;
  const until = overBurst && used <= limit ? (burstWindow + 1) * burst.windowMs : windowEnd;
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil((until - now) / 1000))));
  json(res, 429, {
    error: { code: 'rate_limited', message: 'Rate limit exceeded', details: { limit, window: `${windowMs / 1000}s` }, request_id: `req_${used}` },
  });
  return false;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
