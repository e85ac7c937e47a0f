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
 * project's astro.config.mjs.
 */
// Astro's own `defineCollection` (`astro:content` re-exports it, types included): imported from its module, the content
// config loads without the whole page runtime `astro:content` brings, which the content sync would transform module by
// module before it reads any entry.
import { defineCollection } from 'astro/content/config';
import { z } from 'astro/zod';
import settings from 'virtual:portal-roadmap/settings';
import type { Issue, Project, RoadmapInfo } from '../snapshot/model.ts';
import { roadmapLoader } from './loader.ts';
import { releaseNoteSchema, releaseNotesLoader } from './release-notes.ts';
import { releaseNoteRules } from '../view/release-notes.ts';
import { DEFAULT_RELEASE_NOTES_FOLDER } from '../config/schemas/release-notes.ts';

export { roadmapLoader } from './loader.ts';
export { IssueSchema, ProjectSchema, RoadmapInfoSchema } from '../snapshot/model.ts';

/** The names the pages read the collections by; a site's own collections must not use them. */
export const ROADMAP_COLLECTION_NAMES = ['issues', 'projects', 'roadmap', 'releases'] as const;

/**
 * The schema of a collection whose entries the loader made from a snapshot that zod checked already: a snapshot file
 * by its schema (`SnapshotSchema`, with `IssueSchema` and `ProjectSchema`), the portal's answers and the demo by the
 * API's schemas before they were normalised. Astro parses every entry with its collection's schema; this one checks
 * nothing again (the second check of 1,000 issues and 50 projects took 0.11 s, its first run in a process) and only gives
 * the entries their type.
 */
const checkedBefore = <T>() => z.custom<T>();

export function roadmapCollections() {
  const { source, config, descriptionCacheFile, truncatedNote, projectRoot, releaseNotesDir } = settings;
  const { columns, privacy } = config;
  return {
    issues: defineCollection({ loader: roadmapLoader({ collection: 'issues', source, columns, privacy, truncatedNote, descriptionCacheFile }), schema: checkedBefore<Issue>() }),
    projects: defineCollection({ loader: roadmapLoader({ collection: 'projects', source, privacy, truncatedNote, descriptionCacheFile }), schema: checkedBefore<Project>() }),
    roadmap: defineCollection({ loader: roadmapLoader({ collection: 'roadmap', source }), schema: checkedBefore<RoadmapInfo>() }),
    // The team's release notes (src/content/release-notes.ts): none unless the project has the folder; the demo's for the demo.
    releases: defineCollection({
      loader: releaseNotesLoader({
        projectRoot,
        dir: releaseNotesDir,
        configuredFolder: source.kind !== 'demo' && config.releaseNotes.folder !== DEFAULT_RELEASE_NOTES_FOLDER ? config.releaseNotes.folder : undefined,
        mdx: settings.releaseNotesMdx,
        ...releaseNoteRules(config, source.kind === 'demo'),
      }),
      schema: releaseNoteSchema(releaseNoteRules(config, source.kind === 'demo')),
    }),
  };
}
