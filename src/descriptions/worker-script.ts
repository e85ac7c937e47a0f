/**
 * The script a description thread runs (./render-worker.ts): one module with marked, the sanitiser and their
 * dependencies bundled in. A thread loads it several times faster than the 110 modules one by one, and a one-change
 * rebuild waits for its thread (@see docs/project/performance-log.md, "Measurements behind the code").
 *
 * An installed package ships it bundled (lib/descriptions/render-worker.js, from `npm run build:lib`, which
 * `npm pack` runs). A checkout bundles its own sources once per process, with esbuild (Astro's own bundler
 * dependency), so it always runs the code it has.
 */
import type { BuildOptions } from 'esbuild';
import { INSTALLED, packageFile, runnableModule } from '../shared/package-files.ts';

const WORKER_SOURCE = 'descriptions/render-worker.ts';

/** How the worker is bundled, in a checkout and for the package alike (scripts/bundle-worker.ts). */
export const WORKER_BUNDLE_OPTIONS = {
  entryPoints: [packageFile(`src/${WORKER_SOURCE}`)],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  logLevel: 'silent',
} satisfies BuildOptions;

let script: Promise<URL> | undefined;

/** The URL a worker thread starts from: the package's bundle, or this checkout's, made on first use. */
export function workerScript(): Promise<URL> {
  return (script ??= INSTALLED ? Promise.resolve(runnableModule(WORKER_SOURCE)) : bundleCheckout());
}

async function bundleCheckout(): Promise<URL> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({ ...WORKER_BUNDLE_OPTIONS, write: false });
  // A data: URL, which Node's module loader runs like a file: nothing to write, clean up or find stale.
  return new URL(`data:text/javascript;base64,${Buffer.from(outputFiles[0]!.contents).toString('base64')}`);
}
