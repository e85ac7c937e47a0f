/**
 * A portal that answers with hostile or broken HTTP: redirects, statuses other
 * than 200, bodies larger than any workspace, error messages meant to steer a
 * CI log, ids that are no path segment, and a project that answers with
 * another id. Against the shared fake portal; no build.
 */
import { describe, expect, inject, it } from 'vitest';
import { fetchIssueList } from '../../src/portal/client.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/portal/http.ts';
import { PortalError } from '../../src/shared/errors.ts';
import { loadSnapshot } from '../../src/snapshot/load.ts';
import type { Failure, Workspace } from '../support/fake-portal.ts';
import { defineWorkspace, workspaceStats } from '../support/portal-admin.ts';

const apiUrl = inject('portalApiUrl');
let counter = 0;

async function workspace(definition: Partial<Workspace>): Promise<string> {
  const id = `hostile-portal-${process.pid}-${++counter}`;
  await defineWorkspace(apiUrl, id, { issues: [], projects: {}, paging: { mode: 'whole' }, ...definition });
  return id;
}

const failing = (failure: Failure) => workspace({ failure });

async function failure(promise: Promise<unknown>): Promise<PortalError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PortalError);
  return error as PortalError;
}

const retries = { retry: { maxAttempts: 3, baseDelayMs: 1 } };

describe('statuses other than 200', () => {
  it('reads a 307 with an empty list as an error naming its Location, and does not retry it', async () => {
    const id = await failing({ kind: 'redirect', status: 307, location: 'https://elsewhere.example/v1/issues/x', body: [] });
    const error = await failure(fetchIssueList({ apiUrl, workspaceId: id, ...retries }));
    expect(error).toMatchObject({ kind: 'http', status: 307 });
    expect(error.message).toContain('Location https://elsewhere.example/v1/issues/x');
    expect((await workspaceStats(apiUrl, id)).requests).toHaveLength(1);
  });

  it('reads a 204 or a 201 as an error, not as data', async () => {
    for (const status of [201, 204]) {
      const id = await failing({ kind: 'status', status, ...(status === 201 ? { body: [] } : {}) });
      const error = await failure(fetchIssueList({ apiUrl, workspaceId: id, ...retries }));
      expect(error, String(status)).toMatchObject({ kind: 'http', status });
      expect((await workspaceStats(apiUrl, id)).requests, String(status)).toHaveLength(1);
    }
  });
});

describe('the response size cap', () => {
  it('stops reading a body larger than the cap, announced or not, and says which variable raises it', async () => {
    for (const announce of [true, false]) {
      const id = await failing({ kind: 'huge', bytes: 2_000_000, announce });
      const error = await failure(fetchIssueList({ apiUrl, workspaceId: id, maxResponseBytes: 200_000, ...retries }));
      expect(error.kind, String(announce)).toBe('too-large');
      expect(error.message).toMatch(/more than the 200000 bytes allowed.*PORTAL_MAX_RESPONSE_BYTES/);
      expect((await workspaceStats(apiUrl, id)).requests, 'not retried').toHaveLength(1);
    }
  });

  it('reads a body just under the cap', async () => {
    const id = await failing({ kind: 'huge', bytes: 150_000, announce: false });
    const { issues } = await fetchIssueList({ apiUrl, workspaceId: id, maxResponseBytes: 200_000 });
    expect(issues.length).toBe(Math.ceil(150_000 / (JSON.stringify({ id: 'x-0', title: 'x'.repeat(1000) }).length + 1)));
  });

  it('defaults to 32 MiB', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(33_554_432);
  });
});

describe('error bodies', () => {
  it('quotes at most about 500 characters of a message, on one line, with no workflow command', async () => {
    const id = await failing({ kind: 'message', status: 400, message: `bad\n::error title=pwned::owned\u001b[31m ${'x'.repeat(200_000)}` });
    const error = await failure(fetchIssueList({ apiUrl, workspaceId: id }));
    expect(error.message.length).toBeLessThan(800);
    expect(error.message).not.toMatch(/[\n\u001b]/);
    expect(error.message).not.toMatch(/^\s*::/m);
    expect(error.message).toContain('more characters');
  });
});

describe('ids', () => {
  const issue = (id: string, projectId: string | null) => ({ id, title: `Issue ${id}`, status: 'Todo', projectId });

  it('keeps the first of an id repeated within one page, and names it', async () => {
    const id = await workspace({ issues: [{ ...issue('a', null), title: 'first' }, issue('b', null), { ...issue('a', null), title: 'second' }] });
    const warnings: string[] = [];
    const snapshot = await loadSnapshot({ kind: 'api', portal: { apiUrl, workspaceId: id }, extraProjectIds: [] }, { onWarning: (m) => warnings.push(m) });
    expect(snapshot.issues.map((i) => [i.id, i.title])).toEqual([
      ['a', 'first'],
      ['b', 'Issue b'],
    ]);
    expect(warnings).toEqual(['1 issue id(s) came more than once in one page of the issue list; the first of each is kept: "a"']);
  });

  it('publishes no copy of an id when a later copy is hidden, across the dedupe of the list', async () => {
    const id = await workspace({ issues: [issue('a', null), issue('b', null), { ...issue('a', null), title: 'HIDDEN', isVisible: false }] });
    const snapshot = await loadSnapshot({ kind: 'api', portal: { apiUrl, workspaceId: id }, extraProjectIds: [] });
    expect(snapshot.issues.map((i) => i.id)).toEqual(['b']);
  });

  it('never requests a project id that is no path segment, and names it', async () => {
    const id = await workspace({ issues: [issue('a', '..'), issue('b', '.'), issue('c', 'p1')], projects: { p1: { id: 'p1', name: 'P1' } } });
    const warnings: string[] = [];
    const snapshot = await loadSnapshot({ kind: 'api', portal: { apiUrl, workspaceId: id }, extraProjectIds: [] }, { onWarning: (m) => warnings.push(m) });
    expect(snapshot.projects.map((p) => p.id)).toEqual(['p1']);
    expect(snapshot.issues.map((i) => i.projectId)).toEqual([null, null, 'p1']);
    expect(warnings).toEqual(['2 project id(s) are not valid path segments ("", "." or "..") and are not requested; their issues are shown without a project: "..", "."']);
    const { requests } = await workspaceStats(apiUrl, id);
    expect(requests.filter((r) => r.includes('/projects/'))).toEqual([`/api/v1/projects/${id}/p1`]);
  });

  it('leaves out a project that answers with another id, naming both', async () => {
    const id = await workspace({ issues: [issue('a', 'asked')], projects: { asked: { id: 'other', name: 'Not the one asked for' } } });
    const warnings: string[] = [];
    const snapshot = await loadSnapshot({ kind: 'api', portal: { apiUrl, workspaceId: id }, extraProjectIds: [] }, { onWarning: (m) => warnings.push(m) });
    expect(snapshot.projects).toEqual([]);
    expect(snapshot.issues[0]?.projectId).toBeNull();
    expect(warnings).toEqual(['project "asked" answered with the project "other" and is left out; its issues are shown without a project']);
  });
});
