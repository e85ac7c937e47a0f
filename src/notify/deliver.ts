/**
 * Posts one message to one service: a JSON POST with undici. Never throws: a chat post must not fail the deploy it
 * follows. The URL is a secret (a webhook URL is its own credential), so nothing this returns names more of it than
 * its host.
 *
 * - **A try has one deadline** for connecting, sending, the status line and headers together (an abort signal):
 *   a receiver that trickles its answer a byte at a time cannot hold the run. The status is all that is read; the
 *   body is dropped unread.
 * - **A run has one deadline** (`deadlineMs`) for all tries and waits, and at most `maxTries` tries.
 * - **Retried only when it cannot post twice**: a 429 or 5xx (the service says it did not take the post), a
 *   connection that never opened, or any failure when the service deduplicates a repeated request by its
 *   `Idempotency-Key` (Mastodon's "Idempotency" in its API guidelines keeps a key for an hour). A try that was sent
 *   and got no answer may have reached the channel: without an idempotency key it is "maybe delivered", never sent
 *   again.
 * - **Waits**: a `Retry-After` (seconds or an HTTP date, as Slack, Discord and Mastodon send it) or an exponential
 *   back-off, never less than one second (`Retry-After: 0` would otherwise make a busy loop, and Discord bans a
 *   client after 10,000 invalid requests in ten minutes: its "Rate Limits" guide).
 * - A 3xx is not followed (a moved webhook is a configuration to fix, and a redirect could carry the secret
 *   elsewhere) and, like any 4xx but 429, not retried.
 */
import { request } from 'undici';

export interface Clock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface Delivery {
  /** `maybe delivered`: sent, with no answer in time; not sent again, as the service might show it twice. */
  outcome: 'delivered' | 'maybe delivered' | 'not delivered';
  tries: number;
  /** Why it did not (surely) arrive, naming the host alone. */
  problem?: string;
}

export interface DeliverOptions {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  clock?: Clock;
  /** Give up after this long, all tries and waits included. */
  deadlineMs?: number;
  /** One try's limit: connecting, sending and the answer's headers together. */
  timeoutMs?: number;
  /** At most this many tries. */
  maxTries?: number;
  /** The service takes a repeated request once (an `Idempotency-Key` among `headers`): any failed try may be repeated. */
  idempotent?: boolean;
}

/**
 * Defaults. A try waits 30 s: Slack, Discord and Teams' Workflows answer a webhook in well under a second, and
 * none documents a longer processing time; Mastodon answers once the status is stored. 90 s for all tries.
 */
export const DELIVERY_DEFAULTS = { timeoutMs: 30_000, deadlineMs: 90_000, maxTries: 5 } as const;
/** The shortest wait between two tries, and the longest back-off. */
export const RETRY_FLOOR_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;

/** Errors raised before a byte of the request left: the service cannot have taken it. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export async function deliver({
  url,
  body,
  headers = {},
  clock = realClock,
  deadlineMs = DELIVERY_DEFAULTS.deadlineMs,
  timeoutMs = DELIVERY_DEFAULTS.timeoutMs,
  maxTries = DELIVERY_DEFAULTS.maxTries,
  idempotent = false,
}: DeliverOptions): Promise<Delivery> {
  const host = new URL(url).host;
  const end = clock.now() + deadlineMs;
  const payload = JSON.stringify(body);
  for (let tries = 1; ; tries++) {
    const attempt = await tryOnce(url, payload, headers, Math.max(1, Math.min(timeoutMs, end - clock.now())), clock.now());
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) return { outcome: 'delivered', tries };
    const problem = attempt.status !== undefined ? `${host} answered ${attempt.status}` : `${host}: ${attempt.error}`;
    const sent = attempt.status === undefined && !NOT_SENT.has(attempt.code ?? '');
    if (sent && !idempotent) return { outcome: 'maybe delivered', tries, problem: `${problem}; not sent again, as it may have arrived` };
    const status = attempt.status ?? 0;
    // A 3xx or a 4xx but 429 is a request the service refuses (a moved or revoked webhook, a bad token): trying again cannot help.
    if (status >= 300 && status < 500 && status !== 429) return { outcome: 'not delivered', tries, problem };
    // The service's Retry-After, but never less than the back-off: 1 s, 2 s, 4 s, … up to 30 s.
    const wait = Math.max(attempt.retryAfterMs ?? 0, Math.min(BACKOFF_CAP_MS, RETRY_FLOOR_MS * 2 ** (tries - 1)));
    if (tries >= maxTries || clock.now() + wait >= end) return { outcome: 'not delivered', tries, problem: `${problem}; gave up after ${tries} ${tries === 1 ? 'try' : 'tries'}` };
    await clock.sleep(wait);
  }
}

interface Attempt {
  status?: number;
  retryAfterMs?: number;
  error?: string;
  code?: string;
}

async function tryOnce(url: string, payload: string, headers: Record<string, string>, limitMs: number, now: number): Promise<Attempt> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limitMs);
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'portal-roadmap notify', ...headers },
      body: payload,
      signal: abort.signal,
      headersTimeout: limitMs,
      bodyTimeout: limitMs,
    });
    // The status says it all; a body that trickles must not hold the run.
    response.body.on('error', () => {}).destroy();
    return { status: response.statusCode, retryAfterMs: retryAfterMs(response.headers['retry-after'], now) };
  } catch (error) {
    const { code } = error as { code?: string };
    return { error: abort.signal.aborted ? 'no answer in time' : describeError(error), code };
  } finally {
    clearTimeout(timer);
  }
}

/** `Retry-After` in seconds or as an HTTP date (RFC 9110, 10.2.3), in ms; undefined when absent or unreadable. */
function retryAfterMs(value: string | string[] | undefined, now: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** An undici error's code or name: never its message, which may quote the URL. */
function describeError(error: unknown): string {
  const { code, name } = error as { code?: string; name?: string };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'no answer in time';
  return code ?? name ?? 'the request failed';
}
