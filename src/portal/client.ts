/**
 * Client of the two public portal endpoints (docs/portal-api.md, List issues; Get project):
 * - `GET /issues/{workspaceId}`: the issue list, an array;
 * - `GET /projects/{workspaceId}/{projectId}`: one project.
 * Neither needs authentication, so no auth header is ever sent.
 */
import type { z } from 'zod';
import { jsonPath } from '../shared/friendly-errors.ts';
import { ApiIssueListSchema, ApiProjectSchema, isPortalVisible, type ApiIssue, type ApiProject } from './api-schemas.ts';
import { PortalError } from '../shared/errors.ts';
import { createSession, type PortalSession, type RetryOptions } from './session.ts';

export interface PortalClientOptions {
  /** Root of the v1 API, `{base_url_v1}` (docs/portal-api.md, Versioning §1), e.g. `https://api.example.com/v1`. */
  apiUrl: string;
  workspaceId: string;
  /** Deadline of each request, in milliseconds. */
  timeoutMs?: number;
  /** Largest response body, in bytes (`PORTAL_MAX_RESPONSE_BYTES`; default `DEFAULT_MAX_RESPONSE_BYTES`). */
  maxResponseBytes?: number;
  /** Most bytes of all the run's answers together (`PORTAL_MAX_FETCH_BYTES`; default `DEFAULT_MAX_FETCH_BYTES`). */
  maxFetchBytes?: number;
  /** `take` asked for per issue-list page. The server may send fewer. */
  pageSize?: number;
  /** Bound on issue-list pages, so a server that never stops paging cannot hang a build. */
  maxPages?: number;
  /** Project requests in flight at once. */
  concurrency?: number;
  /** Retry and deadline settings (see `RETRY_DEFAULTS`). */
  retry?: Partial<RetryOptions>;
  /** Shared pacing, retries and deadline; one is made when absent. Pass one session to every call of a run. */
  session?: PortalSession;
  /** Told after each project request, for progress output. */
  onProjectFetched?: (done: number, total: number) => void;
  /** Stops the run's requests when it aborts (they then fail with its reason). */
  signal?: AbortSignal | undefined;
}

/** The options' session, or a new one: every request of a run should share one, so pacing sees them all. */
export function sessionOf(options: PortalClientOptions): PortalSession {
  return (
    options.session ??
    createSession({
      timeoutMs: options.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs,
      retry: options.retry,
      maxResponseBytes: options.maxResponseBytes,
      maxFetchBytes: options.maxFetchBytes,
    })
  );
}

/**
 * `concurrency`: project requests in flight at once. The pacer, not this, keeps a run within the documented limits
 * (src/portal/pacer.ts); this only has to be high enough to use the burst: at 100 ms a request, 8 in flight send
 * 80 a second, more than the 33 a second a burst of 333 over 10 s averages (docs/portal-api.md, Rate limits §1).
 */
export const CLIENT_DEFAULTS = { timeoutMs: 15_000, pageSize: 100, maxPages: 1_000, concurrency: 8 } as const;

export interface IssueListResult {
  issues: ApiIssue[];
  /** Ids that came twice within one page: not a paging overlap but repeated data. The first copy is kept. */
  repeatedInOnePage: string[];
  /** Requests made; the last one is the empty or repeated page that ended paging. */
  pages: number;
  /** True when the server returned the same page again: it ignores skip/take. */
  serverIgnoresPaging: boolean;
}

/**
 * Reads every issue. v1 pages with `skip`/`take` (docs/portal-api.md, Paging (v1 skip/take) §1),
 * but this endpoint's parameters are not named (docs/portal-api.md, List issues §4),
 * so two server behaviours are handled:
 * - it pages, possibly with its own smaller page size: `skip` advances by the
 *   number of issues actually received, and paging ends on an empty page, never
 *   on a short one;
 * - it ignores the parameters and sends the whole list each time: a page that
 *   brings no new id ends paging.
 * Issues are de-duplicated by id, first occurrence kept, unless a later copy
 * is hidden or deleted: that copy is kept, so normalisation leaves the id out
 * (a privacy flag on any copy wins). An id repeated within one page is
 * reported in `repeatedInOnePage`. `onNewIssues` is told each page's issues
 * of ids not seen before, as the page arrives.
 */
