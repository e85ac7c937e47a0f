/**
 * The roadmap's content collections, for a project's `src/content.config.ts`
 * (as Starlight's `docsLoader()` and `docsSchema()` go into one):
 *
 *     import { roadmapCollections } from 'portal-roadmap/content';
 *     export const collections = roadmapCollections();
 *
 * A site with collections of its own spreads them in beside its own:
 * `{ docs: defineCollection(…), ...roadmapCollections() }`. The loader reads
 * the settings the integration resolved, so the integration must be in the
 * project's astro.config.mjs. This module only hands them over: the
 * collections are made in `portal-roadmap/loaders` (./loaders.ts), which Node
 * loads itself.
 */
import settings from 'virtual:portal-roadmap/settings';
import { collectionsOf } from 'portal-roadmap/loaders';

export { roadmapLoader, IssueSchema, ProjectSchema, RoadmapInfoSchema, ROADMAP_COLLECTION_NAMES } from 'portal-roadmap/loaders';

export function roadmapCollections() {
  return collectionsOf(settings);
}
