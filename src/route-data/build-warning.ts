/**
 * A warning of the route data, said during `astro build`, where no Astro logger reaches: marked `[WARN]` as Astro's
 * logger marks its own, so that `portal-roadmap rebuild` passes it on as `warning (build): …`
 * (src/publish/astro-build.ts) and a scheduled run's log shows it, as `astro build`'s own output does.
 */
export function warnInBuild(topic: string, message: string): void {
  console.warn(`[WARN] [portal-roadmap:${topic}] ${message}`);
}
