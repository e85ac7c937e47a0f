import { defineCollection } from 'astro:content';
import { docsLoader, i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { roadmapCollections } from 'portal-roadmap/content';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  // Starlight's UI strings (none overridden: src/content/i18n/en.json is empty). Without the collection, Astro warns
  // on every build that Starlight looked it up.
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
  ...roadmapCollections(),
};
