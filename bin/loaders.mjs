// `portal-roadmap/loaders`: the roadmap's content collections, loaders and schemas (src/content/loaders.ts), as Node
// loads them. `portal-roadmap/content` hands them the settings from Vite's module runner, which leaves this module to
// Node (src/integration/loaders-external.ts): an installed package's compiled JavaScript, a checkout's sources.
import { packageModuleUrl } from './package-module.mjs';

const loaders = await import(packageModuleUrl('content/loaders').href);
export const { collectionsOf, roadmapLoader, releaseNotesLoader, releaseNoteSchema, IssueSchema, ProjectSchema, RoadmapInfoSchema, ROADMAP_COLLECTION_NAMES } = loaders;
