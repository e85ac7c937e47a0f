// @ts-check
import { defineConfig } from 'astro/config';
import { processSettings } from './src/config/settings.ts';
import { securityHeaders } from './src/site/astro/security-headers.ts';
import { roadmapSitemap } from './src/site/astro/sitemap.ts';
import { CSP_DIRECTIVES, EMBED_DIR } from './src/site/headers.ts';

const { config, env, site } = processSettings();

export default defineConfig({
  // ROADMAP_CACHE_DIR keeps the content cache apart for builds that run side by side (tests, staging builds).
  ...(env.ROADMAP_CACHE_DIR ? { cacheDir: env.ROADMAP_CACHE_DIR } : {}),
  site,
  base: config.base,
  trailingSlash: 'always',
  integrations: [
    // Embed pages (copies of other pages for iframes) and tombstones are kept out of the sitemap (and marked noindex).
    ...roadmapSitemap({ base: config.base, embedDir: EMBED_DIR }),
    securityHeaders({ base: config.base, embedOrigins: config.embed.allowedOrigins }),
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
