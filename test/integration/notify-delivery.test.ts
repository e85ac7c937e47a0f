/**
 * One post to one service (src/notify/deliver.ts) against a receiver that trickles, hangs, answers late, refuses,
 * moves or rate-limits with `Retry-After: 0`: each try ends at its deadline, a post that may have arrived is never
 * sent again unless the service deduplicates it, and retries wait at least a second, back off, and stop.
 * Waits run on a virtual clock; a try's deadline is real time, kept short.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliver, type Clock } from '../../src/notify/deliver.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver({ slowMs: 1_000 });
});
afterAll(() => receiver.close());
beforeEach(() => receiver.reset());

/** Time that passes only by the waits it is asked for, which it records and does not sleep. */
function virtualClock(): Clock & { waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}

const post = (path: string, options: { idempotent?: boolean; deadlineMs?: number; clock?: Clock } = {}) =>
  deliver({ url: `${receiver.origin}${path}`, body: { text: 'news' }, timeoutMs: 300, clock: virtualClock(), ...options });

/** Real milliseconds `run` takes. */
async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}

describe('a try has one deadline', () => {
  it('reads the status of a 200 whose body trickles, and does not wait for the body', async () => {
    receiver.behave('/trickle-body', 'trickle-body');
    const [delivery, ms] = await timed(() => post('/trickle-body'));
    expect(delivery).toEqual({ outcome: 'delivered', tries: 1 });
    expect(ms).toBeLessThan(1_000);
  });

  it('ends a try whose status line trickles a byte at a time, at its deadline', async () => {
    receiver.behave('/trickle-headers', 'trickle-headers');
    const [delivery, ms] = await timed(() => post('/trickle-headers'));
    expect(delivery.outcome).toBe('maybe delivered');
    expect(receiver.requests).toEqual(['/trickle-headers']);
    expect(ms).toBeLessThan(1_500);
  });
});

describe('a post that may have arrived', () => {
  it('is sent once to a receiver that takes it and answers after the deadline: "maybe delivered"', async () => {
    receiver.behave('/slow', 'slow');
    const delivery = await post('/slow');
    expect(delivery.outcome).toBe('maybe delivered');
    expect(delivery.problem).toMatch(/^127\.0\.0\.1:\d+: no answer in time; not sent again/);
    expect(receiver.received.map((post) => post.path)).toEqual(['/slow']);
  });

  it('is sent once to a receiver that never answers', async () => {
    receiver.behave('/hang', 'hang');
    expect((await post('/hang')).outcome).toBe('maybe delivered');
    expect(receiver.requests).toEqual(['/hang']);
  });

  it('is sent again when the service deduplicates it by its idempotency key', async () => {
    receiver.behave('/api/v1/statuses', 'slow', 1);
    const delivery = await deliver({
      url: `${receiver.origin}/api/v1/statuses`,
      body: { status: 'news' },
      headers: { 'idempotency-key': 'k1' },
      idempotent: true,
      timeoutMs: 300,
      clock: virtualClock(),
    });
    expect(delivery).toEqual({ outcome: 'delivered', tries: 2 });
    expect(receiver.received.map((post) => post.headers['idempotency-key'])).toEqual(['k1', 'k1']);
  });
});

describe('retries', () => {
  it('wait at least a second after "Retry-After: 0", back off, and stop after 5 tries', async () => {
    receiver.behave('/throttle', 'throttle');
    const clock = virtualClock();
    const delivery = await post('/throttle', { clock, deadlineMs: 600_000 });
    expect(delivery).toMatchObject({ outcome: 'not delivered', tries: 5 });
    expect(receiver.requests).toHaveLength(5);
    expect(clock.waits).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it('stop at the deadline of all tries', async () => {
    receiver.behave('/throttle', 'throttle');
    const delivery = await post('/throttle', { deadlineMs: 5_000 });
    // 1 s, then 2 s; a third wait of 4 s would pass the 5 s.
    expect(delivery).toMatchObject({ outcome: 'not delivered', tries: 3 });
    expect(delivery.problem).toMatch(/answered 429; gave up after 3 tries$/);
  });

  it('follow a 500 until the post is taken', async () => {
    receiver.behave('/error', 'error', 2);
    const clock = virtualClock();
    expect(await post('/error', { clock })).toEqual({ outcome: 'delivered', tries: 3 });
    expect(clock.waits).toEqual([1_000, 2_000]);
  });

  it('follow a connection that never opened', async () => {
    const closed = await startReceiver();
    const url = `${closed.origin}/gone`;
    await closed.close();
    const clock = virtualClock();
    const delivery = await deliver({ url, body: {}, timeoutMs: 300, clock });
    expect(delivery).toMatchObject({ outcome: 'not delivered', tries: 5 });
    expect(delivery.problem).toMatch(/ECONNREFUSED; gave up after 5 tries$/);
  });

  it('are not made after a refusal or a move, which no retry can mend', async () => {
    receiver.behave('/refused', 'refuse');
    receiver.behave('/moved', 'moved');
    expect(await post('/refused')).toMatchObject({ outcome: 'not delivered', tries: 1, problem: expect.stringMatching(/answered 403$/) });
    expect(await post('/moved')).toMatchObject({ outcome: 'not delivered', tries: 1, problem: expect.stringMatching(/answered 301$/) });
    expect(receiver.requests).toEqual(['/refused', '/moved']);
  });
});