export async function fetchIssueList(options: PortalClientOptions, onNewIssues?: (issues: readonly ApiIssue[]) => void): Promise<IssueListResult> {
  const { pageSize, maxPages } = { ...CLIENT_DEFAULTS, ...definedOnly(options) };
  const session = sessionOf(options);
  const byId = new Map<string, ApiIssue>();
  const repeated = new Set<string>();
  const result = (pages: number, serverIgnoresPaging: boolean): IssueListResult => ({ issues: [...byId.values()], repeatedInOnePage: [...repeated], pages, serverIgnoresPaging });
  let skip = 0;
  for (let page = 1; page <= maxPages; page++) {
    const url = endpoint(options.apiUrl, ['issues', options.workspaceId]);
    url.searchParams.set('skip', String(skip));
    url.searchParams.set('take', String(pageSize));
    const { body } = await session.getJson(url, { signal: options.signal });
    const issues = parseOrThrow(ApiIssueListSchema, body, url, 'an array of issues');
    if (issues.length === 0) return result(page, false);
    const added: ApiIssue[] = [];
    const inThisPage = new Set<string>();
    for (const issue of issues) {
      if (inThisPage.has(issue.id)) repeated.add(issue.id);
      inThisPage.add(issue.id);
      if (!byId.has(issue.id)) {
        byId.set(issue.id, issue);
        added.push(issue);
      } else if (!isPortalVisible(issue)) {
        byId.set(issue.id, issue);
      }
    }
    if (added.length === 0) return result(page, true);
    onNewIssues?.(added);
    skip += issues.length;
  }
  const url = endpoint(options.apiUrl, ['issues', options.workspaceId]).toString();
  throw new PortalError(
    `The issue list did not end within ${maxPages} pages (${byId.size} issues so far) at ${url}. ` + 'Raise the page bound if the workspace really is this large.',
    { kind: 'too-many-pages', url },
  );
}

/** One project, or `undefined` when it answers 404 (unpublished or gone). `keepFree`: see `RequestOptions`. */
export async function fetchProject(options: PortalClientOptions, projectId: string, keepFree?: () => number): Promise<ApiProject | undefined> {
  const url = endpoint(options.apiUrl, ['projects', options.workspaceId, projectId]);
  try {
    const { body } = await sessionOf(options).getJson(url, { signal: options.signal, keepFree });
    return parseOrThrow(ApiProjectSchema, body, url, 'a project object');
  } catch (error) {
    if (error instanceof PortalError && error.kind === 'http' && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * Whether an id can be a path segment of a request. `encodeURIComponent`
 * keeps `.` and `..`, which URL resolution then reads as "this folder" and
 * "the folder above": `/projects/ws/..` would ask for `/projects/`.
 */
export function isRequestableId(id: string): boolean {
  return id !== '' && id !== '.' && id !== '..';
}

/** `{apiUrl}/a/b` with each segment percent-encoded: ids never change the path. */
export function endpoint(apiUrl: string, segments: readonly string[]): URL {
  const bad = segments.find((segment) => !isRequestableId(segment));
  if (bad !== undefined) throw new Error(`${JSON.stringify(bad)} cannot be a path segment of a portal request`);
  const root = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return new URL(segments.map(encodeURIComponent).join('/'), root);
}

function parseOrThrow<S extends z.ZodType>(schema: S, body: unknown, url: URL, expected: string): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const path = first ? jsonPath(first.path) : '(root)';
  throw new PortalError(`GET ${url} returned JSON of the wrong shape: expected ${expected}; at ${path}: ${first?.message ?? 'invalid'}.`, {
    kind: 'schema',
    url: url.toString(),
    path,
    cause: result.error,
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
