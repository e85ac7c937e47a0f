import { describe, expect, it } from 'vitest';
import { readRateLimit, readRetryAfter, RequestPacer, type PacerClock } from '../../src/portal/pacer.ts';

/** A clock that only moves when someone sleeps; sleepers that start together wake at their own times. */
function fakeClock(start = 1_700_000_000_000, random = () => 0.5) {
  const sleeps: number[] = [];
  const clock: PacerClock & { sleeps: number[]; time: number } = {
    time: start,
    sleeps,
    now: () => clock.time,
    sleep: async (ms) => {
      sleeps.push(ms);
      const wake = clock.time + ms;
      await Promise.resolve();
      clock.time = Math.max(clock.time, wake);
    },
    random,
  };
  return clock;
}

const headers = (limit: number, remaining: number, resetSeconds: number) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(resetSeconds),
});

describe('rate-limit headers', () => {
  it('reads limit, remaining and the reset second', () => {
    expect(readRateLimit(headers(30, 4, 1_700_000_003), 1_700_000_000_000)).toEqual({ limit: 30, remaining: 4, resetAtMs: 1_700_000_003_000 });
  });

  it('ignores absent or malformed headers', () => {
    expect(readRateLimit({}, 0)).toBeUndefined();
    expect(readRateLimit({ ...headers(30, 4, 1), 'x-ratelimit-remaining': 'lots' }, 0)).toBeUndefined();
  });

  it('corrects for a server clock that is far off, using its Date header', () => {
    const now = 1_700_000_000_000;
    const serverAhead = { ...headers(30, 0, 1_700_000_063), date: new Date(now + 60_000).toUTCString() };
    expect(readRateLimit(serverAhead, now)?.resetAtMs).toBe(1_700_000_003_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(readRetryAfter({ 'retry-after': '3' }, 0)).toBe(3000);
    expect(readRetryAfter({ 'retry-after': new Date(10_000).toUTCString() }, 4_000)).toBe(6000);
    expect(readRetryAfter({}, 0)).toBeUndefined();
  });
});

describe('RequestPacer', () => {
  it('sends freely while calls are left, then waits for the reset', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    const reset = Math.ceil(clock.time / 1000) + 3;
    await pacer.acquire();
    pacer.observe(headers(3, 2, reset));
    await pacer.acquire();
    await pacer.acquire();
    expect(clock.sleeps).toEqual([]);
    await pacer.acquire();
    expect(clock.sleeps).toHaveLength(1);
    expect(clock.time).toBeGreaterThanOrEqual(reset * 1000);
    expect(clock.time).toBeLessThan(reset * 1000 + 100);
  });

  it('counts requests still in flight against a new window', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(clock);
    await pacer.acquire();
    await pacer.acquire();
    await pacer.acquire();
    // The first answer says 2 are left, but two requests are still on their way: none is left.
    pacer.observe(headers(3, 2, Math.ceil(clock.time / 1000) + 3));
    await pacer.acquire();
    expect(clock.sleeps).toHaveLength(1);
  });

  it('after a 429 every request waits the full delay plus its own 0–500 ms', async () => {
    const randoms = [0, 0.999];
    const clock = fakeClock(1_700_000_000_000, () => randoms.shift() ?? 0.5);
    const pacer = new RequestPacer(clock);
    pacer.block(clock.time + 2_000);
    const start = clock.time;
    await Promise.all([pacer.acquire(), pacer.acquire()]);
    // Each its own jitter, from the random source: 0 × 500 ms, then 0.999 × 500 ms (docs/portal-api.md, Rate limits §4).
    expect(clock.sleeps).toHaveLength(2);
    expect(clock.sleeps[0]).toBe(2_000);
    expect(clock.sleeps[1]).toBeCloseTo(2_499.5, 3);
    expect(clock.time - start).toBeGreaterThanOrEqual(2_000);
  });
});
