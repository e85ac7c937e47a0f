/** What `portal-roadmap fetch` does once its options are read (src/cli/fetch.ts). */
import { describeIssueCounts, issueCounts } from '../shown/issue-counts.ts';
import { printWarnings, resolveSettings } from '../config/settings.ts';
import { describeSource } from '../snapshot/source.ts';
import { ConfigError } from '../shared/errors.ts';
import { loadSnapshot, missingProjectsWarning } from '../snapshot/load.ts';
import { writeSnapshotFile } from '../snapshot/snapshot-file.ts';

/** Reads the portal of the settings (or the demo) and writes a snapshot to `out`. */
export async function fetchSnapshot(out: string): Promise<void> {
  const settings = resolveSettings(process.cwd());
  if (settings.source.kind === 'snapshot') {
    throw new ConfigError('ROADMAP_SNAPSHOT is set: unset it, `npm run fetch` reads the portal and writes a snapshot.');
  }
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
