/**
 * Bundles the classic scripts into the package's lib/ (`npm run build:lib`, which `npm pack` runs):
 * src/integration/classic-scripts.ts says why, and bundles a checkout's the same way.
 */
import { build } from 'esbuild';
import { CLASSIC_SCRIPTS, classicBundleOptions } from '../src/integration/classic-scripts.ts';
import { packageFile } from '../src/shared/package-files.ts';

for (const source of CLASSIC_SCRIPTS) {
  await build({ ...classicBundleOptions(source), outfile: packageFile(`lib/${source.replace(/\.ts$/, '.js')}`), logLevel: 'warning' });
}
