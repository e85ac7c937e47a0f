/**
 * One GET of a JSON document from the portal, with a timeout and a size cap,
 * mapped to typed errors. Only a 200 whose body is JSON counts as data; a
 * redirect is an error naming its `Location` (the API never redirects, so one
 * means a wrong PORTAL_API_URL or a proxy in the way). Uses undici's
 * `request` (never Node's global fetch with an undici 8 dispatcher: Node
 * bundles undici 7 and the two do not mix).
 */
import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { PortalError, WorkspaceNotFoundError } from '../shared/errors.ts';
import { logText } from '../shared/text.ts';
import { parseErrorBody } from './error-body.ts';

/**
 * Default cap on one response body: 32 MiB. The issue list of a synthetic
 * 10,000-issue workspace (test/support/synthetic.ts) is 5.9 MiB in one body
 * (a server that ignores paging sends it all at once); real descriptions run
 * longer, so the cap leaves more than 5 times that, and stays far below what
 * makes V8 run out of string length (about 512 MiB).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Most bytes one run reads from the portal in all its answers (default of
 * `PORTAL_MAX_FETCH_BYTES`). The per-answer cap alone does not bound a run: a
 * portal that keeps answering full pages, each just under that cap, grew a
 * fetch past 3.7 GB until Node aborted. 256 MiB is some ten times the issue
 * list of a 100,000-issue workspace.
 */
export const DEFAULT_MAX_FETCH_BYTES = 256 * 1024 * 1024;

interface GetJsonOptions {
  /** Whole-request deadline in milliseconds: connect, headers and body. */
  timeoutMs: number;
  /** Largest body read, in bytes (default `DEFAULT_MAX_RESPONSE_BYTES`). */
  maxResponseBytes?: number | undefined;
  /** Stops the request, headers or body, when the run gives up on it; it then fails with the abort's reason. */
  signal?: AbortSignal | undefined;
}

export interface JsonResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Bytes of the body as read. */
  bytes: number;
  /** The body had bytes that are not UTF-8, each read as U+FFFD (�). */
  notUtf8: boolean;
}

/** Identifies us to the operator; the portal endpoints need no auth header (docs/portal-api.md, Authentication §1). */
const USER_AGENT = 'portal-roadmap (+static roadmap site generator)';

/** The message the portal issue list fails with for an unpublished or unknown workspace (docs/portal-api.md, Workspace not found §1–3). */
const WORKSPACE_NOT_FOUND = /workspace not found/i;

export async function getJson(url: URL, options: GetJsonOptions): Promise<JsonResponse> {
  const shownUrl = url.toString();
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: 'GET',
      headers: { accept: 'application/json', 'user-agent': USER_AGENT },
      signal,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  } catch (cause) {
    options.signal?.throwIfAborted();
    throw transportError(cause, shownUrl, options.timeoutMs, timeout);
  }

  const status = response.statusCode;
  if (status >= 300 && status < 400) {
    await response.body.dump().catch(() => {});
    throw redirectError(status, shownUrl, response.headers);
  }

  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  let text: string;
  let notUtf8: boolean;
  try {
    ({ text, notUtf8 } = await readCapped(response, limit, shownUrl));
  } catch (cause) {
    if (cause instanceof PortalError) throw cause;
    options.signal?.throwIfAborted();
    const failure = transportError(cause, shownUrl, options.timeoutMs, timeout);
    throw new PortalError(`${failure.message} while reading the response body (HTTP ${status})`, {
      kind: failure.kind,
      url: shownUrl,
      status,
      headers: response.headers,
      cause,
    });
  }

  if (status >= 400) throw httpError(status, text, shownUrl, response.headers);
  if (status !== 200) {
    throw new PortalError(`GET ${shownUrl} answered HTTP ${status}, not 200: only a 200 with a JSON body is read as data.`, {
      kind: 'http',
      url: shownUrl,
      status,
      headers: response.headers,
    });
  }

  try {
    return { status: response.statusCode, headers: response.headers, body: JSON.parse(text), bytes: Buffer.byteLength(text), notUtf8 };
  } catch (cause) {
    const what = text.trim() === '' ? 'an empty body' : 'a body that is not valid JSON (truncated or not JSON at all)';
    throw new PortalError(`GET ${shownUrl} answered HTTP ${response.statusCode} with ${what}.`, {
      kind: 'invalid-json',
      url: shownUrl,
      status: response.statusCode,
      headers: response.headers,
      cause,
    });
  }
}

