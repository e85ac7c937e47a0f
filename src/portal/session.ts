/**
 * One run's worth of portal requests: shared pacing (X-RateLimit-*, 429 +
 * Retry-After), retries of transient faults, and a total deadline.
 *
 * Undici's retry interceptor is not used: it does not jitter, caps
 * Retry-After at its maxTimeout, and does not pace by the rate-limit headers,
 * all of which the service asks for (docs/portal-api.md, Rate limits §2–4).
 */
import { PortalError } from '../shared/errors.ts';
import { DEFAULT_MAX_FETCH_BYTES, DEFAULT_MAX_RESPONSE_BYTES, getJson, type JsonResponse } from './http.ts';
import { PacerWaitTooLong, readRetryAfter, RequestPacer, systemClock, type PacerClock, type ReadLimits } from './pacer.ts';

export interface RetryOptions {
  /** Tries per request for 5xx, network errors, timeouts and cut-short bodies. */
  maxAttempts: number;
  /** First backoff ceiling; doubles per attempt (full jitter: a random wait up to the ceiling). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** 429s tolerated per request before giving up. */
  maxRateLimited: number;
  /** Whole-run budget, from the session's start. */
  deadlineMs: number;
}

export const RETRY_DEFAULTS: RetryOptions = { maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 20_000, maxRateLimited: 10, deadlineMs: 10 * 60_000 };

export interface SessionStats {
  requests: number;
  rateLimited: number;
  retries: number;
  /** Answers with bytes that are not UTF-8 (read as U+FFFD). */
  notUtf8: number;
}

/** How one request of a run is sent. */
export interface RequestOptions {
  /** Once it aborts, the request stops (waiting, in flight or backing off) and fails with the abort's reason. */
  signal?: AbortSignal | undefined;
  /** The share of the burst (0–1) this request leaves to others, asked at each wait (`RequestPacer.acquire`). */
  keepFree?: (() => number) | undefined;
}

export interface PortalSession {
  /** One GET, paced and retried. */
  getJson(url: URL, request?: RequestOptions): Promise<JsonResponse>;
  readonly stats: SessionStats;
}

interface SessionOptions {
  timeoutMs: number;
  /** Largest response body, in bytes (see `DEFAULT_MAX_RESPONSE_BYTES`). */
  maxResponseBytes?: number | undefined;
  /** Most bytes the whole run reads, in all its answers (see `DEFAULT_MAX_FETCH_BYTES`). */
  maxFetchBytes?: number | undefined;
  retry?: Partial<RetryOptions> | undefined;
  clock?: PacerClock;
  /** The read limits the run keeps to on its own count; the documented ones (`DOCUMENTED_READ_LIMITS`) unless a test or the bench scales them. */
  readLimits?: ReadLimits | undefined;
}

/** Whether a failure may go away on its own: 5xx, 429, no answer, a body cut short. */
export function isTransient(error: PortalError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'invalid-json') return true;
  return error.kind === 'http' && error.status !== undefined && (error.status >= 500 || error.status === 429);
}

