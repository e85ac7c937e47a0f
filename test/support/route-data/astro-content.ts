/**
 * `astro:content` for the route-data tests (provided by ./fixture.ts's Vite plugin, not mocked): the entries the
 * content layer holds in a build of the fixture's settings, made by the build's own parts: the snapshot read by
 * `loadSnapshot`, the public entries of src/content/loader.ts `entriesFor`, each parsed by its collection's schema
 * (src/content/collections.ts), and each description rendered by the renderer the loader's worker threads run, with
 * the note the settings give the loader.
 * Only what src/route-data/ reads: `getCollection` and `getEntry`.
 */
import settings from 'virtual:portal-roadmap/settings';
import { entriesFor, type RoadmapCollection } from '../../../src/content/loader.ts';
import { renderDescription } from '../../../src/descriptions/markdown.ts';
import { IssueSchema, ProjectSchema, RoadmapInfoSchema } from '../../../src/snapshot/model.ts';
import { loadSnapshot } from '../../../src/snapshot/load.ts';

const SCHEMAS = { issues: IssueSchema, projects: ProjectSchema, roadmap: RoadmapInfoSchema };

interface Entry {
  id: string;
  data: unknown;
  rendered?: { html: string };
}

const snapshot = loadSnapshot(settings.source);

async function entries(collection: RoadmapCollection): Promise<Entry[]> {
  return entriesFor(collection, await snapshot, settings.config.privacy).map((entry) => ({
    id: entry.id,
    data: SCHEMAS[collection].parse(entry.data),
    ...(entry.markdown !== undefined ? { rendered: { html: renderDescription(entry.markdown, { truncatedNote: settings.truncatedNote }).html } } : {}),
  }));
}

export const getCollection = (collection: RoadmapCollection) => entries(collection);

export const getEntry = async (collection: RoadmapCollection, id: string) => (await entries(collection)).find((entry) => entry.id === id);
