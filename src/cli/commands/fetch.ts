/**
 * `portal-roadmap fetch --out FILE`: reads the live portal named by
 * PORTAL_API_URL and PORTAL_WORKSPACE_ID (or the demo) and writes a snapshot to
 * FILE, which `ROADMAP_SNAPSHOT=FILE npm run build` then builds with no network access.
 */
import { runCommand, UsageError } from '../args.ts';
import { describeIssueCounts, issueCounts } from '../issue-counts.ts';
import { printWarnings, resolveSettings } from '../../config/settings.ts';
import { describeSource } from '../../snapshot/source.ts';
import { ConfigError } from '../../shared/errors.ts';
import { loadSnapshot, missingProjectsWarning } from '../../snapshot/load.ts';
import { writeSnapshotFile } from '../../snapshot/snapshot-file.ts';

const spec = {
  command: 'portal-roadmap fetch',
  summary:
    'Reads the portal of PORTAL_WORKSPACE_ID at PORTAL_API_URL and writes a snapshot to FILE.\n' + 'Without those variables it writes a snapshot of the bundled demo workspace.',
  options: {
    out: { type: 'string', value: 'FILE', description: 'where to write the snapshot (required)' },
  },
} as const;

/** Runs the command with its arguments (after the command's name). */
export const run = (argv: readonly string[]) =>
  runCommand(
    spec,
    async ({ out }) => {
      if (!out) throw new UsageError('--out FILE is required');
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
    },
    argv,
  );
