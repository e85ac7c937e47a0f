/**
 * Time that runs `speed` times faster than the wall clock, shared by a test
 * process and the fake portal: both compute it from the same `Date.now()` and
 * origin, so they agree on it. The client gets it as its `PacerClock` and the
 * fake portal sets its rate-limit windows, X-RateLimit-Reset and Retry-After
 * by it, so a 3 s window passes in 300 ms of real time at speed 10 while the
 * requests, their concurrency and their order stay real.
 */
import type { PacerClock } from '../../src/portal/pacer.ts';

/** What the fake portal needs to keep the same time (serialisable, sent with a workspace definition). */
export interface FastTime {
  originMs: number;
  speed: number;
}

export const fastNow = ({ originMs, speed }: FastTime): number => originMs + (Date.now() - originMs) * speed;

export interface FastClock extends PacerClock {
  time: FastTime;
}

export function fastClock(speed = 10): FastClock {
  const time = { originMs: Date.now(), speed };
  return {
    time,
    now: () => fastNow(time),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms) / speed)),
    random: Math.random,
  };
}