/**
 * The body as text, read up to `limit` bytes: a larger body (announced by
 * `content-length`, or found while reading) stops the download and fails,
 * instead of being held in memory whole.
 */
async function readCapped(response: Dispatcher.ResponseData, limit: number, url: string): Promise<{ text: string; notUtf8: boolean }> {
  const tooLarge = (size: string) => {
    response.body.destroy();
    return new PortalError(
      `GET ${url} answered with a body of ${size}, more than the ${limit} bytes allowed. ` + 'If the workspace really is this large, raise PORTAL_MAX_RESPONSE_BYTES.',
      { kind: 'too-large', url, status: response.statusCode, headers: response.headers },
    );
  };
  const announced = Number(response.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) throw tooLarge(`${announced} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(`more than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  // JSON is UTF-8 (RFC 8259 §8.1). Bytes that are not are read as U+FFFD, and the run says so rather than show it silently.
  const bytes = Buffer.concat(chunks, size);
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), notUtf8: false };
  } catch {
    return { text: new TextDecoder().decode(bytes), notUtf8: true };
  }
}

function redirectError(status: number, url: string, headers: JsonResponse['headers']): PortalError {
  const location = headers.location;
  const target = location === undefined ? 'no Location header' : `Location ${logText(Array.isArray(location) ? location.join(', ') : location, 300)}`;
  return new PortalError(`GET ${url} answered HTTP ${status}, a redirect (${target}). The portal API does not redirect: check PORTAL_API_URL (scheme, host and path).`, {
    kind: 'http',
    url,
    status,
    headers,
  });
}

function httpError(status: number, text: string, url: string, headers: JsonResponse['headers']): PortalError {
  const body = parseErrorBody(text);
  const details = { kind: 'http' as const, url, status, code: body.code, requestId: body.requestId, headers };
  if (body.message && WORKSPACE_NOT_FOUND.test(body.message)) {
    return new WorkspaceNotFoundError(
      `The portal answered "Workspace not found" for ${url}: the workspace id is wrong, or its portal/roadmap is not published. ` +
        "Check PORTAL_WORKSPACE_ID, and publish the portal or roadmap in the service's settings.",
      details,
    );
  }
  const parts = [`GET ${url} failed with HTTP ${status}`];
  if (body.code) parts.push(`code ${body.code}`);
  if (body.message) parts.push(body.message);
  if (body.requestId) parts.push(`request_id ${body.requestId}`);
  // A 404 that is not the workspace's own answer is most often an API root without its version (…/api for …/api/v1).
  const hint = status === 404 ? ' Check PORTAL_API_URL: it is the root of the v1 API, its path ending in /v1 (e.g. https://api.example.com/v1).' : '';
  return new PortalError(`${parts.join(': ')}.${hint}`, details);
}

function transportError(cause: unknown, url: string, timeoutMs: number, signal: AbortSignal): PortalError {
  const timedOut =
    signal.aborted || cause instanceof undiciErrors.HeadersTimeoutError || cause instanceof undiciErrors.BodyTimeoutError || cause instanceof undiciErrors.ConnectTimeoutError;
  if (timedOut) {
    return new PortalError(`GET ${url} timed out after ${timeoutMs} ms`, { kind: 'timeout', url, cause });
  }
  const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\.$/, '');
  return new PortalError(`GET ${url} failed: ${reason}. Check PORTAL_API_URL (scheme, host and port), and that this machine reaches it.`, { kind: 'network', url, cause });
}
