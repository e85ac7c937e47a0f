/**
 * The run's settings, resolved once from the project root and the
 * environment: the config file, the variables, where the data comes from, and
 * the site URL. `astro.config.mjs`, the content config, the pages' data module
 * and the CLIs all start here, so no two of them can read the config differently.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import { readSnapshotFileSync } from '../snapshot/snapshot-file.ts';
import { configWarnings } from './config-warnings.ts';
import { parseEnv, type RoadmapEnv } from './env.ts';
import { buildDay } from './build-day.ts';
import { resolveBrand, type Brand } from './brand.ts';
import { configFilePath, INLINE_CONFIG_NAME, loadRoadmapConfig, projectFile, type RoadmapConfig, type RoadmapConfigInput } from './roadmap-config.ts';
import { readShipDates } from './ship-dates.ts';
import { resolveSiteLocation, siteDisagreement } from './site-url.ts';
import type { DataSource } from '../snapshot/source.ts';
import { DEMO_HISTORY_FILE, DEMO_RELEASE_NOTES_DIR, resolveSource } from './source.ts';
import { localeWarnings, truncationNoteText } from '../i18n/labels.ts';
import { onThisMachine } from '../shared/values.ts';
import { ConfigError } from '../shared/errors.ts';

/** The config with the base path resolved (from `base`, else the path of the site URL, else `/`). */
export type ResolvedConfig = RoadmapConfig & { base: string };

export interface Settings {
  /** The project root: the Astro project's folder, where the config file, public/ and the demo data are looked up. */
  projectRoot: string;
  env: RoadmapEnv;
  config: ResolvedConfig;
  source: DataSource;
  /** Scheme and host the site is served from (`ROADMAP_SITE`, else `site`, else the demo's), no path: Astro's `site`. */
  site: string;
  /** The address the project's own files give: `site` in the config, else in `astro.config.mjs`; undefined when neither does. */
  ownSite: string | undefined;
  /** The roadmap's base path, `/` or e.g. `/repo`: Astro's `base`, and below it the prefix of a mounted roadmap (`/repo/roadmap`). */
  base: string;
  /** Astro's `base`: the roadmap's own unless it is mounted. */
  astroBase: string;
  /** The host site's home, Astro's `base` with a trailing slash (`/docs/`), which the header links back to when the roadmap is mounted; undefined when the roadmap is the whole site. */
  hostHome: string | undefined;
  /** The folder below Astro's output a mounted roadmap's pages are in (`roadmap`, from `prefix`); undefined when the roadmap is the whole site. */
  prefix: string | undefined;
  /** The site root: the roadmap's root URL, base path and prefix included, ending in a slash, e.g. `https://user.github.io/repo/`. */
  siteRoot: string;
  /**
   * Valid settings that will probably look wrong, each a line naming the option
   * and the fix. Collected here once; `astro build` prints them through the
   * integration's config:setup hook (src/integration/index.ts) and the
   * CLIs print them to stderr (`printWarnings`). Nothing else should print them.
   */
  warnings: string[];
  /** The history file the pages read (`ROADMAP_HISTORY`; the demo's own for the demo), or none. */
  historyFile: string | undefined;
  /** The release notes' folder, absolute: `releaseNotes.folder` in the project; the demo's own for the demo (`DEMO_RELEASE_NOTES_DIR`). */
  releaseNotesDir: string;
  /** Whether `.mdx` notes are read: the site has `@astrojs/mdx` among its integrations (a Starlight site has). */
  releaseNotesMdx: boolean;
  /**
   * The build's day, `YYYY-MM-DD` (`ROADMAP_BUILD_DATE`, else today's in UTC): a release note dated after it waits
   * (src/release-notes/schedule.ts).
   */
  buildDay: string;
  /**
   * The files the settings were read from: the config file (none for the integration's options), the `shipDates`
   * file, the brand images. `astro dev` restarts when one changes (`addWatchFile`), as it does for astro.config.mjs.
   */
  settingsFiles: string[];
  /** The `shipDates` file read: an ISO date-time by issue id or identifier (empty without the option). */
  shipDates: Readonly<Record<string, string>>;
  /** Where sanitised descriptions are cached across builds (`ROADMAP_RENDER_CACHE`, else `.roadmap/render-cache.json`), absolute. */
  descriptionCacheFile: string;
  /**
   * The note after a description cut at the length limit, in the main language (`labels.descriptionTruncated`):
   * the content sync reads it here, so its module graph loads none of the translations.
   */
  truncatedNote: string;
  /** The favicon, logo and social image, checked, with the URLs pages link them by (src/config/brand.ts). */
  brand: Brand;
  /** The real path of the site's own layout (`layout`), checked; none without the option. */
  layoutFile: string | undefined;
  /**
   * Where this build writes its page digests (`ROADMAP_PAGE_DIGESTS`), and the previous build's output whose
   * unchanged pages it copies (`ROADMAP_PREVIOUS_OUTPUT`), both absolute; undefined: every page is rendered.
   */
  pageReuse: PageReuseSettings | undefined;
  /** Where this build writes the release notes it publishes (`ROADMAP_RELEASE_NOTES_OUT`), absolute; undefined: nowhere. */
  releaseNotesOut: string | undefined;
  /** Astro's `build.concurrency`: pages rendered at once (`ROADMAP_BUILD_CONCURRENCY`, else `defaultBuildConcurrency()`). */
  buildConcurrency: number;
}

