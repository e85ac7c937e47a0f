/** A build's content sync server pre-bundles nothing: Vite resolves its client environment with nothing to bundle. */
import { resolveConfig, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { noPrebundlingPlugin } from '../../../src/integration/no-prebundling.ts';

/** What Astro's dev toolbar asks of every dev server, the sync's included (astro/dist/toolbar/vite-plugin-dev-toolbar.js). */
const toolbarDependencies: Plugin = { name: 'toolbar', config: () => ({ optimizeDeps: { include: ['astro > aria-query', 'astro > axobject-query'] } }) };

async function clientOptimizeDeps(plugins: Plugin[]) {
  const config = await resolveConfig({ configFile: false, logLevel: 'silent', plugins }, 'serve');
  return config.environments.client!.optimizeDeps;
}

describe('noPrebundlingPlugin', () => {
  it('leaves the sync server nothing to discover or bundle, whatever Astro lists', async () => {
    expect((await clientOptimizeDeps([toolbarDependencies])).include).toEqual(['astro > aria-query', 'astro > axobject-query']);
    const optimizeDeps = await clientOptimizeDeps([toolbarDependencies, noPrebundlingPlugin()]);
    expect(optimizeDeps.include).toEqual([]);
    expect(optimizeDeps.noDiscovery).toBe(true);
  });
});
