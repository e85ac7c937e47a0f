/** What `portal-roadmap rebuild` does once its options are read (src/cli/rebuild.ts): steps 1 to 4 of src/publish/rebuild.ts. */
import { configKeyDigests, siteFingerprint } from '../fingerprint/fingerprint.ts';
import { writeGithubFailure } from '../publish/github.ts';
import { projectProgress } from '../publish/fetch-progress.ts';
import { planRebuild, type RebuildOptions } from '../publish/rebuild.ts';
import { demoAtOwnSiteError, printWarnings, resolveSettings, type Settings } from '../config/settings.ts';
import { ConfigError } from '../shared/errors.ts';
import { describeSource } from '../snapshot/source.ts';
import { sessionOf } from '../portal/client.ts';
import { missingProjectsWarning } from '../snapshot/load.ts';
import { finishInFreshProcess, printOutcome } from './rebuild-finish.ts';

type Values = { out: string; state: string; force: boolean; 'accept-shrink': boolean; 'fresh-history': boolean };

/** Rebuilds and reports; a failure is also written where GitHub Actions shows the run's summary. */
export async function rebuildSite(maxShrink: number, values: Values): Promise<void> {
  try {
    await rebuildAndReport(maxShrink, values);
  } catch (error) {
    // The run's page on GitHub shows the summary first; the cause and its fix belong there.
    await writeGithubFailure(process.env, (error as Error).message).catch(() => {});
    throw error;
  }
}

async function rebuildAndReport(maxShrink: number, values: Values): Promise<void> {
  const root = process.cwd();
  const settings = resolveSettings(root);
  const { source } = settings;
  // The build this runs reads a snapshot file, which hides that its data is the demo's: the check `astro build`
  // makes (src/integration/index.ts) is made here, before anything is read or published.
  const demoAtOwnSite = demoAtOwnSiteError(settings);
  if (demoAtOwnSite) throw new ConfigError(demoAtOwnSite);
  printWarnings(settings);
  const session = source.kind === 'api' ? sessionOf(source.portal) : undefined;
  const progress = (line: string) => console.error(line);
  // Dated: a cron job appends every run to one log, which must tell them apart.
  progress(`Reading ${describeSource(source)} at ${new Date().toISOString()}`);
  // Steps 1 to 4 here; the build and the publish in a fresh process, which this one becomes (./rebuild-finish.ts).
  const planned = await planRebuild({
    source,
    outDir: values.out,
    stateDir: values.state,
    force: values.force,
    acceptShrink: values['accept-shrink'],
    maxShrink,
    ...siteOptions(settings),
    freshHistory: values['fresh-history'],
    log: progress,
    load: {
      ...(session ? { session } : {}),
      onProjectFetched: projectProgress(process.stderr),
      onMissingProjects: (ids) => console.error(`warning: ${missingProjectsWarning(ids)}`),
      onWarning: (message) => console.error(`warning: ${message}`),
    },
  });
  const portalRequests = session && `Portal requests: ${session.stats.requests} (${session.stats.rateLimited} rate limited, ${session.stats.retries} retried)`;
  if (planned.status === 'publish') {
    // The build's day is the one the fingerprint saw, whatever the clock says by the time the build runs.
    await finishInFreshProcess({ planned, root, buildDay: settings.buildDay, heapMb: settings.env.ROADMAP_BUILD_HEAP_MB, portalRequests });
    return;
  }
  if (portalRequests) progress(portalRequests);
  await printOutcome(planned.result);
}

/**
 * What a rebuild takes from the settings: the site's columns, privacy and fingerprint, and where it lives, a mounted
 * roadmap's prefix included (its live history is `{site}/{prefix}/history.json`, or `{out}/{prefix}/history.json`).
 */
export function siteOptions(settings: Settings) {
  const { config } = settings;
  return {
    columns: config.columns,
    showUpvotes: config.showUpvotes,
    prefix: settings.prefix,
    privacy: config.privacy,
    fingerprint: siteFingerprint(settings),
    configKeys: configKeyDigests(settings),
    site: liveSite(settings),
    siteRoot: settings.siteRoot,
  } satisfies Partial<RebuildOptions>;
}

/**
 * The live site whose published history the rebuild continues: the site's address, when one is given. The demo has
 * none to ask: its placeholder address and the example and test names it may be tried at (roadmap.example.com has no
 * DNS record anywhere) serve no history, and its rebuild starts a new one, as docs/scheduled-rebuilds.md says.
 */
export function liveSite({ source, env, config, siteRoot }: Pick<Settings, 'source' | 'env' | 'config' | 'siteRoot'>): string | undefined {
  return source.kind !== 'demo' && (env.ROADMAP_SITE || config.site) ? siteRoot : undefined;
}
