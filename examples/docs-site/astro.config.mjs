// @ts-check
// A Starlight docs site with the roadmap mounted at /roadmap/ (the "prefix" in roadmap.config.json), inside
// Starlight's frame: its header, sidebar (with the roadmap's group), search, theme and footer.
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import portalRoadmap from 'portal-roadmap/starlight';

export default defineConfig({
  site: 'https://docs.example.com',
  integrations: [
    starlight({
      title: 'Acme docs',
      sidebar: [{ label: 'Guides', items: [{ label: 'Getting started', slug: 'guides/getting-started' }] }],
      plugins: [portalRoadmap()],
    }),
  ],
});
