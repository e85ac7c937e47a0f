/** What `portal-roadmap fetch` does once its options are read (src/cli/fetch.ts). */
import { describeIssueCounts, issueCounts } from '../shown/issue-counts.ts';
import { printWarnings, resolveSettings } from '../config/settings.ts';
import { describeSource } from '../snapshot/source.ts';
import { ConfigError } from '../shared/errors.ts';
import { parseEnv } from '../config/env.ts';
import { loadSnapshot, missingProjectsWarning } from '../snapshot/load.ts';
import { writeSnapshotFile } from '../snapshot/snapshot-file.ts';

/** Reads the portal of the settings (or the demo) and writes a snapshot to `out`. */
export async function fetchSnapshot(out: string): Promise<void> {
  // Before the settings are read: they read the file ROADMAP_SNAPSHOT names, and a missing one would be an error
  // whose hint (`npm run fetch -- --out …`) fails the same way while the variable is set.
  if (parseEnv(process.env).ROADMAP_SNAPSHOT) {
    throw new ConfigError(
      'ROADMAP_SNAPSHOT is set, but fetch reads the portal and writes a snapshot, it reads none: unset ROADMAP_SNAPSHOT (it is for builds from a snapshot) and run fetch again.',
    );
  }
  const settings = resolveSettings(process.cwd());
  printWarnings(settings);
  console.error(`Reading ${describeSource(settings.source)}`);
  const snapshot = await loadSnapshot(settings.source, {
    onMissingProjects: (ids) => console.error(`warning: ${missingProjectsWarning(ids)}`),
    onWarning: (message) => console.error(`warning: ${message}`),
  });
  await writeSnapshotFile(out, snapshot);
  // The counts the site publishes: issues of hidden columns (canceled, by default) are in the snapshot but on no page.
  const counts = describeIssueCounts(issueCounts(snapshot.issues, settings.config.columns));
  console.log(`Wrote ${out}: ${counts}, ${snapshot.projects.length} projects, ${snapshot.digest}`);
}
