/**
 * The unit project's Vite plugins (test/vitest.config.ts) that give src/route-data/ its Astro modules from the
 * fixture, as Starlight's tests give their route data a test config; no module is mocked:
 * - `virtual:portal-roadmap/settings`: the fixture's settings (./fixture.ts), by the integration's own plugin;
 * - `astro:content`: ./astro-content.ts, the collections the content layer holds for those settings.
 * The fixture is loaded (by Node, not bundled into the config) when a test first imports the settings, so other
 * runs of vitest never pay for it.
 */
import type { Plugin } from 'vite';
import { SETTINGS_MODULE } from '../../../src/integration/virtual-settings.ts';
const FIXTURE = new URL('./fixture.ts', import.meta.url);
const ASTRO_CONTENT = new URL('./astro-content.ts', import.meta.url);

type Hook = (id: string) => string | undefined;

export function routeDataFixture(): Plugin[] {
  let settings: Promise<{ resolveId: Hook; load: Hook }> | undefined;
  const settingsPlugin = () =>
    (settings ??= import(FIXTURE.href).then(({ settingsModule }: { settingsModule: () => Plugin }) => settingsModule() as unknown as { resolveId: Hook; load: Hook }));
  return [
    {
      name: 'route-data-fixture:settings',
      resolveId: async (id) => (id === SETTINGS_MODULE ? (await settingsPlugin()).resolveId(id) : undefined),
      load: async (id) => (id.endsWith(SETTINGS_MODULE) ? (await settingsPlugin()).load(id) : undefined),
    },
    { name: 'route-data-fixture:astro-content', resolveId: (id) => (id === 'astro:content' ? decodeURIComponent(ASTRO_CONTENT.pathname) : undefined) },
  ];
}
