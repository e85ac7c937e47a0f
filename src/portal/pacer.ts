/**
 * Paces requests by the service's documented limits and its rate-limit headers (docs/portal-api.md, Rate limits):
 * - the documented read limit and its burst (docs/portal-api.md, Rate limits §1): at most `perMinute` requests in
 *   any minute and at most twice that rate, `burst` requests, in any 10 seconds. The pacer counts what it sent
 *   itself, over sliding windows, so it may send a whole burst at once and then one more request each time an
 *   earlier one leaves the 10-second window, which is as fast as those limits allow; the headers cannot tell it
 *   the burst, as they describe one window only. A request counts from the time of its answer once it has one:
 *   the server counted it when it arrived, which a slow network or a busy machine puts later than when it was sent;
 * - every response carries X-RateLimit-Limit, -Remaining and -Reset (unix
 *   seconds when the window resets): when the calls left run out, requests
 *   wait for the reset instead of drawing a 429;
 * - a 429 carries Retry-After: every request waits the full delay
 *   (docs/portal-api.md, Rate limits §4), and each adds its own random 0–500 ms so they do
 *   not all retry in lockstep.
 * One pacer is shared by all concurrent requests of a run. The clock, sleep
 * and random source are injectable for tests.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface PacerClock {
  now: () => number;
  /** Resolves after `ms`; may reject early once `signal` aborts (the caller checks it after every sleep anyway). */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export const systemClock: PacerClock = {
  now: () => Date.now(),
  // An aborted run must not keep a timer of up to a window's length alive after it failed.
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, signal ? { signal } : {}),
  random: Math.random,
};

/**
 * The read limits a run keeps to on its own count (docs/portal-api.md, Rate limits §1): 1000 reads a minute, and a
 * burst of "2x the method-class limit over a 10-second window", read as twice the minute's rate over 10 seconds:
 * 2 × 1000 × 10 / 60 = 333 reads in any 10 seconds. How keyless portal requests are counted is not shown; they are
 * assumed to be counted like a key's. The headers still pace a run against a server that allows less.
 */
export interface ReadLimits {
  perMinute: number;
  /** The burst's share of the minute's rate, over its window: 2 (docs/portal-api.md, Rate limits §1). */
  burstFactor: number;
  burstWindowMs: number;
}

export const DOCUMENTED_READ_LIMITS: ReadLimits = { perMinute: 1000, burstFactor: 2, burstWindowMs: 10_000 };

const MINUTE_MS = 60_000;

/** Most requests `limits` allow in any one burst window. */
export function burstSize(limits: ReadLimits): number {
  return Math.max(1, Math.floor((limits.burstFactor * limits.perMinute * limits.burstWindowMs) / MINUTE_MS));
}

/** Jitter added after a Retry-After, per request: "roughly 0–500 ms" (docs/portal-api.md, Rate limits §4). */
export const RETRY_AFTER_JITTER_MS = 500;
/** Waited past a window's reset second, or past the end of a sliding window, so a request never lands just before it. */
const RESET_MARGIN_MS = 30;
/** How often a request that leaves part of the burst free looks again whether it still has to (`acquire`'s `keepFree`). */
const KEEP_FREE_RECHECK_MS = 25;
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

/** What a request waits for: a 429's Retry-After, the server's window (X-RateLimit-Reset), or the documented read limits. */
export type WaitReason = 'retry-after' | 'window' | 'read-limit';

/** Thrown by `acquire` when the wait it needs would end after the caller's deadline. */
export class PacerWaitTooLong extends Error {
  override name = 'PacerWaitTooLong';
  readonly waitMs: number;
  readonly reason: WaitReason;
  constructor(waitMs: number, reason: WaitReason) {
    super(`a wait of ${waitMs} ms is needed`);
    this.waitMs = waitMs;
    this.reason = reason;
  }
}

export class RequestPacer {
  readonly #clock: PacerClock;
  readonly #perMinute: number;
  readonly #burst: number;
  readonly #burstWindowMs: number;
  /**
   * The requests the limits count, by time, each list oldest first: those answered at the time of their answer
   * (the server counted them when they arrived, at the latest then), those still on their way at the time they
   * were sent. As many of the last as the larger of the two limits.
   */
  readonly #answered: number[] = [];
  readonly #unanswered: number[] = [];
  #limit: number | undefined;
  #remaining: number | undefined;
  #resetAtMs = 0;
  #blockedUntil = 0;
  #inFlight = 0;

