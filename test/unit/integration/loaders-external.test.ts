/**
 * The content config's loaders are Node's to load: Vite's module runner, which loads the content config for the
 * content sync, transforms the config itself and leaves `portal-roadmap/loaders` (and all it imports) to Node.
 */
import { createServer, createServerModuleRunner, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { loadersExternalPlugin } from '../../../src/integration/loaders-external.ts';
import { PROJECT_ROOT } from '../../support/build-site.ts';

/** The settings module as the integration serves it; the import alone reads nothing of it. */
const settingsModule: Plugin = {
  name: 'settings',
  resolveId: (id) => (id === 'virtual:portal-roadmap/settings' ? '\0settings' : undefined),
  load: (id) => (id === '\0settings' ? 'export default {};' : undefined),
};

/** The files of src/ that Vite's module runner loaded for the content config's module, with `plugins`. */
async function modulesViteLoads(plugins: Plugin[]): Promise<string[]> {
  const server = await createServer({
    configFile: false,
    root: PROJECT_ROOT,
    logLevel: 'silent',
    server: { middlewareMode: true, ws: false },
    plugins: [settingsModule, ...plugins],
  });
  try {
    const ssr = server.environments.ssr;
    const runner = createServerModuleRunner(ssr, { hmr: false });
    const collections = (await runner.import('/src/content/collections.ts')) as { roadmapCollections: unknown };
    expect(typeof collections.roadmapCollections).toBe('function');
    await runner.close();
    return [...ssr.moduleGraph.idToModuleMap.keys()].filter((id) => id.startsWith(`${PROJECT_ROOT}src/`)).map((id) => id.slice(PROJECT_ROOT.length));
  } finally {
    await server.close();
  }
}

describe('loadersExternalPlugin', () => {
  it('leaves the loaders to Node: Vite loads the content config alone, where without it it loaded every module the loaders import', async () => {
    expect(await modulesViteLoads([loadersExternalPlugin()])).toEqual(['src/content/collections.ts']);
    const without = await modulesViteLoads([]);
    expect(without).toContain('src/content/loader.ts');
    expect(without.length).toBeGreaterThan(20);
  });
});