export function createSession(options: SessionOptions): PortalSession {
  const clock = options.clock ?? systemClock;
  const retry = { ...RETRY_DEFAULTS, ...options.retry };
  const deadline = clock.now() + retry.deadlineMs;
  const pacer = new RequestPacer(clock, options.readLimits);
  const stats: SessionStats = { requests: 0, rateLimited: 0, retries: 0, notUtf8: 0 };

  const secondsLeft = () => Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
  const budget = options.maxFetchBytes ?? DEFAULT_MAX_FETCH_BYTES;
  let spent = 0;

  async function get(url: URL, { signal, keepFree }: RequestOptions = {}): Promise<JsonResponse> {
    let attempts = 0;
    let rateLimited = 0;
    for (;;) {
      try {
        await pacer.acquire(deadline, signal, keepFree);
      } catch (error) {
        signal?.throwIfAborted();
        if (!(error instanceof PacerWaitTooLong)) throw error;
        const [why, what] = WAIT_WORDS[error.reason];
        throw deadlineError(url, `${why} ${Math.ceil(error.waitMs / 1000)} s${what}, past the run's deadline in ${secondsLeft()} s`);
      }
      const left = deadline - clock.now();
      if (left <= 0) throw deadlineError(url, `the run's deadline of ${retry.deadlineMs} ms has passed`);
      stats.requests++;
      attempts++;
      // Each answer may use what is left of the run's budget, and no more than its own cap.
      const perAnswer = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
      const maxResponseBytes = Math.min(perAnswer, budget - spent);
      try {
        const response = await getJson(url, { timeoutMs: Math.min(options.timeoutMs, left), maxResponseBytes, signal });
        spent += response.bytes;
        if (response.notUtf8) stats.notUtf8++;
        pacer.observe(response.headers);
        return response;
      } catch (error) {
        if (signal?.aborted) {
          // It was counted as sent and may have reached the portal: it counts as answered now.
          pacer.observe({});
          throw signal.reason;
        }
        if (!(error instanceof PortalError)) throw error;
        if (error.kind === 'too-large' && maxResponseBytes < perAnswer) throw budgetError(url, budget, spent, error);
        pacer.observe(error.headers);
        if (!isTransient(error)) throw error;
        if (error.status === 429) {
          stats.rateLimited++;
          rateLimited++;
          attempts--;
          // Wait the full Retry-After (docs/portal-api.md, Rate limits §3–4); without one, wait for the window to reset.
          const wait = readRetryAfter(error.headers, clock.now()) ?? retry.baseDelayMs;
          if (clock.now() + wait > deadline) {
            throw deadlineError(url, `the portal asked to wait ${Math.ceil(wait / 1000)} s (Retry-After), past the run's deadline in ${secondsLeft()} s`, error);
          }
          if (rateLimited > retry.maxRateLimited) throw withAttempts(error, `still rate limited after ${rateLimited} waits`, attempts + rateLimited);
          pacer.block(clock.now() + wait);
          continue;
        }
        if (attempts >= retry.maxAttempts) throw attempts > 1 ? withAttempts(error, `gave up after ${attempts} attempts`, attempts) : error;
        const backoff = clock.random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempts - 1));
        if (clock.now() + backoff > deadline) throw deadlineError(url, `retrying would pass the run's deadline (last failure: ${error.message})`, error);
        stats.retries++;
        // Only an abort ends the sleep early, and then the run fails with the abort's reason.
        await clock.sleep(backoff, signal).catch(() => {});
        signal?.throwIfAborted();
      }
    }
  }

  return { getJson: get, stats };
}

/** How a deadline error names each wait: what it waits for, and where that comes from. */
const WAIT_WORDS: Record<PacerWaitTooLong['reason'], [string, string]> = {
  'retry-after': ['the portal asked to wait', ' (Retry-After)'],
  window: ['the rate-limit window resets in', ' (X-RateLimit-Reset)'],
  'read-limit': ["the portal's documented read limit allows the next request in", ' (reads a minute, and their burst over 10 s)'],
};

function budgetError(url: URL, budget: number, spent: number, cause: PortalError): PortalError {
  return new PortalError(
    `GET ${url} stopped: this run has read ${spent} bytes from the portal, and the next answer would pass the ${budget} bytes a fetch may read in all. ` +
      'A portal that never stops paging looks like this; if the workspace really is this large, raise PORTAL_MAX_FETCH_BYTES.',
    { kind: 'too-large', url: url.toString(), status: cause.status, headers: cause.headers, cause },
  );
}

function deadlineError(url: URL, reason: string, cause?: PortalError): PortalError {
  return new PortalError(`GET ${url} stopped: ${reason}. Run again later, or raise PORTAL_DEADLINE_MS.`, {
    kind: 'deadline',
    url: url.toString(),
    status: cause?.status,
    code: cause?.code,
    requestId: cause?.requestId,
    cause,
  });
}

function withAttempts(error: PortalError, note: string, attempts: number): PortalError {
  const Kind = error.constructor as typeof PortalError;
  return new Kind(`${error.message} (${note})`, {
    kind: error.kind,
    url: error.url,
    status: error.status,
    code: error.code,
    requestId: error.requestId,
    path: error.path,
    headers: error.headers,
    attempts,
    cause: error,
  });
}
