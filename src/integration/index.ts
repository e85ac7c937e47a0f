// The types of the virtual module reach a project through this entry point, as Starlight's do.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./virtual.d.ts" />
/**
 * The Astro integration: `portalRoadmap()` in a project's astro.config.mjs
 * makes a roadmap site of it. Modelled on Starlight's: the settings are
 * resolved once here, handed to the pages through a virtual module
 * (./virtual-settings.ts), every page is an injected route (./routes.ts), and
 * the build steps around the pages (sitemap, search index, `_headers`,
 * warnings) are integrations of their own, added after this one.
 *
 * With `prefix` in the config the roadmap is mounted in a site that has pages
 * of its own: that site's settings stay as they are, and only the roadmap's
 * routes, search index and headers are added, below the prefix.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, AstroIntegration } from 'astro';
import { localeSegment } from '../i18n/locale-segment.ts';
import { demoAtOwnSiteError, resolveSettings, type Settings, type SettingsInput } from '../config/settings.ts';
import { ConfigError, RoadmapError } from '../shared/errors.ts';
import { cspDirectives, EMBED_DIR, subscribeFormOrigin } from '../hosting/headers.ts';
import { robotsLocationWarning } from './steps/robots-warning.ts';
import { searchIndex } from './steps/search-index.ts';
import { securityHeaders } from './steps/security-headers.ts';
import { roadmapSitemap } from './steps/sitemap.ts';
import { hostLimits } from './steps/host-limits.ts';
import { feedFiles } from './steps/feed-files.ts';
import { ownBuildSteps, pageReuseStep } from './steps/page-reuse.ts';
import { missingShareCardPackages, SHARE_CARD_PACKAGES } from '../share-cards/share-card.ts';
import { configNotes } from '../config/config-notes.ts';
import { notesToSay, SAID_NOTES_FILE } from '../config/said-notes.ts';
import { pageFingerprint } from '../fingerprint/page-fingerprint.ts';
import { roadmapRoutes, routePattern } from './routes.ts';
import { astroSite } from './astro-site.ts';
import { settingsModulePlugin } from './virtual-settings.ts';
import { frameModulePlugin, type Frame } from './virtual-frame.ts';
import { noPrebundlingPlugin } from './no-prebundling.ts';
import { loadersExternalPlugin } from './loaders-external.ts';
import { packageFile } from '../shared/package-files.ts';
import { classicScriptsPlugin } from './classic-scripts.ts';
import { LOADER_NAME, readSnapshotEarly } from '../content/loader.ts';
import { asAstroError } from '../content/user-error.ts';

export type PortalRoadmapOptions = SettingsInput['config'];

/** What the package's other entry points choose for the integration, which a site does not set itself. */
export interface PortalRoadmapFrame {
  /** The frame the pages render inside: Starlight's (`portal-roadmap/starlight`, src/integration/starlight.ts). */
  frame?: Frame;
}

const NAME = 'portal-roadmap';
const SITEMAP = '@astrojs/sitemap';

/**
 * `options`: the roadmap config itself (the schema of roadmap.config.json),
 * for a project that keeps it in astro.config.mjs. Without options the config
 * is read from roadmap.config.json (or the file `ROADMAP_CONFIG` names), which
 * is also what `portal-roadmap fetch` and `rebuild` read.
 */
