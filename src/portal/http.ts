/**
 * One GET of a JSON document from the portal, with a timeout, mapped to typed
 * errors. Uses undici's `request` (never Node's global fetch with an undici 8
 * dispatcher: Node bundles undici 7 and the two do not mix).
 */
import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { PortalError, WorkspaceNotFoundError } from '../shared/errors.ts';
import { parseErrorBody } from './error-body.ts';

interface GetJsonOptions {
  /** Whole-request deadline in milliseconds: connect, headers and body. */
  timeoutMs: number;
}

export interface JsonResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** Identifies us to the operator; the portal endpoints need no auth header (docs/portal-api.md, Authentication §1). */
const USER_AGENT = 'portal-roadmap (+static roadmap site generator)';

/** The message the portal issue list fails with for an unpublished or unknown workspace (docs/portal-api.md, Workspace not found §1–3). */
const WORKSPACE_NOT_FOUND = /workspace not found/i;

export async function getJson(url: URL, options: GetJsonOptions): Promise<JsonResponse> {
  const shownUrl = url.toString();
  const signal = AbortSignal.timeout(options.timeoutMs);
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
    throw transportError(cause, shownUrl, options.timeoutMs, signal);
  }

  let text: string;
  try {
    text = await response.body.text();
  } catch (cause) {
    const failure = transportError(cause, shownUrl, options.timeoutMs, signal);
    throw new PortalError(`${failure.message} while reading the response body (HTTP ${response.statusCode})`, {
      kind: failure.kind,
      url: shownUrl,
      status: response.statusCode,
      headers: response.headers,
      cause,
    });
  }

  if (response.statusCode >= 400) throw httpError(response.statusCode, text, shownUrl, response.headers);

  try {
    return { status: response.statusCode, headers: response.headers, body: JSON.parse(text) };
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

function httpError(status: number, text: string, url: string, headers: JsonResponse['headers']): PortalError {
  const body = parseErrorBody(text);
  const details = { kind: 'http' as const, url, status, code: body.code, requestId: body.requestId, headers };
  if (body.message && WORKSPACE_NOT_FOUND.test(body.message)) {
    return new WorkspaceNotFoundError(
      `The portal answered "Workspace not found" for ${url}: the workspace id is wrong, or its portal/roadmap is not published. ` +
        'Check PORTAL_WORKSPACE_ID, and publish the portal or roadmap in the service\'s settings.',
      details,
    );
  }
  const parts = [`GET ${url} failed with HTTP ${status}`];
  if (body.code) parts.push(`code ${body.code}`);
  if (body.message) parts.push(body.message);
  if (body.requestId) parts.push(`request_id ${body.requestId}`);
  return new PortalError(`${parts.join(': ')}.`, details);
}

function transportError(cause: unknown, url: string, timeoutMs: number, signal: AbortSignal): PortalError {
  const timedOut =
    signal.aborted ||
    cause instanceof undiciErrors.HeadersTimeoutError ||
    cause instanceof undiciErrors.BodyTimeoutError ||
    cause instanceof undiciErrors.ConnectTimeoutError;
  if (timedOut) {
    return new PortalError(`GET ${url} timed out after ${timeoutMs} ms`, { kind: 'timeout', url, cause });
  }
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new PortalError(`GET ${url} failed: ${reason}`, { kind: 'network', url, cause });
}
