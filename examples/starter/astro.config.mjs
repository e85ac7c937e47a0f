// @ts-check
import { defineConfig } from 'astro/config';
import portalRoadmap from 'portal-roadmap';

export default defineConfig({
  integrations: [portalRoadmap()],
});
