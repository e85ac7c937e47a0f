/**
 * The run's settings, resolved once from the project root and the
 * environment: the config file, the variables, where the data comes from, and
 * the site URL. `astro.config.mjs`, the content config, the pages' data module
 * and the CLIs all start here, so no two of them can read the config differently.
 */
import { parseEnv, type RoadmapEnv } from './env.ts';
import { loadRoadmapConfig, type RoadmapConfig } from './roadmap-config.ts';
import { resolveSite } from './site-url.ts';
import { resolveSource, type DataSource } from './source.ts';
import { localeWarnings } from '../site/labels.ts';

export interface Settings {
  /** Project root: where the config file, public/ and the demo data are looked up. */
  root: string;
  env: RoadmapEnv;
  config: RoadmapConfig;
  source: DataSource;
  /** Absolute URL the site is served from (`ROADMAP_SITE`, else `site`, else the demo's). */
  site: string;
  /** Mistakes that still build: each names the option and the fix. astro.config.mjs prints them. */
  warnings: string[];
}

export function resolveSettings(root: string, env: NodeJS.ProcessEnv = process.env): Settings {
  const parsedEnv = parseEnv(env);
  const config = loadRoadmapConfig(root, parsedEnv.ROADMAP_CONFIG);
  const source = resolveSource(parsedEnv, root);
  const site = resolveSite({ configSite: config.site, envSite: parsedEnv.ROADMAP_SITE, isDemo: source.kind === 'demo' });
  const warnings = [...new Set(config.locales.flatMap((locale) => localeWarnings(locale, config.labels)))];
  if (config.locales.length > 1 && Object.keys(config.labels).length > 0) {
    warnings.push(`labels: with several locales (${config.locales.join(', ')}), each override replaces its message in every language. Leave "labels" out, or write overrides every language can read.`);
  }
  return { root, env: parsedEnv, config, source, site, warnings };
}

const resolved = new Map<string, Settings>();

/**
 * The settings of this process's own environment, resolved on first use and
 * then shared (the pages ask once per build, not once per page).
 */
export function processSettings(root = process.cwd()): Settings {
  let settings = resolved.get(root);
  if (!settings) {
    settings = resolveSettings(root, process.env);
    resolved.set(root, settings);
  }
  return settings;
}