export default function portalRoadmap(options?: PortalRoadmapOptions, { frame }: PortalRoadmapFrame = {}): AstroIntegration {
  const starlight = frame !== undefined && 'starlight' in frame;
  return {
    name: NAME,
    hooks: {
      'astro:config:setup': async ({ config: astroConfig, command, isRestart, injectRoute, updateConfig, addWatchFile, logger }) => {
        const settings = asUserError(
          () => {
            const resolved = resolveSettings(fileURLToPath(astroConfig.root), process.env, {
              config: options,
              // `.mdx` notes need the site's MDX integration (a Starlight site has it) to be rendered.
              astro: { site: astroConfig.site, base: astroConfig.base, mdx: astroConfig.integrations.some((integration) => integration.name === '@astrojs/mdx') },
            });
            const demoAtOwnSite = command === 'build' ? demoAtOwnSiteError(resolved) : undefined;
            if (demoAtOwnSite) throw new ConfigError(demoAtOwnSite);
            if (starlight && !resolved.prefix) throw new ConfigError(STARLIGHT_NEEDS_PREFIX);
            if (starlight && resolved.layoutFile) throw new ConfigError(STARLIGHT_HAS_A_LAYOUT);
            if (resolved.prefix) checkHost(astroConfig);
            if (resolved.config.shareCards) checkShareCardPackages(resolved.projectRoot);
            // Pages are kept from a previous output on a build alone; its fingerprint takes in the code, read once here.
            const pageReuse = command === 'build' && resolved.pageReuse ? { ...resolved.pageReuse, fingerprint: pageFingerprint(resolved) } : undefined;
            return { ...resolved, pageReuse };
          },
          { isRestart },
        );
        for (const file of settings.settingsFiles) addWatchFile(file);
        const mounted = settings.prefix !== undefined;
        // `astro preview` serves what a build made: its warnings and notes were the build's to say (and may not fit the files served).
        if (command !== 'preview') {
          // Warnings name a real problem: every build. Notes are information: said when they are news (src/config/said-notes.ts).
          for (const warning of settings.warnings) logger.warn(warning);
          const notes = [
            ...(starlight && settings.config.nav ? [{ topic: 'nav', text: STARLIGHT_IGNORES_NAV, logger }] : []),
            ...configNotes(settings.config, settings.brand.socialImage !== undefined).map((note) => ({
              ...note,
              now: !note.buildOnly || command === 'build',
              logger: logger.fork(`${NAME}:${note.topic}`),
            })),
          ];
          const cacheDir = !mounted && settings.env.ROADMAP_CACHE_DIR ? resolve(settings.projectRoot, settings.env.ROADMAP_CACHE_DIR) : fileURLToPath(astroConfig.cacheDir);
          for (const note of await notesToSay(notes, join(cacheDir, SAID_NOTES_FILE), settings)) note.logger.info(note.text);
        }
        // The content sync reads the snapshot a while from now: reading it now lets the description renderers load meanwhile.
        if (command !== 'preview') readSnapshotEarly(settings, logger.fork(LOADER_NAME));
        // Astro inlines every environment variable into `import.meta.env` of server code, over its own values: a BASE_URL
        // variable (vitest sets one in its workers; so do some CI systems) would replace the base path in every link.
        for (const name of ['BASE_URL', 'SITE']) delete process.env[name];

        for (const route of roadmapRoutes(mounted, command)) {
          injectRoute({ pattern: routePattern(settings.prefix, route), entrypoint: packageFile(`src/routes/${route.file}`), prerender: true });
        }
        // The build steps around the pages run right after this integration, in this order (as Starlight adds its own).
        const self = astroConfig.integrations.findIndex((integration) => integration.name === NAME);
        const hasSitemap = astroConfig.integrations.some((integration) => integration.name === SITEMAP);
        astroConfig.integrations.splice(self + 1, 0, ...ownBuildSteps(buildSteps(settings, { sitemap: !hasSitemap, starlight })));

        // The frame: Starlight's (the plugin), else the site's own layout (`layout`), else the roadmap's own.
        const pageFrame = frame ?? (settings.layoutFile ? { layout: settings.layoutFile } : undefined);
        const vite = {
          plugins: [
            settingsModulePlugin(settings),
            frameModulePlugin(pageFrame),
            classicScriptsPlugin(),
            loadersExternalPlugin(),
            ...(command === 'build' ? [noPrebundlingPlugin()] : []),
          ],
        };
        if (mounted) {
          // The site's own settings stay as they are but its address, which is the roadmap's (one rule: src/config/site-url.ts).
          updateConfig({ ...astroSite(astroConfig.site, settings), vite });
          return;
        }
        updateConfig({
          // ROADMAP_CACHE_DIR keeps the content cache apart for builds that run side by side (tests, staging builds).
          ...(settings.env.ROADMAP_CACHE_DIR ? { cacheDir: pathToFileURL(`${resolve(settings.projectRoot, settings.env.ROADMAP_CACHE_DIR)}/`) } : {}),
          site: settings.site,
          base: settings.astroBase,
          trailingSlash: 'always',
          // Every page carries a CSP meta tag (hosts that cannot set headers, such as GitHub Pages, still get one);
          // Astro adds hashes for anything it inlines. No 'unsafe-inline', no 'unsafe-eval'.
          security: { csp: { algorithm: 'SHA-256', directives: [...cspDirectives(subscribeFormOrigin(settings.config.subscribe))] } },
          // Descriptions are rendered by src/descriptions/markdown.ts; Astro's Shiki would add inline styles the CSP refuses.
          markdown: { syntaxHighlight: false },
          // External stylesheets and scripts only, so the header CSP (script-src 'self', no hashes) allows all of them.
          build: { format: 'directory', inlineStylesheets: 'never', concurrency: settings.buildConcurrency },
          vite: { ...vite, build: { assetsInlineLimit: 0 } },
        });
      },
    },
  };
}

export { portalRoadmap };

