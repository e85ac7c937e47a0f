import { describe, expect, inject, it } from 'vitest';
import { fetchIssueList, fetchProject, sessionOf } from '../../src/portal/client.ts';
import { fetchProjects } from '../../src/portal/workspace.ts';
import { PortalError, WorkspaceNotFoundError } from '../../src/shared/errors.ts';
import { resolveSource } from '../../src/config/source.ts';
import { loadSnapshot } from '../../src/snapshot/load.ts';
import { defineWorkspace, workspaceStats } from '../support/portal-admin.ts';
import { DELETED_MARKER, EXTRA_PROJECT_ID, GONE_PROJECT_ID, HIDDEN_MARKER, SCENARIOS, visibleIssueIds } from '../support/scenarios.ts';

const apiUrl = inject('portalApiUrl');
const client = (workspaceId: string, extra: object = {}) => ({ apiUrl, workspaceId, ...extra });
const allIssueIds = SCENARIOS['ws-paged'].issues.map((i) => (i as { id: string }).id).sort();
const statsOf = (ws: string) => workspaceStats(apiUrl, ws);
/** Error-mapping tests look at one answer; retries are tested in retry.test.ts. */
const noRetry = { retry: { maxAttempts: 1 } };
const fastRetry = { retry: { maxAttempts: 2, baseDelayMs: 5 } };
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PortalError);
  return error as PortalError;
};

describe('issue list paging', () => {
  it('gets every issue from a server that sends pages of 10 whatever take asks', async () => {
    const result = await fetchIssueList(client('ws-paged'));
    expect(result.issues.map((i) => i.id).sort()).toEqual(allIssueIds);
    expect(result.serverIgnoresPaging).toBe(false);
    // 46 issues in pages of 10: five pages, then the empty page that ends paging.
    expect(result.pages).toBe(6);
    // The issue-list requests only: the fixture builds' fetches of this workspace ask for projects between pages.
    const pages = (await statsOf('ws-paged')).requests.filter((request) => request.includes('/issues/'));
    expect(pages[1]).toContain('skip=10&take=100');
  });

  it('gets every issue, once, from a server that ignores skip and take', async () => {
    const result = await fetchIssueList(client('ws-whole'));
    expect(result.issues.map((i) => i.id).sort()).toEqual(allIssueIds);
    expect(result.serverIgnoresPaging).toBe(true);
    expect(result.pages).toBe(2);
  });

  it('pages with the take it asks for when the server honours it', async () => {
    const result = await fetchIssueList(client('ws-skip-take', { pageSize: 20 }));
    expect(result.issues).toHaveLength(allIssueIds.length);
    expect(result.pages).toBe(4);
  });

  it("stops when the run's answers together pass the fetch budget, naming it, however small each answer is", async () => {
    // Its pages are about 8 KB each, each well under the per-answer cap: the third passes a budget of 20 KB.
    const error = await failure(fetchIssueList(client('ws-paged', { maxFetchBytes: 20 * 1024, ...noRetry })));
    expect(error.kind).toBe('too-large');
    expect(error.message).toMatch(
      /skip=20&take=100 stopped: this run has read 1\d{4} bytes from the portal, and the next answer would pass the 20480 bytes a fetch may read in all\..*raise PORTAL_MAX_FETCH_BYTES\.$/,
    );
  });

  it('stops at the page bound with a clear error instead of paging for ever', async () => {
    const error = await failure(fetchIssueList(client('ws-paged', { maxPages: 2 })));
    expect(error.kind).toBe('too-many-pages');
    expect(error.message).toMatch(/did not end within 2 pages \(20 issues so far\)/);
  });
});

describe('projects', () => {
  it('returns a project, and undefined for one that answers 404', async () => {
    const id = (SCENARIOS['ws-paged'].issues[0] as { projectId: string }).projectId;
    expect((await fetchProject(client('ws-paged'), id))?.id).toBe(id);
    expect(await fetchProject(client('ws-paged'), GONE_PROJECT_ID)).toBeUndefined();
  });

  it('fetches many with bounded concurrency and lists the missing ones', async () => {
    const ids = Object.keys(SCENARIOS['ws-slow-projects'].projects);
    const seen: number[] = [];
    const options = client('ws-slow-projects', { concurrency: 2, onProjectFetched: (done: number) => seen.push(done) });
    const result = await fetchProjects(options, [...ids, GONE_PROJECT_ID]);
    expect(result.projects.map((p) => p.id).sort()).toEqual([...ids].sort());
    expect(result.missing).toEqual([GONE_PROJECT_ID]);
    expect(seen).toEqual(Array.from({ length: ids.length + 1 }, (_, i) => i + 1));
    expect((await statsOf('ws-slow-projects')).peakProjectConcurrency).toBe(2);
  });
});

