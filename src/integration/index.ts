/// <reference path="./virtual.d.ts" />
/**
 * The Astro integration: `portalRoadmap()` in a project's astro.config.mjs
 * makes a roadmap site of it. Modelled on Starlight's: the settings are
 * resolved once here, handed to the pages through a virtual module
 * (./virtual-settings.ts), every page is an injected route (./routes.ts), and
 * the build steps around the pages (sitemap, search index, `_headers`,
 * warnings) are integrations of their own, added after this one.
 */
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';
import { localeSegment } from '../config/roadmap-config.ts';
import { resolveSettings, type Settings, type SettingsInput } from '../config/settings.ts';
import { RoadmapError } from '../shared/errors.ts';
import { CSP_DIRECTIVES, EMBED_DIR } from '../site/headers.ts';
import { robotsLocationWarning } from '../site/astro/robots-warning.ts';
import { searchIndex } from '../site/astro/search-index.ts';
import { securityHeaders } from '../site/astro/security-headers.ts';
import { roadmapSitemap } from '../site/astro/sitemap.ts';
import { ROADMAP_ROUTES, routePattern } from './routes.ts';
import { settingsModulePlugin } from './virtual-settings.ts';

export type PortalRoadmapOptions = SettingsInput['config'];

const NAME = 'portal-roadmap';

/**
 * `options`: the roadmap config itself (the schema of roadmap.config.json),
 * for a project that keeps it in astro.config.mjs. Without options the config
 * is read from roadmap.config.json (or the file `ROADMAP_CONFIG` names), which
 * is also what `portal-roadmap fetch` and `rebuild` read.
 */
export default function portalRoadmap(options?: PortalRoadmapOptions): AstroIntegration {
  return {
    name: NAME,
    hooks: {
      'astro:config:setup': ({ config: astroConfig, injectRoute, updateConfig, logger }) => {
        const settings = resolveOrExit(fileURLToPath(astroConfig.root), options);
        for (const warning of settings.warnings) logger.warn(warning);
        // Astro inlines every environment variable into `import.meta.env` of server code, over its own values: a BASE_URL
        // variable (vitest sets one in its workers; so do some CI systems) would replace the base path in every link.
        for (const name of ['BASE_URL', 'SITE']) delete process.env[name];

        for (const route of ROADMAP_ROUTES) {
          injectRoute({ pattern: routePattern('/', route), entrypoint: new URL(`../routes/${route.file}`, import.meta.url), prerender: true });
        }
        // The build steps around the pages run right after this integration, in this order (as Starlight adds its own).
        const self = astroConfig.integrations.findIndex((integration) => integration.name === NAME);
        astroConfig.integrations.splice(self + 1, 0, ...buildSteps(settings));

        updateConfig({
          // ROADMAP_CACHE_DIR keeps the content cache apart for builds that run side by side (tests, staging builds).
          ...(settings.env.ROADMAP_CACHE_DIR ? { cacheDir: pathToFileURL(`${resolve(settings.root, settings.env.ROADMAP_CACHE_DIR)}/`) } : {}),
          site: settings.site,
          base: settings.base,
          trailingSlash: 'always',
          // Every page carries a CSP meta tag (hosts that cannot set headers, such as GitHub Pages, still get one);
          // Astro adds hashes for anything it inlines. No 'unsafe-inline', no 'unsafe-eval'.
          security: { csp: { algorithm: 'SHA-256', directives: [...CSP_DIRECTIVES] } },
          // Descriptions are rendered by src/content/markdown.ts; Astro's Shiki would add inline styles the CSP refuses.
          markdown: { syntaxHighlight: false },
          // External stylesheets and scripts only, so the header CSP (script-src 'self', no hashes) allows all of them.
          build: { format: 'directory', inlineStylesheets: 'never', concurrency: settings.buildConcurrency },
          vite: { build: { assetsInlineLimit: 0 }, plugins: [settingsModulePlugin(settings)] },
        });
      },
    },
  };
}

export { portalRoadmap };

/** The integrations that run around the pages. */
function buildSteps({ config, base, siteRoot }: Settings): AstroIntegration[] {
  // The main language at the root, each other in its folder (src/site/languages.ts).
  const languageDirs = config.locales.slice(1).map(localeSegment);
  return [
    // Embed pages (copies of other pages for iframes) and tombstones are kept out of the sitemap (and marked noindex).
    // With several languages, each page lists its translations (xhtml:link hreflang) in the sitemap.
    ...roadmapSitemap({
      base,
      embedDir: EMBED_DIR,
      ...(languageDirs.length > 0
        ? { i18n: { defaultLocale: localeSegment(config.locale), locales: Object.fromEntries(config.locales.map((locale) => [localeSegment(locale), locale])) } }
        : {}),
    }),
    // Before securityHeaders: the search index adds the pagefind/ folder, which _headers must list.
    searchIndex({ locales: config.locales, languageDirs }),
    securityHeaders({ base, embedOrigins: config.embed.allowedOrigins, languageDirs }),
    robotsLocationWarning({ base, siteRoot, index: config.seo.index }),
  ];
}

/**
 * Astro prints an error thrown by an integration with a stack trace and the
 * zod error as its cause (about 30 lines for one bad colour). A config or
 * environment mistake is ours to explain, so its friendly lines go to stderr
 * alone and the build exits 1. Anything else is a bug and keeps Astro's report.
 */
function resolveOrExit(root: string, options: PortalRoadmapOptions): Settings {
  try {
    return resolveSettings(root, process.env, { config: options });
  } catch (error) {
    if (!(error instanceof RoadmapError)) throw error;
    process.stderr.write(`error: ${error.message}\n`);
    process.exit(1);
  }
}
