// The second half of `portal-roadmap rebuild`, which the rebuild's process becomes once its plan is written
// (src/cli/rebuild-finish.ts): `node bin/rebuild-finish.mjs HANDOVER_FILE`. Not a command to run by hand.
import module from 'node:module';
import { packageModuleUrl } from './package-module.mjs';

// As bin/portal-roadmap.mjs does: the modules come from Node's compile cache.
module.enableCompileCache?.();
const { main } = await import(packageModuleUrl('cli/rebuild-finish').href);
await main(process.argv[2]);