/** Share cards need their optional peer dependencies in the project: say which, and the command that adds them. */
function checkShareCardPackages(projectRoot: string): void {
  const missing = missingShareCardPackages(projectRoot);
  if (missing.length > 0) {
    throw new ConfigError(
      `shareCards: drawing cards needs ${missing.join(', ')} in your project. Run \`npm install ${SHARE_CARD_PACKAGES.join(' ')}\`, or set "shareCards": false.`,
    );
  }
}

/** Links between the roadmap's pages end in a slash, which only Astro's `directory` format serves as pages. */
function checkHost(astroConfig: AstroConfig): void {
  if (astroConfig.build.format !== 'directory') {
    throw new ConfigError(
      `prefix: a mounted roadmap needs build.format "directory" (Astro's default), but astro.config.mjs sets "${astroConfig.build.format}". ` +
        'Remove build.format from astro.config.mjs, or build the roadmap as a site of its own (no prefix).',
    );
  }
}

const STARLIGHT_NEEDS_PREFIX =
  'prefix: in a Starlight site the roadmap is mounted below a path of its own, but the config sets no "prefix". Add one to roadmap.config.json, e.g. "prefix": "/roadmap".';

const STARLIGHT_IGNORES_NAV = "nav: not used in Starlight's frame, whose header and sidebar are Starlight's: add the links to Starlight's own `sidebar` or `social` settings.";
const STARLIGHT_HAS_A_LAYOUT = "layout: in a Starlight site the roadmap's pages are in Starlight's frame, not a layout of the site's. Remove \"layout\" from the config.";

/**
 * The integrations that run around the pages. In Starlight's frame (`starlight`) the roadmap builds no search index
 * of its own (Starlight's one index holds its pages), and its pages allow the images of Starlight's search box.
 */
function buildSteps(
  { config, base, astroBase, prefix, siteRoot, projectRoot, pageReuse, historyFile }: Settings,
  { sitemap, starlight }: { sitemap: boolean; starlight: boolean },
): AstroIntegration[] {
  const withSearch = !starlight;
  // The main language at the root, each other in its folder (src/view/languages.ts).
  const languageDirs = config.locales.slice(1).map(localeSegment);
  const search = searchIndex({ locales: config.locales, folder: prefix, reuse: pageReuse });
  return [
    // First: the pages kept from the previous build, which every later step must see like those rendered.
    ...(pageReuse ? [pageReuseStep(pageReuse, { withHistory: historyFile !== undefined })] : []),
    // With every page in place, Pagefind starts indexing them in its own process while the next two steps run.
    ...(withSearch ? [search.start] : []),
    // Then the feeds' files, from one bundle a language, which every later step must see in place of the bundle.
    feedFiles({ languageDirs, folder: prefix }),
    // Embed pages (copies of other pages for iframes) and tombstones are kept out of the sitemap (and marked noindex).
    // With several languages, each page lists its translations (xhtml:link hreflang) in the sitemap.
    // A site the roadmap is mounted in may have a sitemap of its own, which then lists the roadmap's pages too.
    ...(sitemap
      ? roadmapSitemap({
          base: astroBase,
          embedDir: EMBED_DIR,
          ...(languageDirs.length > 0
            ? { i18n: { defaultLocale: localeSegment(config.locale), locales: Object.fromEntries(config.locales.map((locale) => [localeSegment(locale), locale])) } }
            : {}),
        })
      : []),
    // Before securityHeaders: the search index adds the pagefind/ folder, which _headers must list.
    ...(withSearch ? [search.finish] : []),
    securityHeaders({
      base,
      embedOrigins: config.embed.allowedOrigins,
      languageDirs,
      folder: prefix,
      formOrigin: subscribeFormOrigin(config.subscribe),
      dataImages: starlight,
      vercelProjectRoot: config.host === 'vercel' ? projectRoot : undefined,
    }),
    // After _headers, which it counts.
    hostLimits(config.host),
    ...(prefix ? [] : [robotsLocationWarning({ base, siteRoot, index: config.seo.index, languageDirs })]),
  ];
}

/** Said under a mistake found when `astro dev` restarts on a saved config file. */
const RESTART_HINT = 'Fix it and save the file again: until then the dev server keeps serving the last valid config.';

/**
 * Astro prints an error thrown by an integration with a stack trace and the
 * zod error as its cause (about 30 lines for one bad colour). A config or
 * environment mistake is ours to explain: it is thrown as Astro's own user
 * error, its friendly lines and a hint without a stack (src/content/user-error.ts),
 * and the build exits 1. Anything else is a bug and keeps Astro's report. On a
 * restart of `astro dev` (a watched config file was saved) the hint says the
 * dev server keeps serving the last valid config until the file is fixed.
 */
function asUserError<T>(run: () => T, { isRestart = false } = {}): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof RoadmapError)) throw error;
    throw asAstroError(error, isRestart ? RESTART_HINT : undefined);
  }
}
