import type { PacerClock } from '../../src/portal/pacer.ts';

/**
 * A clock that moves only when every pending task has run: then it jumps to the earliest sleeper's wake time and
 * wakes it. No real time passes; `drive` runs until nobody sleeps or waits. A sleep whose signal aborts ends at
 * once, rejecting with the abort's reason, as the system clock's does.
 */
export function virtualClock(start = 1_700_000_000_000, random = () => 0.5) {
  const sleepers: { at: number; wake: () => void }[] = [];
  const clock: PacerClock & { time: number; drive: (done: Promise<unknown>) => Promise<void>; sleeping: () => number } = {
    time: start,
    now: () => clock.time,
    sleep: (ms, signal) =>
      new Promise<void>((wake, reject) => {
        if (signal?.aborted) return reject(signal.reason as Error);
        const sleeper = { at: clock.time + Math.max(0, ms), wake };
        sleepers.push(sleeper);
        signal?.addEventListener(
          'abort',
          () => {
            const at = sleepers.indexOf(sleeper);
            if (at < 0) return;
            sleepers.splice(at, 1);
            reject(signal.reason as Error);
          },
          { once: true },
        );
      }),
    random,
    /** How many sleep now: what is still waiting or running once `drive` returns. */
    sleeping: () => sleepers.length,
    drive: async (done) => {
      let finished = false;
      done.then(
        () => (finished = true),
        () => (finished = true),
      );
      for (;;) {
        // Every pending promise callback runs before the next macrotask.
        await new Promise((resolve) => setImmediate(resolve));
        if (finished) return;
        if (sleepers.length === 0) throw new Error('nothing sleeps, yet the requests are not done');
        sleepers.sort((a, b) => a.at - b.at);
        const next = sleepers.shift()!;
        clock.time = Math.max(clock.time, next.at);
        next.wake();
      }
    },
  };
  return clock;
}
