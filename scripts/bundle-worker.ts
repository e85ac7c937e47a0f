/**
 * Bundles the description worker into the package's lib/ (`npm run build:lib`, which `npm pack` runs), over the
 * module tsc compiled there: src/descriptions/worker-script.ts says why, and bundles a checkout's the same way.
 */
import { build } from 'esbuild';
import { WORKER_BUNDLE_OPTIONS } from '../src/descriptions/worker-script.ts';
import { packageFile } from '../src/shared/package-files.ts';

await build({ ...WORKER_BUNDLE_OPTIONS, outfile: packageFile('lib/descriptions/render-worker.js'), logLevel: 'warning' });
