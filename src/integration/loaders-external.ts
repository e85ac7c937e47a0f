/**
 * `portal-roadmap/loaders` (src/content/loaders.ts, through bin/loaders.mjs) is left to Node. Vite's module runner
 * would load the content config's whole module graph itself, transforming each module and its source map one at a
 * time before the content sync reads any entry. Node loads it as it loads the integration (an installed package's
 * compiled JavaScript, a checkout's sources), and the modules the integration loaded already are not loaded again.
 * An installed package's JavaScript under node_modules would be external to Vite's server code by default; a
 * checkout's own is not, so this says it for both, by the exact specifier (Vite's `resolve.external` matches it as
 * written), for every environment that runs on the server.
 */
import type { Plugin } from 'vite';

export const LOADERS_MODULE = 'portal-roadmap/loaders';

export function loadersExternalPlugin(): Plugin {
  return {
    name: 'portal-roadmap:loaders-external',
    configEnvironment(name, options) {
      if (name === 'client') return;
      const external = options.resolve?.external;
      if (external === true) return;
      options.resolve = { ...options.resolve, external: [...(external ?? []), LOADERS_MODULE] };
    },
  };
}
