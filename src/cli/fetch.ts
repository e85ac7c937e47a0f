/**
 * `portal-roadmap fetch --out FILE`: reads the live portal named by
 * PORTAL_API_URL and PORTAL_WORKSPACE_ID (or the demo) and writes a snapshot to
 * FILE, which `ROADMAP_SNAPSHOT=FILE npm run build` then builds with no network access.
 */
import { runCommand, UsageError } from './args.ts';

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
      // Loaded once the options are read: `--help` and a mistyped option answer without loading the portal client.
      await (await import('./fetch-action.ts')).fetchSnapshot(out);
    },
    argv,
  );
