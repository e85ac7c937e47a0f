// `portal-roadmap/starlight`: the Starlight plugin (src/integration/starlight.ts), loaded as bin/integration.mjs
// loads the integration.
import { packageModuleUrl } from './package-module.mjs';

const plugin = await import(packageModuleUrl('integration/starlight').href);
export default plugin.default;
export const portalRoadmapStarlight = plugin.portalRoadmapStarlight;
