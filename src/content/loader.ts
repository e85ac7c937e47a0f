/**
 * Astro Content Layer loader for the roadmap, written after Astro's own
 * `glob()`: options are checked when the factory is called, the data path is
 * fetch → normalise (in `loadSnapshot`) → `parseData`, each entry keeps a
 * digest so unchanged entries are not parsed or rendered again, and ids that
 * disappeared are swept from the store. Errors are thrown, typed, with their
 * cause; a build never goes on with partial data.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { unmappedStatuses } from '../site/columns.ts';
import { parseWithFriendlyErrors } from '../config/friendly-errors.ts';
import { RENDER_VERSION } from './render-version.ts';
import type { Issue, Project, RoadmapInfo } from '../snapshot/model.ts';
import { describeSource, type DataSource } from '../config/source.ts';
import { loadSnapshot, missingProjectsWarning } from '../snapshot/load.ts';
import type { Snapshot } from '../snapshot/snapshot-file.ts';
import { publicIssue, publicProject, type Privacy } from './privacy.ts';

export const ROADMAP_COLLECTIONS = ['issues', 'projects', 'roadmap'] as const;
export type RoadmapCollection = (typeof ROADMAP_COLLECTIONS)[number];

const OptionsSchema = z.strictObject({
  /** Which part of the snapshot the collection holds. */
  collection: z.enum(ROADMAP_COLLECTIONS, { error: `must be one of ${ROADMAP_COLLECTIONS.join(', ')}` }),
  /** Where the data comes from (`resolveSettings().source`). */
  source: z.custom<DataSource>((value) => typeof value === 'object' && value !== null && 'kind' in value, 'pass settings.source'),
  /** Board columns, so the build log can name statuses no column lists. */
  columns: z.array(z.custom<ColumnConfig>()).optional(),
  /** What may be published beyond the public fields (config `privacy`); nothing by default. */
  privacy: z
    .strictObject({ publishTrackerFields: z.boolean(), publishIssueUrl: z.boolean() })
    .default({ publishTrackerFields: false, publishIssueUrl: false }),
});

type RoadmapLoaderOptions = z.input<typeof OptionsSchema>;

export const ROADMAP_INFO_ID = 'current';

/** One fetch per source per build, shared by the three collections. */
const snapshots = new Map<string, Promise<Snapshot>>();

function snapshotOnce(source: DataSource, logger: LoaderContext['logger']): Promise<Snapshot> {
  const key = JSON.stringify(source);
  let pending = snapshots.get(key);
  if (!pending) {
    logger.info(`Reading ${describeSource(source)}`);
    pending = loadSnapshot(source);
    snapshots.set(key, pending);
    // A failed read is not cached: a later sync (dev server) tries again.
    pending.catch(() => snapshots.delete(key));
  }
  return pending;
}

interface Entry {
  id: string;
  data: Record<string, unknown>;
  /** Markdown to render into the entry's `rendered.html`. */
  markdown?: string | null;
}

/** The entries a collection holds, from a snapshot. Pure. */
export function entriesFor(collection: RoadmapCollection, snapshot: Snapshot, privacy: Privacy): Entry[] {
  switch (collection) {
    case 'issues':
      return snapshot.issues.map((issue: Issue) => ({ id: issue.id, data: publicIssue(issue, privacy), markdown: issue.description }));
    case 'projects':
      return snapshot.projects.map((project: Project) => ({ id: project.id, data: publicProject(project, privacy), markdown: project.description }));
    case 'roadmap': {
      const info: RoadmapInfo = {
        fetchedAt: snapshot.fetchedAt,
        origin: snapshot.origin.kind,
        digest: snapshot.digest,
        issueCount: snapshot.issues.length,
        projectCount: snapshot.projects.length,
      };
      return [{ id: ROADMAP_INFO_ID, data: info }];
    }
  }
}

export function roadmapLoader(options: RoadmapLoaderOptions): Loader {
  const { collection, source, columns, privacy } = parseWithFriendlyErrors(
    OptionsSchema,
    options,
    'roadmapLoader() options',
    'Fix the call in src/content.config.ts.',
  );

  return {
    name: 'portal-roadmap-loader',
    async load({ store, logger, parseData, generateDigest }) {
      const snapshot = await snapshotOnce(source, logger);
      const entries = entriesFor(collection, snapshot, privacy);
      const untouched = new Set(store.keys());
      let changed = 0;
      for (const entry of entries) {
        untouched.delete(entry.id);
        const digest = generateDigest({ data: entry.data, markdown: entry.markdown ?? null, renderVersion: RENDER_VERSION });
        if (store.get(entry.id)?.digest === digest) continue;
        const data = await parseData({ id: entry.id, data: entry.data });
        // The sanitiser (jsdom) is loaded only when an entry changed: an unchanged build never pays for it.
        const rendered = entry.markdown === undefined ? undefined : { html: (await import('./markdown.ts')).renderMarkdown(entry.markdown) };
        store.set({ id: entry.id, data, digest, ...(rendered ? { rendered } : {}) });
        changed++;
      }
      for (const id of untouched) store.delete(id);
      logger.info(`${collection}: ${entries.length} entries (${changed} new or changed, ${untouched.size} removed)`);

      if (collection === 'projects' && snapshot.missingProjectIds.length) {
        logger.warn(missingProjectsWarning(snapshot.missingProjectIds));
      }
      if (collection === 'issues' && columns) {
        const unmapped = unmappedStatuses(snapshot.issues, columns);
        if (unmapped.length) {
          logger.warn(
            `Status(es) no column lists, each shown in a column of its own: ${unmapped.map((s) => JSON.stringify(s)).join(', ')}. ` +
              'Add them to a column\'s "statuses" in roadmap.config.json to place them.',
          );
        }
      }
    },
  };
}
