// @ts-check
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { loadRoadmapConfig } from './src/lib/config.ts';

const roadmap = loadRoadmapConfig(process.cwd());

export default defineConfig({
  site: roadmap.site,
  base: roadmap.base,
  trailingSlash: 'always',
  // The sitemap needs absolute URLs, so it is generated only when `site` is set.
  integrations: roadmap.site ? [sitemap()] : [],
  // External stylesheets only: the pages run under a CSP without 'unsafe-inline'.
  build: { format: 'directory', inlineStylesheets: 'never' },
});
