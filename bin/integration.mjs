// `portal-roadmap`: the Astro integration (src/integration/index.ts), as a project's astro.config.mjs imports it.
// Astro imports that file with Node first; from an installed package's TypeScript Node refuses, and Astro then
// loads the whole config through a Vite dev server, module by module (the starter reached its integration's setup
// 0.45 s later so). Loaded through here, an installed package's integration is its compiled JavaScript.
import { packageModuleUrl } from './package-module.mjs';

const integration = await import(packageModuleUrl('integration/index').href);
export default integration.default;
export const portalRoadmap = integration.portalRoadmap;
