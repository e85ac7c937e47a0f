// @ts-check
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { securityHeaders } from './src/integrations/security-headers.ts';
import { loadRoadmapConfig } from './src/lib/config.ts';
import { CSP_DIRECTIVES } from './src/lib/headers.ts';

const roadmap = loadRoadmapConfig(process.cwd());

export default defineConfig({
  // ROADMAP_CACHE_DIR keeps the content cache apart for builds that run side by side (tests, staging builds).
  ...(process.env.ROADMAP_CACHE_DIR ? { cacheDir: process.env.ROADMAP_CACHE_DIR } : {}),
  site: roadmap.site,
  base: roadmap.base,
  trailingSlash: 'always',
  integrations: [
    // The sitemap needs absolute URLs, so it is generated only when `site` is set.
    ...(roadmap.site ? [sitemap()] : []),
    securityHeaders({ base: roadmap.base, embedOrigins: roadmap.embed.allowedOrigins }),
  ],
  // Every page carries a CSP meta tag (hosts that cannot set headers, such as GitHub Pages, still get one);
  // Astro adds hashes for anything it inlines. No 'unsafe-inline', no 'unsafe-eval'.
  security: { csp: { directives: [...CSP_DIRECTIVES] } },
  // External stylesheets and scripts only, so the header CSP (script-src 'self', no hashes) allows all of them.
  build: { format: 'directory', inlineStylesheets: 'never' },
  vite: { build: { assetsInlineLimit: 0 } },
});
