/**
 * Files of the portal-roadmap package itself, wherever it is installed: the
 * demo workspace and its history, and the package's manifest. Found from this
 * module, whose folder is two levels below the package root in the sources
 * (src/shared/) and in the compiled command line alike (lib/shared/).
 */
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PACKAGE_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A file of the package, by its path from the package root. */
export function packageFile(path: string): string {
  return fileURLToPath(new URL(`../../${path}`, import.meta.url));
}

/** The installed package's version (its package.json). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version;
}

/** Whether this is an installed copy of the package (below node_modules), not a checkout of its repository. */
export const INSTALLED = PACKAGE_ROOT.split(sep).includes('node_modules');

/**
 * The URL Node starts a module of the package from (a worker thread's
 * script), by its path below src/: the source in a checkout; the compiled
 * copy in lib/ in an installed package, where Node strips no types.
 */
export function runnableModule(sourcePath: string): URL {
  return pathToFileURL(INSTALLED ? packageFile(`lib/${sourcePath.replace(/\.ts$/, '.js')}`) : packageFile(`src/${sourcePath}`));
}
