/**
 * Paces requests by the service's rate-limit headers (docs/portal-api.md, Rate limits):
 * - every response carries X-RateLimit-Limit, -Remaining and -Reset (unix
 *   seconds when the window resets): when the calls left run out, requests
 *   wait for the reset instead of drawing a 429;
 * - a 429 carries Retry-After: every request waits the full delay
 *   (docs/portal-api.md, Rate limits §4), and each adds its own random 0–500 ms so they do
 *   not all retry in lockstep.
 * One pacer is shared by all concurrent requests of a run. The clock, sleep
 * and random source are injectable for tests.
 */

export interface PacerClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export const systemClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  random: Math.random,
};

/** Jitter added after a Retry-After, per request: "roughly 0–500 ms" (docs/portal-api.md, Rate limits §4). */
export const RETRY_AFTER_JITTER_MS = 500;
/** Waited past a window's reset second, so a request never lands just before it. */
const RESET_MARGIN_MS = 30;
/** A server clock further off than this is corrected for, using its Date header. */
const MAX_CLOCK_SKEW_MS = 2_000;

type HeaderBag = Record<string, string | string[] | undefined>;

interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Local time (ms) at which the window resets. */
  resetAtMs: number;
}

/** Reads X-RateLimit-* from a response; undefined when they are absent or malformed. */
export function readRateLimit(headers: HeaderBag, receivedAtMs: number): RateLimitInfo | undefined {
  const limit = headerNumber(headers, 'x-ratelimit-limit');
  const remaining = headerNumber(headers, 'x-ratelimit-remaining');
  const reset = headerNumber(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  // The reset is unix seconds (docs/portal-api.md, Rate limits §2); a small value can only be a delay in seconds, so it is read as one.
  let resetAtMs = reset > 1e9 ? reset * 1000 : receivedAtMs + reset * 1000;
  const serverDate = Date.parse(headerText(headers, 'date') ?? '');
  if (reset > 1e9 && !Number.isNaN(serverDate) && Math.abs(serverDate - receivedAtMs) > MAX_CLOCK_SKEW_MS) {
    resetAtMs -= serverDate - receivedAtMs;
  }
  return { limit, remaining: Math.max(0, remaining), resetAtMs };
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110); undefined when absent. */
export function readRetryAfter(headers: HeaderBag, receivedAtMs: number): number | undefined {
  const value = headerText(headers, 'retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - receivedAtMs);
}

/** Thrown by `acquire` when the wait it needs would end after the caller's deadline. */
export class PacerWaitTooLong extends Error {
  override name = 'PacerWaitTooLong';
  readonly waitMs: number;
  readonly reason: 'retry-after' | 'window';
  constructor(waitMs: number, reason: 'retry-after' | 'window') {
    super(`a wait of ${waitMs} ms is needed`);
    this.waitMs = waitMs;
    this.reason = reason;
  }
}

export class RequestPacer {
  readonly #clock: PacerClock;
  #limit: number | undefined;
  #remaining: number | undefined;
  #resetAtMs = 0;
  #blockedUntil = 0;
  #inFlight = 0;

  constructor(clock: PacerClock = systemClock) {
    this.#clock = clock;
  }

  /**
   * Waits until one more request fits the known limit, then counts it as
   * sent. Throws `PacerWaitTooLong` instead of waiting past `notAfterMs`.
   */
  async acquire(notAfterMs = Number.POSITIVE_INFINITY): Promise<void> {
    const wait = async (ms: number, reason: 'retry-after' | 'window') => {
      if (this.#clock.now() + ms > notAfterMs) throw new PacerWaitTooLong(Math.ceil(ms), reason);
      await this.#clock.sleep(ms);
    };
    for (;;) {
      const now = this.#clock.now();
      if (now < this.#blockedUntil) {
        await wait(this.#blockedUntil - now + this.#clock.random() * RETRY_AFTER_JITTER_MS, 'retry-after');
        continue;
      }
      if (this.#remaining !== undefined && now >= this.#resetAtMs) {
        // A new window began: the previous one's count no longer applies.
        this.#remaining = this.#limit;
        this.#resetAtMs = Number.POSITIVE_INFINITY;
      }
      if (this.#remaining !== undefined && this.#remaining <= 0) {
        await wait(Number.isFinite(this.#resetAtMs) ? this.#resetAtMs - now + RESET_MARGIN_MS : RESET_MARGIN_MS, 'window');
        if (!Number.isFinite(this.#resetAtMs)) this.#remaining = 1;
        continue;
      }
      if (this.#remaining !== undefined) this.#remaining--;
      this.#inFlight++;
      return;
    }
  }

  /** Learns from the headers of any response, success or error (docs/portal-api.md, Rate limits §2). */
  observe(headers: HeaderBag): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    const info = readRateLimit(headers, this.#clock.now());
    if (!info) return;
    this.#limit = info.limit;
    if (this.#remaining === undefined || info.resetAtMs > this.#resetAtMs + 500 || !Number.isFinite(this.#resetAtMs)) {
      // First word of this window: what the server says is left, less what is still on its way to it.
      this.#remaining = Math.max(0, info.remaining - this.#inFlight);
      this.#resetAtMs = info.resetAtMs;
    } else if (Math.abs(info.resetAtMs - this.#resetAtMs) <= 500) {
      this.#remaining = Math.min(this.#remaining, info.remaining);
    }
  }

  /** After a 429: nobody sends before `untilMs` (each waiter then adds its own jitter). */
  block(untilMs: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, untilMs);
    this.#remaining = 0;
    this.#resetAtMs = Math.max(this.#resetAtMs === Number.POSITIVE_INFINITY ? 0 : this.#resetAtMs, untilMs);
  }
}

function headerText(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function headerNumber(headers: HeaderBag, name: string): number | undefined {
  const text = headerText(headers, name)?.trim();
  if (!text || !/^\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}