export interface PageReuseSettings {
  digestsFile: string;
  previousOutput: string | undefined;
  /** The build's fingerprint (src/fingerprint/page-fingerprint.ts): set by the integration, which knows the code. */
  fingerprint?: string;
}

/** The state folder `npm run rebuild` keeps by default, and where `npm run build` keeps its description cache. */
export const DEFAULT_STATE_DIR = '.roadmap';
/**
 * The description cache's file in the state folder. Its name (like `ROADMAP_RENDER_CACHE` and the file's `format`)
 * is older than the term "description cache" and stays, so state folders and CI settings kept from before keep working.
 */
export const DESCRIPTION_CACHE_FILE = 'render-cache.json';
/** The page digests `npm run rebuild` keeps in its state folder (src/fingerprint/page-digests.ts). */
export const PAGE_DIGESTS_FILE = 'page-digests.json';

/**
 * Pages Astro renders at once unless `ROADMAP_BUILD_CONCURRENCY` says: twice
 * the CPUs, at most 8. Rendering a page waits on its data and on writing the
 * file as much as it computes, so two per core keep the cores busy (measured
 * with 4 on 2 cores against Astro's default of 1: from 2.1× to 1.70× the
 * bare-Astro floor at 1,000 issues); beyond 8 only memory grows.
 */
export function defaultBuildConcurrency(cpus: number = availableParallelism()): number {
  return Math.min(8, Math.max(1, 2 * cpus));
}

/** What a caller may give besides the project root and the environment. */
export interface SettingsInput {
  /** The config itself (the integration's options), instead of the config file. */
  config?: RoadmapConfigInput | undefined;
  /** The Astro project's own `site` and `base`, used when the config and the environment give none (a site the roadmap is mounted in). */
  astro?: { site?: string | undefined; base?: string | undefined; mdx?: boolean | undefined };
}