describe('errors', () => {
  it('turns "Workspace not found" into a message about the id or publishing', async () => {
    const error = await failure(fetchIssueList(client('no-such-workspace')));
    expect(error).toBeInstanceOf(WorkspaceNotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
    expect(error.url).toContain('/issues/no-such-workspace');
    expect(error.message).toMatch(/workspace id is wrong, or its portal\/roadmap is not published/);
  });

  it('reads the authentication error shape, with the request id', async () => {
    const error = await failure(fetchIssueList(client('ws-unauthenticated')));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'unauthenticated', requestId: 'req_abc123' });
    expect(error.message).toContain('API key revoked or unknown');
  });

  it('reads the declared error shape', async () => {
    const error = await failure(fetchIssueList(client('ws-forbidden')));
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    expect(error.message).toContain('Portal is disabled on this plan');
  });

  it('reports an HTML 502 page in one short line, after retrying it', async () => {
    const error = await failure(fetchIssueList(client('ws-html-502', fastRetry)));
    expect(error).toMatchObject({ status: 502, kind: 'http', attempts: 2 });
    expect(error.message).toContain('502 Bad Gateway nginx');
    expect(error.message).toContain('gave up after 2 attempts');
    expect(error.message).not.toContain('<');
  });

  it('reads bytes that are not UTF-8 as U+FFFD, and the load warns once, naming the fix', async () => {
    const [first] = SCENARIOS['ws-whole'].issues as { id: string; title: string }[];
    await defineWorkspace(apiUrl, 'ws-latin1', { ...SCENARIOS['ws-whole'], issues: [{ ...first!, title: 'Café' }], failure: { kind: 'latin1' } });
    const warnings: string[] = [];
    const snapshot = await loadSnapshot({ kind: 'api', portal: { apiUrl, workspaceId: 'ws-latin1' }, extraProjectIds: [] }, { onWarning: (message) => warnings.push(message) });
    expect(snapshot.issues.map((issue) => issue.title)).toEqual(['Caf\uFFFD']);
    expect(warnings.filter((message) => message.includes('UTF-8'))).toEqual([
      '2 answer(s) of the portal had bytes that are not UTF-8; each such byte is shown as "\uFFFD". The portal should send UTF-8 JSON (RFC 8259).',
    ]);
  });

  it('reports a truncated body as invalid JSON, with the cause', async () => {
    const error = await failure(fetchIssueList(client('ws-truncated', noRetry)));
    expect(error.kind).toBe('invalid-json');
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });

  it('reports a 200 of the wrong shape with the JSON path', async () => {
    expect(await failure(fetchIssueList(client('ws-wrong-shape')))).toMatchObject({ kind: 'schema', path: '(root)' });
    const bad = await failure(fetchIssueList(client('ws-bad-field')));
    expect(bad).toMatchObject({ kind: 'schema', path: '[0].upvotes' });
    expect(bad.message).toMatch(/wrong shape.*at \[0\]\.upvotes/);
  });

  it('times out a slow server', async () => {
    const error = await failure(fetchIssueList(client('ws-slow', { timeoutMs: 300, ...noRetry })));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('timed out after 300 ms');
  });

  it('stops a request on its way when the run aborts it, at once and without retrying it', async () => {
    // The server answers after 3 s; the run gives up after 100 ms (a failure elsewhere in it, say).
    const session = sessionOf(client('ws-slow'));
    const run = new AbortController();
    const started = Date.now();
    const request = session.getJson(new URL(`${apiUrl}/issues/ws-slow`), { signal: run.signal });
    setTimeout(() => run.abort(), 100);
    const error = await request.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(session.stats).toMatchObject({ requests: 1, retries: 0 });
  });

  it('reports a refused connection as a network error', async () => {
    const error = await failure(fetchIssueList({ apiUrl: 'http://127.0.0.1:9/api/v1', workspaceId: 'x', ...fastRetry }));
    expect(error.kind).toBe('network');
    expect(error.cause).toBeDefined();
  });
});

// The fake portal answers 400 to any Authorization header (docs/portal-api.md, Authentication §1), so every passing request here also shows none is sent.
describe('snapshot from the live portal', () => {
  it('holds every visible issue and project, never a hidden one, and names the 404 project once', async () => {
    const missing: string[][] = [];
    const env = { PORTAL_API_URL: apiUrl, PORTAL_WORKSPACE_ID: 'ws-paged', PORTAL_PROJECT_IDS: EXTRA_PROJECT_ID };
    const { parseEnv } = await import('../../src/config/env.ts');
    const snapshot = await loadSnapshot(resolveSource(parseEnv(env), process.cwd()), { onMissingProjects: (ids) => missing.push(ids) });
    expect(snapshot.issues.map((i) => i.id).sort()).toEqual(visibleIssueIds().sort());
    expect(snapshot.projects.map((p) => p.id)).toContain(EXTRA_PROJECT_ID);
    expect(snapshot.missingProjectIds).toEqual([GONE_PROJECT_ID]);
    expect(missing).toEqual([[GONE_PROJECT_ID]]);
    expect(snapshot.issues.find((i) => i.id === 'orphan-1')?.projectId).toBeNull();
    const text = JSON.stringify(snapshot);
    expect(text).not.toContain(HIDDEN_MARKER);
    expect(text).not.toContain(DELETED_MARKER);
  });
});

describe('an API root that is off', () => {
  it('names PORTAL_API_URL and its /v1 ending when the root answers 404 for the issue list', async () => {
    const error = await failure(fetchIssueList({ ...client('ws-whole'), apiUrl: apiUrl.replace(/\/v1$/, ''), ...noRetry }));
    expect(error.status).toBe(404);
    expect(error.message).toContain('Check PORTAL_API_URL: it is the root of the v1 API, its path ending in /v1');
  });

  it('names PORTAL_API_URL when nothing answers at its host and port', async () => {
    const error = await failure(fetchIssueList({ ...client('ws-whole'), apiUrl: 'http://127.0.0.1:9/api/v1', ...noRetry }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('Check PORTAL_API_URL (scheme, host and port)');
  });
});
