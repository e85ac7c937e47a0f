/**
 * The build's clock: the day a build publishes for (src/release-notes/schedule.ts holds back a note dated later).
 * Today's in UTC, or the day `ROADMAP_BUILD_DATE` gives, for a preview of a later day and for tests.
 */

/** The build's day, `YYYY-MM-DD`: `ROADMAP_BUILD_DATE` when set, else `now`'s in UTC. E.g. `buildDay({})` on 2026-11-30 is `'2026-11-30'`. */
export function buildDay(env: { ROADMAP_BUILD_DATE?: string | undefined }, now: Date = new Date()): string {
  return env.ROADMAP_BUILD_DATE ?? now.toISOString().slice(0, 10);
}