export function resolveSettings(root: string, env: NodeJS.ProcessEnv = process.env, input: SettingsInput = {}): Settings {
  const parsedEnv = parseEnv(env);
  const config = loadRoadmapConfig(root, parsedEnv.ROADMAP_CONFIG, input.config);
  const source = resolveSource(parsedEnv, root);
  const ownSite = config.site ?? input.astro?.site;
  const configBase = config.base ?? (input.astro?.base && input.astro.base !== '/' ? input.astro.base : undefined);
  const location = resolveSiteLocation({
    configSite: ownSite,
    configBase,
    envSite: parsedEnv.ROADMAP_SITE,
    // A snapshot of the demo is the demo: `npm run fetch` and `npm run rebuild` of it build without a site.
    // Read only when no site is given, so a real workspace's snapshot is not read twice.
    isDemo: () => source.kind === 'demo' || (source.kind === 'snapshot' && readSnapshotFileSync(source.file).origin.kind === 'demo'),
  });
  // A mounted roadmap's pages are below its prefix: that is their base, and the Astro project's stays as it is.
  const base = config.prefix ? `${location.base === '/' ? '' : location.base}${config.prefix}` : location.base;
  const configName = input.config === undefined ? configFilePath(root, parsedEnv.ROADMAP_CONFIG) : INLINE_CONFIG_NAME;
  const siteWarning = siteDisagreement([
    ...(parsedEnv.ROADMAP_SITE ? [{ where: 'ROADMAP_SITE', url: parsedEnv.ROADMAP_SITE, base: configBase }] : []),
    ...(config.site ? [{ where: `"site" in ${input.config === undefined ? basename(configName) : INLINE_CONFIG_NAME}`, url: config.site, base: configBase }] : []),
    ...(input.astro?.site ? [{ where: '"site" in astro.config.mjs', url: input.astro.site, base: input.astro.base }] : []),
  ]);
  const configDir = input.config === undefined ? dirname(configName) : root;
  const configFileExists = input.config === undefined && existsSync(configName);
  const brand = resolveBrand({ favicon: config.theme.favicon, logo: config.theme.logo, socialImage: config.theme.socialImage }, root, configDir, configName);
  const shipDatesFile = config.shipDates ? projectFile(root, config.shipDates, { option: 'shipDates', what: 'a JSON file', example: 'ship-dates.json' }, configName) : undefined;
  return {
    projectRoot: root,
    env: parsedEnv,
    config: { ...config, base },
    source,
    site: location.site,
    ownSite,
    base,
    astroBase: location.base,
    prefix: config.prefix?.slice(1),
    hostHome: config.prefix ? `${location.base === '/' ? '' : location.base}/` : undefined,
    siteRoot: config.prefix ? new URL(`${base}/`, location.baseUrl).toString() : location.baseUrl,
    warnings: [
      ...config.renamedKeys,
      ...(siteWarning ? [siteWarning] : []),
      ...demoWarnings(source, input.config !== undefined || configFileExists),
      ...configWarnings(config),
      ...languageWarnings(config),
    ],
    brand,
    layoutFile: config.layout ? layoutFile(root, config.layout, configDir, configName) : undefined,
    descriptionCacheFile: resolve(root, parsedEnv.ROADMAP_RENDER_CACHE ?? `${DEFAULT_STATE_DIR}/${DESCRIPTION_CACHE_FILE}`),
    truncatedNote: truncationNoteText(config),
    pageReuse: parsedEnv.ROADMAP_PAGE_DIGESTS
      ? {
          digestsFile: resolve(root, parsedEnv.ROADMAP_PAGE_DIGESTS),
          previousOutput: parsedEnv.ROADMAP_PREVIOUS_OUTPUT ? resolve(root, parsedEnv.ROADMAP_PREVIOUS_OUTPUT) : undefined,
        }
      : undefined,
    releaseNotesOut: parsedEnv.ROADMAP_RELEASE_NOTES_OUT ? resolve(root, parsedEnv.ROADMAP_RELEASE_NOTES_OUT) : undefined,
    buildConcurrency: parsedEnv.ROADMAP_BUILD_CONCURRENCY ?? defaultBuildConcurrency(),
    shipDates: shipDatesFile ? readShipDates(shipDatesFile, configName) : {},
    historyFile: parsedEnv.ROADMAP_HISTORY ? resolve(root, parsedEnv.ROADMAP_HISTORY) : source.kind === 'demo' ? DEMO_HISTORY_FILE : undefined,
    // Made-up notes belong to the made-up workspace, as its history does: never on a site of a real source.
    releaseNotesDir: source.kind === 'demo' ? DEMO_RELEASE_NOTES_DIR : resolve(root, config.releaseNotes.folder),
    releaseNotesMdx: input.astro?.mdx ?? false,
    buildDay: buildDay(parsedEnv),
    settingsFiles: [
      ...(configFileExists ? [configName] : []),
      ...(shipDatesFile ? [shipDatesFile] : []),
      ...[brand.favicon, brand.logo, brand.socialImage].flatMap((asset) => (asset?.file ? [asset.file] : [])),
    ],
  };
}

/**
 * The site's own layout (`layout`, relative to the config file's folder `configDir`), checked as every file the
 * config names is: a file inside the project (src/config/roadmap-config.ts, `projectFile`).
 */
