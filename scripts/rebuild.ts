/**
 * `npm run rebuild`: the scheduled rebuild (see src/cli/rebuild/rebuild.ts).
 *   --out DIR          where the live site is (default dist)
 *   --state DIR        where the last published snapshot is kept (default .roadmap)
 *   --force            rebuild even when nothing changed
 *   --accept-shrink    publish even when the visible issue count fell sharply
 *   --max-shrink N     the share (0–1) the count may fall by before that (default 0.5)
 */
import { parseArgs } from 'node:util';
import { runCli } from '../src/cli/run-cli.ts';
import { loadRoadmapConfig } from '../src/config/roadmap-config.ts';
import { parseEnv } from '../src/config/env.ts';
import { ConfigError } from '../src/errors.ts';
import { sessionOf } from '../src/portal/client.ts';
import { describeSource, missingProjectsWarning, resolveSource } from '../src/snapshot/source.ts';
import { astroBuild } from '../src/cli/rebuild/astro-build.ts';
import { reportLines, reportMarkdown } from '../src/cli/rebuild/changes.ts';
import { writeGithubOutputs } from '../src/cli/rebuild/github.ts';
import { projectProgress } from '../src/cli/rebuild/progress.ts';
import { DEFAULT_MAX_SHRINK, rebuild } from '../src/cli/rebuild/rebuild.ts';

const USAGE = 'Usage: npm run rebuild -- [--out DIR] [--state DIR] [--force] [--accept-shrink] [--max-shrink 0.5]';

await runCli(async () => {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'dist' },
      state: { type: 'string', default: '.roadmap' },
      force: { type: 'boolean', default: false },
      'accept-shrink': { type: 'boolean', default: false },
      'max-shrink': { type: 'string', default: String(DEFAULT_MAX_SHRINK) },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  const maxShrink = Number(values['max-shrink']);
  if (!(maxShrink >= 0 && maxShrink <= 1)) throw new ConfigError(`--max-shrink must be a share from 0 to 1, e.g. 0.5; got "${values['max-shrink']}".`);

  const root = process.cwd();
  const env = parseEnv();
  const { privacy, columns } = loadRoadmapConfig(root);
  const source = resolveSource(env, root);
  const session = source.kind === 'api' ? sessionOf(source.client) : undefined;
  console.log(`Reading ${describeSource(source)}`);
  const result = await rebuild({
    source,
    outDir: values.out,
    stateDir: values.state,
    force: values.force,
    acceptShrink: values['accept-shrink'],
    maxShrink,
    columns,
    build: astroBuild(root),
    log: (line) => console.log(line),
    load: {
      ...(session ? { session } : {}),
      normalise: { trackerFields: privacy.publishTrackerFields },
      onProjectFetched: projectProgress(process.stdout),
      onMissingProjects: (ids) => console.warn(`warning: ${missingProjectsWarning(ids)}`),
    },
  });
  if (session) console.log(`Portal requests: ${session.stats.requests} (${session.stats.rateLimited} rate limited, ${session.stats.retries} retried)`);
  if (result.status === 'published') for (const line of reportLines(result.report)) console.log(line);
  await writeGithubOutputs(process.env, result.status === 'published', reportMarkdown(result.report));
});
