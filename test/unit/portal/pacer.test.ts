import { describe, expect, it } from 'vitest';
import { readRateLimit, readRetryAfter, RequestPacer, type PacerClock } from '../../../src/portal/pacer.ts';
import { mostInAnyWindow } from '../../support/portal-admin.ts';
import { virtualClock } from '../../support/virtual-clock.ts';

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

describe('RequestPacer and the documented read limits (Limits: 1000 reads a minute, a burst of 2x that rate over 10 s)', () => {
  it('sends a whole burst at once, then never more than 333 in any 10 s nor 1000 in any minute, and no later than those limits allow', async () => {
    const clock = virtualClock();
    const pacer = new RequestPacer(clock);
    const start = clock.time;
    const sent: number[] = [];
    // 1,500 requests wanting to go at once: as if every project were asked for together.
    const all = Promise.all(
      Array.from({ length: 1_500 }, async () => {
        await pacer.acquire();
        sent.push(clock.now() - start);
      }),
    );
    await clock.drive(all);
    expect(sent).toHaveLength(1_500);
    expect(mostInAnyWindow(sent, 10_000)).toBe(333);
    expect(mostInAnyWindow(sent, 60_000)).toBe(1_000);
    // 333 at once; 333 more 10 s later (each leaving window plus 30 ms), and again; then the minute's 1000 are spent
    // after 999 requests and one more at 30.09 s, and the 1001st waits for the first to leave the minute (60.03 s);
    // from then on the burst binds again: the 1334th at 70.06 s, like the rest.
    expect(sent.filter((t) => t === 0)).toHaveLength(333);
    expect(sent[333]).toBe(10_030);
    expect(sent[999]).toBe(30_090);
    expect(sent[1_000]).toBe(60_030);
    expect(sent[1_333]).toBe(70_060);
    expect(sent[1_499]).toBe(70_060);
  });

  it('keeps to limits it is given (the bench scales them), over requests that come and go', async () => {
    const clock = virtualClock();
    const limits = { perMinute: 120, burstFactor: 2, burstWindowMs: 10_000 };
    const pacer = new RequestPacer(clock, limits);
    const start = clock.time;
    const sent: number[] = [];
    let next = 0;
    // 8 workers, each request taking 0 to 1.5 s, 300 requests in all.
    const worker = async () => {
      while (next < 300) {
        next++;
        await pacer.acquire();
        sent.push(clock.now() - start);
        await clock.sleep((sent.length * 37) % 1_500);
        pacer.observe({});
      }
    };
    await clock.drive(Promise.all(Array.from({ length: 8 }, worker)));
    expect(sent).toHaveLength(300);
    expect(mostInAnyWindow(sent, 10_000)).toBeLessThanOrEqual(40);
    expect(mostInAnyWindow(sent, 60_000)).toBeLessThanOrEqual(120);
  });

  it('counts an answered request from its answer, so answers that come late cannot crowd the next window', async () => {
    const clock = virtualClock();
    const pacer = new RequestPacer(clock, { perMinute: 30, burstFactor: 2, burstWindowMs: 10_000 });
    const start = clock.time;
    // A burst of 10 sent at once, answered 2 s later: the server may have counted them as late as that.
    await Promise.all(Array.from({ length: 10 }, () => pacer.acquire()));
    const eleventh = pacer.acquire().then(() => clock.now() - start);
    await clock.drive(
      (async () => {
        await clock.sleep(2_000);
        for (let i = 0; i < 10; i++) pacer.observe({});
        return eleventh;
      })(),
    );
    // 10 s after the answers (plus 30 ms), not 10 s after the requests were sent.
    expect(await eleventh).toBe(12_030);
  });

  it('after a 429 sends nothing before the Retry-After, then each request after its own jitter of 0–500 ms, still within the burst', async () => {
    const randoms = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.999];
    const clock = virtualClock(1_700_000_000_000, () => randoms.shift() ?? 0.5);
    const pacer = new RequestPacer(clock, { perMinute: 30, burstFactor: 2, burstWindowMs: 10_000 });
    const start = clock.time;
    const sent: number[] = [];
    pacer.block(start + 3_000);
    const send = async () => {
      await pacer.acquire();
      sent.push(clock.now() - start);
    };
    await clock.drive(Promise.all(Array.from({ length: 12 }, send)));
    // Each waits the full 3 s and its own share of 500 ms (docs/portal-api.md, Rate limits §4)…
    expect(sent.slice(0, 10)).toEqual([3_000, 3_050, 3_100, 3_150, 3_200, 3_250, 3_300, 3_350, 3_400, 3_450]);
    // …and the burst is 10 (2 × 30 a minute over 10 s): the last two, due at 3,475 and 3,499.5 ms, wait for the first
    // two to leave the window.
    expect(sent.slice(10)).toEqual([13_030, 13_080]);
    expect(mostInAnyWindow(sent, 10_000)).toBe(10);
  });
});

describe('RequestPacer: a share of the burst kept free for other requests', () => {
  it('holds back a request that keeps a share free, lets others use it, and sends it soon after it stops holding back', async () => {
    const clock = virtualClock();
    // A burst of 10; holding back half of it, project-like requests may use 5.
    const pacer = new RequestPacer(clock, { perMinute: 30, burstFactor: 2, burstWindowMs: 10_000 });
    const start = clock.time;
    let share = 0.5;
    const held: number[] = [];
    const others: number[] = [];
    const holding = Array.from({ length: 8 }, async () => {
      await pacer.acquire(Number.POSITIVE_INFINITY, undefined, () => share);
      held.push(clock.now() - start);
    });
    const other = Array.from({ length: 3 }, async () => {
      await pacer.acquire();
      others.push(clock.now() - start);
    });
    const stopHolding = (async () => {
      await clock.sleep(1_000);
      share = 0;
    })();
    await clock.drive(Promise.all([...holding, ...other, stopHolding]));
    expect(others).toEqual([0, 0, 0]);
    expect(held.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    // 5 + 3 of the burst's 10 are used: two of the three held back go once nobody holds back (within 25 ms), the last
    // when the first request is 10 s old, not all three 10 s later.
    expect(held[5]).toBeGreaterThanOrEqual(1_000);
    expect(held[6]).toBeLessThanOrEqual(1_025);
    expect(held[7]).toBe(10_030);
    expect(mostInAnyWindow([...held, ...others], 10_000)).toBe(10);
  });
});
