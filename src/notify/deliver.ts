/**
 * Posts one message to one service: a JSON POST with undici, each try with a
 * timeout, retried after a failure, a timeout or a 429 (after its
 * Retry-After, as Slack, Discord and Mastodon send it) until a deadline, then
 * given up with a warning. Never throws: a chat post must not fail the deploy
 * it follows. The URL is a secret (a webhook URL is its own credential), so
 * nothing this returns names more of it than its host.
 */
import { request } from 'undici';

export interface Clock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface Delivery {
  ok: boolean;
  tries: number;
  /** Why it failed, naming the host alone. */
  problem?: string;
}

export interface DeliverOptions {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  clock?: Clock;
  /** Give up after this long, all tries and waits included. */
  deadlineMs?: number;
  /** One try's limit. */
  timeoutMs?: number;
}

const BACKOFF_MS = [1_000, 3_000, 9_000, 20_000];

export async function deliver({ url, body, headers = {}, clock = realClock, deadlineMs = 60_000, timeoutMs = 10_000 }: DeliverOptions): Promise<Delivery> {
  const host = new URL(url).host;
  const end = clock.now() + deadlineMs;
  let problem: string;
  for (let tries = 1; ; tries++) {
    let wait = BACKOFF_MS[Math.min(tries - 1, BACKOFF_MS.length - 1)]!;
    try {
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'portal-roadmap notify', ...headers },
        body: JSON.stringify(body),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      await response.body.dump();
      if (response.statusCode >= 200 && response.statusCode < 300) return { ok: true, tries };
      problem = `${host} answered ${response.statusCode}`;
      // 4xx but 429 is a request the service refuses (a revoked webhook, a bad token): trying again cannot help.
      if (response.statusCode >= 400 && response.statusCode < 500 && response.statusCode !== 429) return { ok: false, tries, problem };
      const retryAfter = Number(response.headers['retry-after']);
      if (Number.isFinite(retryAfter) && retryAfter >= 0) wait = retryAfter * 1000;
    } catch (error) {
      problem = `${host}: ${describeError(error)}`;
    }
    if (clock.now() + wait > end) return { ok: false, tries, problem: `${problem}; gave up after ${tries} ${tries === 1 ? 'try' : 'tries'}` };
    await clock.sleep(wait);
  }
}

/** An undici error's code or name: never its message, which may quote the URL. */
function describeError(error: unknown): string {
  const { code, name } = error as { code?: string; name?: string };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'no answer in time';
  return code ?? name ?? 'the request failed';
}
