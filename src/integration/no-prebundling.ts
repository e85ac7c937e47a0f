/**
 * `astro build` syncs the content collections in a temporary Vite dev server (Astro's `core/sync`), whose client
 * environment still pre-bundles the dev toolbar's dependencies (aria-query, axobject-query and the toolbar's entry)
 * into node_modules/.vite: Rolldown bundling in every build (@see docs/project/performance-log.md, "Measurements
 * behind the code"), for a server that serves no browser and a toolbar no build shows. Vite skips pre-bundling when
 * nothing is to be found and nothing is listed (`optimizeDeps.noDiscovery` with an empty `include`). Given to builds
 * only: `astro dev` pre-bundles as it always did.
 */
import type { Plugin } from 'vite';

export function noPrebundlingPlugin(): Plugin {
  return {
    name: 'portal-roadmap:no-prebundling',
    // After Astro's own plugins, which list the toolbar's dependencies.
    enforce: 'post',
    configEnvironment(_name, options) {
      options.optimizeDeps = { ...options.optimizeDeps, noDiscovery: true, include: [] };
    },
  };
}
