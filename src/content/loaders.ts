/**
 * The roadmap's content collections, made from the settings the integration resolved, with their loaders and
 * schemas: `portal-roadmap/loaders`. A project's `src/content.config.ts` takes them through
 * `portal-roadmap/content` (./collections.ts), which hands this module the settings. Node loads this module and
 * everything it imports itself, not Vite's module runner, which transformed its 38 modules (and their source maps)
 * one at a time before the content sync read any entry (the integration's Vite plugin marks it external:
 * src/integration/loaders-external.ts). So nothing here may import a virtual module.
 */
// Astro's own `defineCollection` (`astro:content` re-exports it, types included): imported from its module, the content
// config loads without the whole page runtime `astro:content` brings, which the content sync would transform module by
// module before it reads any entry.
import { defineCollection } from 'astro/content/config';
import { z } from 'astro/zod';
import type { Settings } from '../config/settings.ts';
import type { Issue, Project, RoadmapInfo } from '../snapshot/model.ts';
import { roadmapLoader } from './loader.ts';
import { releaseNoteSchema, releaseNotesLoader } from './release-notes.ts';
import { releaseNoteRules } from '../release-notes/frontmatter.ts';
import { DEFAULT_RELEASE_NOTES_FOLDER } from '../config/schemas/release-note-defaults.ts';

export { roadmapLoader } from './loader.ts';
export { releaseNotesLoader, releaseNoteSchema } from './release-notes.ts';
export { IssueSchema, ProjectSchema, RoadmapInfoSchema } from '../snapshot/model.ts';

/** The names the pages read the collections by; a site's own collections must not use them. */
export const ROADMAP_COLLECTION_NAMES = ['issues', 'projects', 'roadmap', 'releases'] as const;

/**
 * The schema of a collection whose entries the loader made from a snapshot that zod checked already: a snapshot file
 * by its schema (`SnapshotSchema`, with `IssueSchema` and `ProjectSchema`), the portal's answers and the demo by the
 * API's schemas before they were normalised. Astro parses every entry with its collection's schema; this one checks
 * nothing again (a second check costs a build time for nothing) and only gives the entries their type.
 */
const checkedBefore = <T>() => z.custom<T>();

/** What the collections are made from: the settings of the build (`virtual:portal-roadmap/settings`). */
export type CollectionSettings = Pick<Settings, 'source' | 'config' | 'descriptionCacheFile' | 'truncatedNote' | 'projectRoot' | 'releaseNotesDir' | 'releaseNotesMdx'>;

export function collectionsOf(settings: CollectionSettings) {
  const { source, config, descriptionCacheFile, truncatedNote, projectRoot, releaseNotesDir } = settings;
  const { columns, privacy } = config;
  const noteRules = releaseNoteRules(config, source.kind === 'demo');
  return {
    issues: defineCollection({ loader: roadmapLoader({ collection: 'issues', source, columns, privacy, truncatedNote, descriptionCacheFile }), schema: checkedBefore<Issue>() }),
    projects: defineCollection({ loader: roadmapLoader({ collection: 'projects', source, privacy, truncatedNote, descriptionCacheFile }), schema: checkedBefore<Project>() }),
    roadmap: defineCollection({ loader: roadmapLoader({ collection: 'roadmap', source }), schema: checkedBefore<RoadmapInfo>() }),
    // The team's release notes (src/content/release-notes.ts): none unless the project has the folder; the demo's for
    // the demo.
    releases: defineCollection({
      loader: releaseNotesLoader({
        projectRoot,
        dir: releaseNotesDir,
        configuredFolder: source.kind !== 'demo' && config.releaseNotes.folder !== DEFAULT_RELEASE_NOTES_FOLDER ? config.releaseNotes.folder : undefined,
        mdx: settings.releaseNotesMdx,
        ...noteRules,
      }),
      schema: releaseNoteSchema(noteRules),
    }),
  };
}
