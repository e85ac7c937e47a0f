/**
 * The history stays bounded: at 10,000 issues after a year of runs it is
 * under 4 MB. The year is told directly (test/support/history-year.ts,
 * `expectedYear`), fast at any size; at 500 issues that account is checked
 * byte for byte against the same year run through the real `recordRun`.
 * (`npm run bench` runs the 10,000-issue year through `recordRun` itself, and
 * measures the case of every count changing every day.)
 */
import { describe, expect, it } from 'vitest';
import { DAILY_SAMPLE_DAYS, MAX_TOMBSTONES, thinSamples, trimEvents } from '../../../src/history/bound.ts';
import { recordRun } from '../../../src/history/record.ts';
import { decodeSamples, encodeSamples, HistorySchema, serializeHistory } from '../../../src/history/schema.ts';
import { expectedYear, simulateYear } from '../../support/history-year.ts';

const MB = 1024 * 1024;

describe('thinning', () => {
  // 200 days, the count rising every day.
  const daily = Array.from({ length: 200 }, (_, day) => ({ day: 20_000 + day, count: day }));
  const today = 20_000 + 199;
  const thinned = decodeSamples(thinSamples(encodeSamples(daily), today));

  it(`keeps the last ${DAILY_SAMPLE_DAYS} days daily and one sample per week before that`, () => {
    const cutoff = today - DAILY_SAMPLE_DAYS;
    expect(thinned.filter((s) => s.day >= cutoff)).toEqual(daily.filter((s) => s.day >= cutoff));
    const old = thinned.filter((s) => s.day < cutoff);
    // Weeks run Monday to Sunday; the last old week is cut short by the daily window.
    const sundays = daily.filter((s) => s.day < cutoff && new Date(s.day * 86_400_000).getUTCDay() === 0).map((s) => s.day);
    expect(old.map((s) => s.day)).toEqual([...sundays, cutoff - 1]);
    expect(old.map((s) => s.count)).toEqual(old.map((s) => s.day - 20_000));
  });

  it('drops a weekly sample equal to the one before, and leaves a list that needs nothing as it is', () => {
    const day = (iso: string) => Date.parse(iso) / 86_400_000;
    // 5 on a Friday; the next week up on Monday and back down by Thursday: that week ends where the last began.
    const samples = [
      { day: day('2025-01-03'), count: 5 },
      { day: day('2025-01-06'), count: 6 },
      { day: day('2025-01-09'), count: 5 },
      { day: day('2025-10-01'), count: 9 },
    ];
    expect(decodeSamples(thinSamples(encodeSamples(samples), day('2025-10-01')))).toEqual([samples[0], samples[3]]);
    const recent = encodeSamples([
      { day: 20_290, count: 1 },
      { day: 20_291, count: 2 },
    ]);
    expect(thinSamples(recent, 20_300)).toBe(recent);
  });

  it('trims events to the first one and the latest, at most 50', () => {
    const events = Array.from({ length: 75 }, (_, i) => i);
    const { events: kept, trimmed } = trimEvents(events);
    expect(kept).toEqual([0, ...events.slice(26)]);
    expect(trimmed).toBe(true);
    expect(trimEvents([1, 2])).toEqual({ events: [1, 2], trimmed: false });
  });
});

describe('a year of runs', () => {
  it('told directly is what the real recordRun records, byte for byte (500 issues, 2 runs a day)', () => {
    const options = { issues: 500, projects: 25, runsPerDay: 2 };
    const simulated = simulateYear(options);
    expect(simulated.runs).toBe(730);
    expect(serializeHistory(expectedYear(options).history)).toBe(serializeHistory(simulated.history));
  });

  const year = expectedYear({ issues: 10_000, projects: 500, runsPerDay: 1 });
  const size = serializeHistory(year.history).length;

  it(`at 10,000 issues stays under 4 MB (${(size / MB).toFixed(2)} MB), and is a valid history`, () => {
    expect(year.history.issues.size).toBeGreaterThanOrEqual(10_000);
    expect(year.history.left.issues.size).toBeGreaterThan(5_000);
    expect(size).toBeLessThan(4 * MB);
    expect(HistorySchema.safeParse(JSON.parse(serializeHistory(year.history))).success).toBe(true);
  });
});

describe('tombstones', () => {
  it('keep the newest 5,000 ids that left, per kind, so a history listing hundreds of thousands makes no more pages than that', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
    const history = recordRun(undefined, { issues: new Map(), projects: new Map() }, day(0));
    const left = new Map(Array.from({ length: 200_000 }, (_, index) => [`gone-${String(index).padStart(6, '0')}`, day(index)] as const));
    const next = recordRun({ ...history, left: { issues: left, projects: new Map() } }, { issues: new Map(), projects: new Map() }, day(200_000));
    expect(next.left.issues.size).toBe(MAX_TOMBSTONES);
    // Each left a minute after the one before: the newest 5,000 are 195,000–199,999, kept in id order.
    const kept = [...next.left.issues.keys()];
    expect(kept[0]).toBe('gone-195000');
    expect(kept.at(-1)).toBe('gone-199999');
  });
});
