/**
 * `virtual:portal-roadmap/settings`: the settings the integration resolved,
 * handed to the pages and the content collections as a module (Starlight's
 * `virtual:starlight/user-config` works the same way). Routes never read
 * `process.env` or the config file: what they know comes from here.
 */
import type { Plugin } from 'vite';
import type { Settings } from '../config/settings.ts';

export const SETTINGS_MODULE = 'virtual:portal-roadmap/settings';
const RESOLVED_ID = `\0${SETTINGS_MODULE}`;

export function settingsModulePlugin(settings: Settings): Plugin {
  return {
    name: 'portal-roadmap:settings-module',
    resolveId: (id) => (id === SETTINGS_MODULE ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(settings)};` : undefined),
    // Astro restarts `astro dev` when a file the integration watches (`addWatchFile`) changes, but only hears of
    // changes from Vite's watcher, which watches the project's folder: a config named by ROADMAP_CONFIG elsewhere is added.
    configureServer: (server) => {
      server.watcher.add(settings.settingsFiles);
    },
  };
}
