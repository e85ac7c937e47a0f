// @ts-check
// The demo site: this repository uses its own package as a team's project does (see examples/starter/).
import { defineConfig } from 'astro/config';
import portalRoadmap from 'portal-roadmap';

export default defineConfig({
  integrations: [portalRoadmap()],
});
