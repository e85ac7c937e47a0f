// @ts-check
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { processSettings } from './src/config/settings.ts';
import { localeSegment } from './src/config/roadmap-config.ts';
import { securityHeaders } from './src/site/astro/security-headers.ts';
import { CSP_DIRECTIVES, EMBED_DIR } from './src/site/headers.ts';

const { config, env, site, warnings } = processSettings();
// The main language at the root, each other in its folder (src/site/languages.ts).
const languageDirs = config.locales.slice(1).map(localeSegment);

export default defineConfig({
  // ROADMAP_CACHE_DIR keeps the content cache apart for builds that run side by side (tests, staging builds).
  ...(env.ROADMAP_CACHE_DIR ? { cacheDir: env.ROADMAP_CACHE_DIR } : {}),
  site,
  base: config.base,
  trailingSlash: 'always',
  integrations: [
    // Embed pages are copies of other pages for iframes: kept out of the sitemap (and marked noindex).
    sitemap({
      filter: (page) => !new URL(page).pathname.includes(`/${EMBED_DIR}/`),
      // With several languages, each page lists its translations (xhtml:link hreflang) in the sitemap.
      ...(languageDirs.length > 0
        ? { i18n: { defaultLocale: localeSegment(config.locale), locales: Object.fromEntries(config.locales.map((locale) => [localeSegment(locale), locale])) } }
        : {}),
    }),
    securityHeaders({ base: config.base, embedOrigins: config.embed.allowedOrigins, languageDirs }),
    // Settings that build but are probably not what the user meant (src/config/settings.ts `warnings`).
    { name: 'roadmap-warnings', hooks: { 'astro:config:setup': ({ logger }) => warnings.forEach((warning) => logger.warn(warning)) } },
  ],
  // Every page carries a CSP meta tag (hosts that cannot set headers, such as GitHub Pages, still get one);
  // Astro adds hashes for anything it inlines. No 'unsafe-inline', no 'unsafe-eval'.
  security: { csp: { directives: [...CSP_DIRECTIVES] } },
  // Descriptions are rendered by src/content/markdown.ts; Astro's Shiki would add inline styles the CSP refuses.
  markdown: { syntaxHighlight: false },
  // External stylesheets and scripts only, so the header CSP (script-src 'self', no hashes) allows all of them.
  build: { format: 'directory', inlineStylesheets: 'never' },
  vite: { build: { assetsInlineLimit: 0 } },
});
