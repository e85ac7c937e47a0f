/** `portal-roadmap rebuild`: the scheduled rebuild (see src/cli/rebuild/rebuild.ts). `--help` lists the options. */
import { runCommand, UsageError } from '../args.ts';
import { astroBuild } from '../rebuild/astro-build.ts';
import { reportLines, reportMarkdown } from '../rebuild/changes.ts';
import { configKeyDigests, siteFingerprint } from '../rebuild/fingerprint.ts';
import { writeGithubFailure, writeGithubOutputs } from '../rebuild/github.ts';
import { projectProgress } from '../rebuild/fetch-progress.ts';
import { DEFAULT_MAX_SHRINK, rebuild } from '../rebuild/rebuild.ts';
import { printWarnings, resolveSettings } from '../../config/settings.ts';
import { describeSource } from '../../snapshot/source.ts';
import { sessionOf } from '../../portal/client.ts';
import { missingProjectsWarning } from '../../snapshot/load.ts';

const spec = {
  command: 'portal-roadmap rebuild',
  summary:
    'Fetches the portal, and when anything changed builds the site into a staging directory, verifies it\n' +
    'and swaps it in for --out. A failure leaves --out and --state as they were.',
  options: {
    out: { type: 'string', value: 'DIR', default: 'dist', description: 'the live site' },
    state: { type: 'string', value: 'DIR', default: '.roadmap', description: 'where the last published snapshot and report are kept' },
    force: { type: 'boolean', description: 'rebuild even when nothing changed (and ignore an unreadable state file)' },
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

      try {
        await rebuildAndReport(maxShrink, values);
      } catch (error) {
        // The run's page on GitHub shows the summary first; the cause and its fix belong there.
        await writeGithubFailure(process.env, (error as Error).message).catch(() => {});
        throw error;
      }
    },
    argv,
  );

async function rebuildAndReport(maxShrink: number, values: { out: string; state: string; force: boolean; 'accept-shrink': boolean; 'fresh-history': boolean }): Promise<void> {
  const root = process.cwd();
  const settings = resolveSettings(root);
  const { source, config } = settings;
  printWarnings(settings);
  const session = source.kind === 'api' ? sessionOf(source.portal) : undefined;
  const progress = (line: string) => console.error(line);
  progress(`Reading ${describeSource(source)}`);
  const result = await rebuild({
    source,
    outDir: values.out,
    stateDir: values.state,
    force: values.force,
    acceptShrink: values['accept-shrink'],
    maxShrink,
    columns: config.columns,
    showUpvotes: config.showUpvotes,
    prefix: settings.prefix,
    privacy: config.privacy,
    fingerprint: siteFingerprint(settings),
    configKeys: configKeyDigests(settings),
    build: astroBuild(root, process.env, progress, { heapMb: settings.env.ROADMAP_BUILD_HEAP_MB }),
    // The demo's placeholder address (no site given) serves no history to continue.
    site: settings.env.ROADMAP_SITE || config.site ? settings.siteRoot : undefined,
    freshHistory: values['fresh-history'],
    log: progress,
    load: {
      ...(session ? { session } : {}),
      onProjectFetched: projectProgress(process.stderr),
      onMissingProjects: (ids) => console.error(`warning: ${missingProjectsWarning(ids)}`),
      onWarning: (message) => console.error(`warning: ${message}`),
    },
  });
  if (session) progress(`Portal requests: ${session.stats.requests} (${session.stats.rateLimited} rate limited, ${session.stats.retries} retried)`);
  console.log(result.summary);
  for (const line of reportLines(result.report)) console.log(line);
  await writeGithubOutputs(process.env, result.status === 'published', reportMarkdown(result.report));
}
