// @ts-check
import { defineConfig } from 'astro/config';
import { processSettingsOrExit } from './src/config/settings.ts';
import { localeSegment } from './src/config/roadmap-config.ts';
import { robotsLocationWarning } from './src/site/astro/robots-warning.ts';
import { searchIndex } from './src/site/astro/search-index.ts';
import { securityHeaders } from './src/site/astro/security-headers.ts';
import { roadmapSitemap } from './src/site/astro/sitemap.ts';
import { settingsWarnings } from './src/site/astro/settings-warnings.ts';
import { CSP_DIRECTIVES, EMBED_DIR } from './src/site/headers.ts';

const { config, env, site, base, siteRoot, warnings, buildConcurrency } = processSettingsOrExit();
// The main language at the root, each other in its folder (src/site/languages.ts).
const languageDirs = config.locales.slice(1).map(localeSegment);

// Astro inlines every environment variable into `import.meta.env` of server code, over its own values: a BASE_URL
// variable (vitest sets one in its workers; so do some CI systems) would replace the base path in every link.
// The site and base path come from the settings alone.
for (const name of ['BASE_URL', 'SITE']) delete process.env[name];

export default defineConfig({
  // ROADMAP_CACHE_DIR keeps the content cache apart for builds that run side by side (tests, staging builds).
  ...(env.ROADMAP_CACHE_DIR ? { cacheDir: env.ROADMAP_CACHE_DIR } : {}),
  site,
  base,
  trailingSlash: 'always',
  integrations: [
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
    settingsWarnings(warnings),
  ],
  // Every page carries a CSP meta tag (hosts that cannot set headers, such as GitHub Pages, still get one);
  // Astro adds hashes for anything it inlines. No 'unsafe-inline', no 'unsafe-eval'.
  security: { csp: { directives: [...CSP_DIRECTIVES] } },
  // Descriptions are rendered by src/content/markdown.ts; Astro's Shiki would add inline styles the CSP refuses.
  markdown: { syntaxHighlight: false },
  // External stylesheets and scripts only, so the header CSP (script-src 'self', no hashes) allows all of them.
  // Several pages at once (ROADMAP_BUILD_CONCURRENCY; default twice the CPUs, see src/config/settings.ts).
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: buildConcurrency },
  vite: { build: { assetsInlineLimit: 0 } },
});
