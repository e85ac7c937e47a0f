// @ts-check
// A Starlight docs site with the roadmap mounted at /roadmap/ (the "prefix" in roadmap.config.json).
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import portalRoadmap from 'portal-roadmap';

export default defineConfig({
  site: 'https://docs.example.com',
  integrations: [
    starlight({
      title: 'Acme docs',
      sidebar: [
        { label: 'Guides', items: [{ label: 'Getting started', slug: 'guides/getting-started' }] },
        // The roadmap's pages are not Starlight pages: a link, which opens the board.
        { label: 'Roadmap', link: '/roadmap/' },
      ],
    }),
    portalRoadmap(),
  ],
});
