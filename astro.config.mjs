// @ts-check
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { securityHeaders } from './src/site/astro/security-headers.ts';
import { loadRoadmapConfig } from './src/config/roadmap-config.ts';
import { parseEnv } from './src/config/env.ts';
import { CSP_DIRECTIVES, EMBED_DIR } from './src/site/headers.ts';
import { resolveSite } from './src/config/site-url.ts';
import { resolveSource } from './src/snapshot/source.ts';

const root = process.cwd();
const roadmap = loadRoadmapConfig(root);
const env = parseEnv();
const site = resolveSite({ configSite: roadmap.site, envSite: env.ROADMAP_SITE, sourceKind: resolveSource(env, root).kind });

export default defineConfig({
  // ROADMAP_CACHE_DIR keeps the content cache apart for builds that run side by side (tests, staging builds).
  ...(process.env.ROADMAP_CACHE_DIR ? { cacheDir: process.env.ROADMAP_CACHE_DIR } : {}),
  site,
  base: roadmap.base,
  trailingSlash: 'always',
  integrations: [
    // Embed pages are copies of other pages for iframes: kept out of the sitemap (and marked noindex).
    sitemap({ filter: (page) => !new URL(page).pathname.includes(`/${EMBED_DIR}/`) }),
    securityHeaders({ base: roadmap.base, embedOrigins: roadmap.embed.allowedOrigins }),
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
