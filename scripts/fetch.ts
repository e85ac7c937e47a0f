/**
 * `npm run fetch -- --out FILE`: reads the live portal named by
 * PORTAL_API_URL and PORTAL_WORKSPACE_ID and writes a snapshot to FILE, which
 * `ROADMAP_SNAPSHOT=FILE npm run build` then builds with no network access.
 */
import { parseArgs } from 'node:util';
import { runCli } from '../src/cli/run-cli.ts';
import { loadRoadmapConfig } from '../src/config/roadmap-config.ts';
import { parseEnv } from '../src/config/env.ts';
import { ConfigError } from '../src/errors.ts';
import { describeSource, loadSnapshot, missingProjectsWarning, resolveSource } from '../src/snapshot/source.ts';
import { writeSnapshotFile } from '../src/snapshot/snapshot-file.ts';

const USAGE = `Usage: npm run fetch -- --out FILE

Reads the portal of PORTAL_WORKSPACE_ID at PORTAL_API_URL and writes a snapshot to FILE.
Without those variables it writes a snapshot of the bundled demo workspace.`;

await runCli(async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.out) throw new ConfigError(`--out FILE is missing.\n${USAGE}`);
  const env = parseEnv();
  if (env.ROADMAP_SNAPSHOT) throw new ConfigError('ROADMAP_SNAPSHOT is set: unset it, `npm run fetch` reads the portal and writes a snapshot.');
  const { privacy } = loadRoadmapConfig(process.cwd());
  const source = resolveSource(env, process.cwd());
  console.log(`Reading ${describeSource(source)}`);
  const snapshot = await loadSnapshot(source, {
    normalise: { trackerFields: privacy.publishTrackerFields },
    onMissingProjects: (ids) => console.warn(`warning: ${missingProjectsWarning(ids)}`),
  });
  await writeSnapshotFile(values.out, snapshot);
  console.log(`Wrote ${values.out}: ${snapshot.issues.length} issues, ${snapshot.projects.length} projects, ${snapshot.digest}`);
});
