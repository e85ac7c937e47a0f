/**
 * Stands in for `astro build` as a process of its own, where a test runs `portal-roadmap rebuild` itself in a project
 * whose `node_modules/astro/bin/astro.mjs` imports this file: `build --outDir DIR` writes
 * what ./fake-site.ts says from the rebuild's `ROADMAP_SNAPSHOT` and `ROADMAP_HISTORY`, with the default columns.
 * With `STAND_IN_PARENT_FILE` it first writes there, as JSON, the process id and command line of the process that
 * started it (the one waiting on the build); with `STAND_IN_FAIL` it fails as a build does, exit 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { writeFakeSite } from './fake-site.ts';

const env = process.env;
if (env.STAND_IN_PARENT_FILE) {
  const cmdline = readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  writeFileSync(env.STAND_IN_PARENT_FILE, JSON.stringify({ pid: process.ppid, cmdline }));
}
if (env.STAND_IN_FAIL) {
  console.log('[build] rendering the pages');
  console.error('the stand-in build failed on purpose');
  process.exit(1);
}
const outDir = process.argv[process.argv.indexOf('--outDir') + 1]!;
writeFakeSite({ snapshotFile: env.ROADMAP_SNAPSHOT!, outDir, historyFile: env.ROADMAP_HISTORY! }, parseRoadmapConfig({}).columns);
