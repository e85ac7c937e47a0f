// A module of the package by its path below src/ (without the extension), as Node loads it: Node strips no
// TypeScript types in files under node_modules, so an installed package loads the JavaScript that `npm pack`
// compiled into lib/ (tsconfig.lib.json), and a checkout of the repository loads src/ itself.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const installed = fileURLToPath(import.meta.url)
  .split(/[\\/]/)
  .includes('node_modules');

/** The URL of `path` (below src/, no extension) for this copy of the package; throws, naming the fix, where it is missing. */
export function packageModuleUrl(path) {
  const entry = new URL(installed ? `../lib/${path}.js` : `../src/${path}.ts`, import.meta.url);
  if (!existsSync(entry)) {
    throw new Error(`${fileURLToPath(entry)} is missing: this copy of portal-roadmap was not packed with \`npm pack\`. Reinstall it from the registry or from a packed tarball.`);
  }
  return entry;
}
