/** `portal-roadmap rebuild`: the scheduled rebuild (see src/publish/rebuild.ts). `--help` lists the options. */
import { runCommand, UsageError } from './args.ts';
import { DEFAULT_MAX_SHRINK } from '../publish/defaults.ts';

const spec = {
  command: 'portal-roadmap rebuild',
  summary:
    'Fetches the portal, and when anything changed builds the site into a staging directory, verifies it\n' +
    'and swaps it in for --out. A failure leaves --out and --state as they were.',
  options: {
    out: { type: 'string', value: 'DIR', default: 'dist', description: 'the live site' },
    state: {
      type: 'string',
      value: 'DIR',
      default: '.roadmap',
      description: 'the state folder: where the last published snapshot, its fingerprint, the history, the description cache and the report are kept',
    },
    force: {
      type: 'boolean',
      description: 'rebuild even when nothing changed, rendering every page (none kept from the live site), and ignore an unreadable state file',
    },
    'accept-shrink': { type: 'boolean', description: 'publish even when the shown issue count fell sharply' },
    'max-shrink': { type: 'string', value: 'SHARE', default: String(DEFAULT_MAX_SHRINK), description: 'the share (0–1) the count may fall by before that' },
    'fresh-history': { type: 'boolean', description: "start a new history instead of continuing the state's or the live site's /history.json" },
  },
} as const;

/** Runs the command with its arguments (after the command's name). */
export const run = (argv: readonly string[]) =>
  runCommand(
    spec,
    async (values) => {
      const maxShrink = Number(values['max-shrink']);
      if (!(maxShrink >= 0 && maxShrink <= 1)) throw new UsageError(`--max-shrink must be a share from 0 to 1, e.g. 0.5; got "${values['max-shrink']}"`);
      // Loaded once the options are read: `--help` and a mistyped option answer without loading the build and the portal client.
      await (await import('./rebuild-action.ts')).rebuildSite(maxShrink, values);
    },
    argv,
  );
