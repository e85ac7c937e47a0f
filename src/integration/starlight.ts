/**
 * `portal-roadmap/starlight`: the roadmap as a Starlight plugin, for a docs site's
 * `starlight({ plugins: [portalRoadmapStarlight()] })`. It adds the roadmap's integration with Starlight's frame
 * (every page but the embeds renders inside `<StarlightPage>`, src/layouts/StarlightFrame.astro) and its sidebar
 * group (./starlight-sidebar.ts). Starlight's settings (title, locales, base, sidebar, search) stay the team's:
 * the roadmap's pages are found by Starlight's one search index, so the roadmap builds no index of its own.
 * `options` are those of `portalRoadmap()` (the roadmap config; without them, roadmap.config.json).
 */
import type { StarlightPlugin } from '@astrojs/starlight/types';
import { packageFile } from '../shared/package-files.ts';
import { portalRoadmap, type PortalRoadmapOptions } from './index.ts';

export default function portalRoadmapStarlight(options?: PortalRoadmapOptions): StarlightPlugin {
  return {
    name: 'portal-roadmap',
    hooks: {
      'config:setup': ({ addIntegration, addRouteMiddleware }) => {
        addIntegration(portalRoadmap(options, { frame: { starlight: true } }));
        // Loaded by Vite, from src/ (this module runs from lib/ in an installed package: bin/starlight.mjs).
        addRouteMiddleware({ entrypoint: packageFile('src/integration/starlight-sidebar.ts') });
      },
    },
  };
}

export { portalRoadmapStarlight };
