/**
 * Two projects, three tiers:
 * - unit: the pure modules (test/unit), no setup, no build, no server; and
 *   the route data, whose Astro modules come from a fixture;
 * - site: test/integration (the site tier) and test/browser (the browser
 *   tier), one project because both read the same fixture builds, made once
 *   by its global setup. `npm run test:site` and `npm run test:browser` pick
 *   their folder of it.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './support/longest-first.ts';
import { routeDataFixture } from './support/route-data/plugins.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Every project's first global setup: the run's own temp folder (test/support/temp-root.ts). */
const TEMP_ROOT = 'test/support/temp-root.ts';
/**
 * Timeouts catch a hang, never a slow machine: the suite must pass on a 2-core runner with other work beside it, where
 * a test may take ten times what it takes alone. No test asserts how long anything took (speed targets are in
 * `npm run bench`). Hooks start Chromium or a server; the fixture sites are built by the global setup, which has no
 * timeout. `expect.poll` waits as long for what a browser shows.
 */
const LOADED_MACHINE = { testTimeout: 180_000, hookTimeout: 180_000, expect: { poll: { timeout: 60_000 } } };

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one, here. Most of a test's time is spent in Chromium,
    // a child process or the shared fake portal, so two files side by side keep both cores busy.
    maxWorkers: 2,
    // The site project's slow files first even in a fresh clone, which has no durations recorded (test/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // Pure modules with no mocks or global state: one worker may run file after file (isolate: false) instead of starting one per file.
      // The route data (src/route-data/) is tested here too, without a build: its virtual modules come from a fixture
      // (test/support/route-data/plugins.ts), as Starlight's do.
      { plugins: routeDataFixture(), test: { name: 'unit', root, include: ['test/unit/**/*.test.ts'], globalSetup: [TEMP_ROOT], isolate: false, ...LOADED_MACHINE } },
      // The packed tarball installed into the example projects (npm run test:package; .ci/run): slow, so not in `npm test`.
      { test: { name: 'package', root, include: ['test/package/**/*.test.ts'], globalSetup: [TEMP_ROOT, 'test/package/setup.ts'], testTimeout: 600_000, hookTimeout: 900_000 } },
      {
        test: {
          name: 'site',
          root,
          include: ['test/integration/**/*.test.ts', 'test/browser/**/*.test.ts'],
          globalSetup: [TEMP_ROOT, 'test/support/global-setup.ts'],
          // Like the unit project, one worker runs file after file instead of starting one per file: each file here
          // loaded Playwright, linkedom and our sources afresh (site project, fixtures cached: 233 → 197 busy
          // core-seconds). Safe because no file changes what another sees: none mocks a module or stubs the
          // environment (the linter forbids it under test/), and each starts and closes its own servers and browsers.
          isolate: false,
          ...LOADED_MACHINE,
          // Concurrent tests (the page audits) drive Chromium: two at a time keep two cores busy without starving each other.
          maxConcurrency: 2,
        },
      },
    ],
  },
});