  constructor(clock: PacerClock = systemClock, limits: ReadLimits = DOCUMENTED_READ_LIMITS) {
    this.#clock = clock;
    this.#perMinute = Math.max(1, Math.floor(limits.perMinute));
    this.#burst = burstSize(limits);
    this.#burstWindowMs = limits.burstWindowMs;
  }

  /**
   * The earliest time the next request keeps within the burst and the minute's limit (docs/portal-api.md, Rate limits
   * §1), leaving `keepFree` of the burst (a share, 0–1) to other requests.
   */
  #nextAllowedMs(keepFree: number): number {
    const burstStart = this.#latest(Math.max(1, this.#burst - Math.floor(this.#burst * Math.min(1, Math.max(0, keepFree)))));
    const minuteStart = this.#latest(this.#perMinute);
    return Math.max(burstStart === undefined ? 0 : burstStart + this.#burstWindowMs + RESET_MARGIN_MS, minuteStart === undefined ? 0 : minuteStart + MINUTE_MS + RESET_MARGIN_MS);
  }

  /** The `n`th latest time of the counted requests, answered or not; undefined when fewer were sent. */
  #latest(n: number): number | undefined {
    const answered = this.#answered;
    const unanswered = this.#unanswered;
    if (answered.length + unanswered.length < n) return undefined;
    let a = answered.length - 1;
    let u = unanswered.length - 1;
    for (let taken = 1; ; taken++) {
      const fromAnswered = u < 0 || (a >= 0 && answered[a]! >= unanswered[u]!);
      const time = fromAnswered ? answered[a--]! : unanswered[u--]!;
      if (taken === n) return time;
    }
  }

  /**
   * Waits until one more request fits the known limit, then counts it as
   * sent. Throws `PacerWaitTooLong` instead of waiting past `notAfterMs`, and
   * the abort's reason once `signal` aborts (nothing is counted then).
   * `keepFree` (a share of the burst, 0–1, asked again at each wait) is left to
   * requests that do not ask to keep any free: they may use the whole burst.
   */
  async acquire(notAfterMs = Number.POSITIVE_INFINITY, signal?: AbortSignal, keepFree: () => number = () => 0): Promise<void> {
    const wait = async (ms: number, reason: WaitReason) => {
      if (this.#clock.now() + ms > notAfterMs) throw new PacerWaitTooLong(Math.ceil(ms), reason);
      await this.#clock.sleep(ms, signal);
    };
    for (;;) {
      signal?.throwIfAborted();
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
        // A new window whose count no answer has told yet: the answer of a request on its way will; with none on its
        // way, nothing would, so one more request goes to ask.
        if (!Number.isFinite(this.#resetAtMs) && this.#inFlight === 0) this.#remaining = 1;
        continue;
      }
      const share = keepFree();
      const allowedAt = this.#nextAllowedMs(share);
      if (now < allowedAt) {
        // A request that holds back may go as soon as it stops holding back: it looks again every so often.
        if (share > 0 && allowedAt - now > KEEP_FREE_RECHECK_MS && allowedAt <= notAfterMs) await this.#clock.sleep(KEEP_FREE_RECHECK_MS, signal);
        else await wait(allowedAt - now, 'read-limit');
        continue;
      }
      if (this.#remaining !== undefined) this.#remaining--;
      this.#inFlight++;
      this.#unanswered.push(now);
      if (this.#unanswered.length > Math.max(this.#burst, this.#perMinute)) this.#unanswered.shift();
      return;
    }
  }

  /** Learns from the headers of any response, success or error (docs/portal-api.md, Rate limits §2). */
  observe(headers: HeaderBag): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    // Which request this answers is not known: the earliest sent is counted as answered now, which counts the
    // others, still on their way, no earlier than the truth.
    if (this.#unanswered.length > 0) {
      this.#unanswered.shift();
      this.#answered.push(this.#clock.now());
      if (this.#answered.length > Math.max(this.#burst, this.#perMinute)) this.#answered.shift();
    }
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