function layoutFile(root: string, layout: string, configDir: string, configName: string): string {
  const candidate = resolve(configDir, layout);
  if (!existsSync(candidate)) {
    const where = configName === INLINE_CONFIG_NAME ? ['the project root', configName] : [`the folder of ${basename(configName)}`, basename(configName)];
    throw new ConfigError(`layout: ${candidate} does not exist (the path is relative to ${where[0]}). Create the component there, or fix "layout" in ${where[1]}.`);
  }
  return projectFile(root, candidate, { option: 'layout', what: 'an .astro component', example: 'src/layouts/Site.astro' }, configName);
}

/** How the CLIs show the settings' warnings: one `warning:` line each, on stderr. */
export function printWarnings(settings: Pick<Settings, 'warnings'>, write: (line: string) => void = (line) => console.error(line)): void {
  for (const warning of settings.warnings) write(`warning: ${warning}`);
}

/** The warning of a project with a config of its own that builds the bundled demo (no portal variables set). */
export const DEMO_DATA_WARNING =
  'PORTAL_API_URL and PORTAL_WORKSPACE_ID are not set, so this build shows the bundled DEMO workspace (made-up issues), not yours. ' +
  'Set both to build your roadmap; leave them unset only to try the site.';

/**
 * A build of the bundled demo at an address of the team's would publish made-up issues on the team's domain (a
 * deploy hook whose host lost the portal variables, say): `astro build` and `portal-roadmap rebuild` stop with this.
 * The address is the one the site is built for: `ROADMAP_SITE` (the live site's address, which the host guides set
 * as a variable of the host's build), else `site` in roadmap.config.json, else in astro.config.mjs (as every
 * Starlight site sets it). Without an address the demo builds, as the starter does on its first `npm run build`;
 * so it does at a name reserved for examples and tests (RFC 2606, RFC 6761: `example.com`, `.example`, `.test`,
 * `localhost`, …), which no team serves from, as the examples' configs and the bench use.
 */
export function demoAtOwnSiteError({
  source,
  config,
  ownSite,
  env,
}: Pick<Settings, 'source' | 'config' | 'ownSite'> & { env: Pick<RoadmapEnv, 'ROADMAP_SITE'> }): string | undefined {
  const site = env.ROADMAP_SITE || ownSite;
  if (source.kind !== 'demo' || site === undefined || isReservedHost(site)) return undefined;
  const prefix = `PORTAL_API_URL and PORTAL_WORKSPACE_ID are not set, so this build would publish the bundled DEMO workspace (made-up issues) at ${site}`;
  const tryIt = 'to try the site with the demo (or give it an example.com address)';
  if (env.ROADMAP_SITE) return `${prefix}, the address ROADMAP_SITE gives. Set both variables to build your roadmap, or unset ROADMAP_SITE ${tryIt}.`;
  const where = config.site !== undefined ? 'roadmap.config.json' : 'astro.config.mjs';
  return `${prefix}. Set both variables to build your roadmap, or remove "site" from ${where} ${tryIt}${where === 'astro.config.mjs' ? ' (or try it with `astro dev`)' : ''}.`;
}

/** Whether `site`'s host is this machine or a name reserved for examples and tests (RFC 2606, RFC 6761). */
function isReservedHost(site: string): boolean {
  let host: string;
  try {
    host = new URL(site).hostname.toLowerCase();
  } catch {
    return false;
  }
  return onThisMachine(host) || /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/.test(host);
}

/** Made-up issues under a team's own title would be published without a word: said once, naming the variables. */
function demoWarnings(source: DataSource, ownConfig: boolean): string[] {
  return source.kind === 'demo' && ownConfig ? [DEMO_DATA_WARNING] : [];
}

/** The locales' and label overrides' warnings (src/i18n/labels.ts), each once. */
function languageWarnings(config: RoadmapConfig): string[] {
  const warnings = [...new Set(config.locales.flatMap((locale) => localeWarnings(locale, config.labels)))];
  // An override given as one text replaces its message in every language; per language, each gets its own.
  const everyLanguage = config.labelsInEveryLanguage;
  if (config.locales.length > 1 && everyLanguage.length > 0) {
    warnings.push(
      `labels: with several locales (${config.locales.join(', ')}), ${everyLanguage.map((key) => `"${key}"`).join(', ')} replace${everyLanguage.length > 1 ? '' : 's'} the message in every language. ` +
        `Give each a text per language, e.g. {"${config.locales[0]}": "…", "${config.locales[1]}": "…"}, or leave it out.`,
    );
  }
  warnings.push(...config.textFallbacks);
  return warnings;
}
