/**
 * Astro Content Layer loader for the roadmap, written after Astro's own
 * `glob()`: options are checked when the factory is called, the data path is
 * fetch → normalise (in `loadSnapshot`) → `parseData`, each entry keeps a
 * digest so unchanged entries are not parsed or rendered again, and ids that
 * disappeared are swept from the store. Errors are thrown, typed, with their
 * cause; a build never goes on with partial data. A description that cannot
 * be rendered in time is the one exception: it is shown as plain text, with a
 * warning naming its entry (src/descriptions/render-budget.ts).
 *
 * Rendered descriptions are also kept in the description cache
 * (src/descriptions/description-cache.ts), which outlives Astro's store: CI starts each
 * build with an empty store but restores the state folder the cache is in.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import type { ColumnConfig } from '../config/roadmap-config.ts';
import { issuesInHiddenColumns, unmappedStatuses } from '../shown/status-columns.ts';
import { parseWithFriendlyErrors } from '../shared/friendly-errors.ts';
import { asAstroError } from './user-error.ts';
import { openDescriptionCache, rendererIdentity, renderKey, type CachedDescription, type DescriptionCache } from '../descriptions/description-cache.ts';
import type { Issue, Project, RoadmapInfo } from '../snapshot/model.ts';
import { describeSource, type DataSource } from '../snapshot/source.ts';
import { loadSnapshot, missingProjectsWarning } from '../snapshot/load.ts';
import type { Snapshot } from '../snapshot/snapshot-file.ts';
import { publicIssue, publicProject, type Privacy } from '../shown/privacy.ts';
import { createRendererPool, discardSpareRenderers, prestartRenderers, rendererThreads, type RenderedDescription } from '../descriptions/render-budget.ts';
import { quoted, quotedList } from '../shared/text.ts';
import { workspaceOf } from '../history/workspace.ts';

export const ROADMAP_COLLECTIONS = ['issues', 'projects', 'roadmap'] as const;
export type RoadmapCollection = (typeof ROADMAP_COLLECTIONS)[number];

const OptionsSchema = z.strictObject({
  /** Which part of the snapshot the collection holds. */
  collection: z.enum(ROADMAP_COLLECTIONS, { error: `must be one of ${ROADMAP_COLLECTIONS.join(', ')}` }),
  /** Where the data comes from (`resolveSettings().source`). */
  source: z.custom<DataSource>((value) => typeof value === 'object' && value !== null && 'kind' in value, 'pass settings.source'),
  /** Board columns, so the build log can name statuses no column lists. */
  columns: z.array(z.custom<ColumnConfig>()).optional(),
  /** What may be published beyond the public fields: the resolved config's `privacy`, parsed once with it; nothing by default. */
  privacy: z
    .custom<Privacy>((value) => typeof value === 'object' && value !== null && 'hideFields' in value, 'pass settings.config.privacy')
    .default({ publishTrackerFields: false, publishIssueUrl: false, hideFields: [] }),
  /** Shown after a description cut at the length limit, in the site's language (`labels.descriptionTruncated`). */
  truncatedNote: z.string().optional(),
  /** The description cache file (`resolveSettings().descriptionCacheFile`); without it every changed entry is rendered. */
  descriptionCacheFile: z.string().optional(),
});

type RoadmapLoaderOptions = z.input<typeof OptionsSchema>;

export const ROADMAP_INFO_ID = 'current';

/** The loader's name, which labels its lines in the build log. */
export const LOADER_NAME = 'portal-roadmap-loader';

interface LoadedSnapshot {
  snapshot: Snapshot;
  /** What was wrong with the data and was left out or changed, one message each (see `LoadHooks.onWarning`). */
  warnings: string[];
}

/** One fetch per source per build, shared by the three collections. */
const snapshots = new Map<string, Promise<LoadedSnapshot>>();

/** What reading the snapshot needs to know to start the renderers of the descriptions the description cache lacks. */
export interface SnapshotReading {
  source: DataSource;
  descriptionCacheFile?: string | undefined;
  truncatedNote?: string | undefined;
}

/**
 * The snapshot of `source`, read once per build for the three collections (and the integration, which starts the
 * read early: `readSnapshotEarly`). As soon as its text is parsed, the renderer threads start for the descriptions
 * the description cache lacks; whoever asks first says which cache that is.
 */
function snapshotOnce({ source, descriptionCacheFile, truncatedNote }: SnapshotReading, logger: LoaderContext['logger']): Promise<LoadedSnapshot> {
  const key = JSON.stringify(source);
  let pending = snapshots.get(key);
  if (!pending) {
    logger.info(`Reading ${describeSource(source)}`);
    const warnings: string[] = [];
    const onDescriptions = (texts: string[]) => startRenderersFor(texts, descriptionCacheFile ? descriptionCacheOnce(descriptionCacheFile, logger) : undefined, truncatedNote);
    pending = loadSnapshot(source, { onWarning: (message) => warnings.push(message), onDescriptions }).then((snapshot) => ({ snapshot, warnings }));
    snapshots.set(key, pending);
    // A failed read is not cached: a later sync (dev server) tries again.
    pending.catch(() => snapshots.delete(key));
  }
  return pending;
}

/**
 * Starts reading the snapshot from the integration's setup, before Astro starts Vite and the content sync, so the
 * renderer threads a changed description needs load meanwhile, not idle in the middle of the sync (@see
 * docs/project/performance-log.md, "Measurements behind the code"). The loaders take this read. A read that fails is
 * left to them: they read again and report it, with the content sync's context.
 */
export function readSnapshotEarly(reading: SnapshotReading, logger: LoaderContext['logger']): void {
  snapshotOnce(reading, logger).catch(() => undefined);
}

/** The collections whose entries have descriptions: the description cache is swept once both loaded. */
const DESCRIBED_COLLECTIONS: readonly RoadmapCollection[] = ['issues', 'projects'];

/** One description cache per file per build, shared by the collections. */
const descriptionCaches = new Map<string, DescriptionCache>();

function descriptionCacheOnce(file: string, logger: LoaderContext['logger']): DescriptionCache {
  let cache = descriptionCaches.get(file);
  if (!cache) {
    cache = openDescriptionCache(file, { collections: DESCRIBED_COLLECTIONS, warn: (message) => logger.warn(message) });
    descriptionCaches.set(file, cache);
  }
  return cache;
}

/**
 * Starts the renderer threads for the descriptions among `texts` that `cache` lacks (all of them without a cache),
 * as soon as the snapshot is read: each thread loads the renderer while the snapshot is checked and
 * the entries compared, instead of after. Nothing starts when every description is cached. A guess from the file's
 * text: the renderers take the threads they need, and those none took are ended (`renderingDone`).
 */
export function startRenderersFor(texts: readonly string[], cache: DescriptionCache | undefined, truncatedNote: string | undefined): void {
  const missing = new Set(texts.filter((text) => text.trim() && !cache?.has(renderKey(text, truncatedNote))));
  if (missing.size) prestartRenderers(rendererThreads(missing.size));
}

/** The collections with descriptions that have rendered theirs in this sync: once all have, unused threads are ended. */
const collectionsRendered = new Set<RoadmapCollection>();

async function renderingDone(collection: RoadmapCollection): Promise<void> {
  collectionsRendered.add(collection);
  if (!DESCRIBED_COLLECTIONS.every((name) => collectionsRendered.has(name))) return;
  collectionsRendered.clear();
  await discardSpareRenderers();
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
        workspace: workspaceOf(snapshot.origin),
        digest: snapshot.digest,
        issueCount: snapshot.issues.length,
        projectCount: snapshot.projects.length,
      };
      return [{ id: ROADMAP_INFO_ID, data: info }];
    }
  }
}

/** Stored in place of an entry's digest when its description fell back to plain text, so the next build tries again. */
const PLAIN_TEXT_DIGEST_SUFFIX = ':plain-text';

function warnLimits(logger: LoaderContext['logger'], collection: RoadmapCollection, id: string, limits: readonly string[]): void {
  logger.warn(
    `${collection} ${quoted(id)}: its description goes past the limits on ${limits.join(', ')}; the rest is shown as text or cut (see "Security and privacy" in the README).`,
  );
}

export function roadmapLoader(options: RoadmapLoaderOptions): Loader {
  const { collection, source, columns, privacy, truncatedNote, descriptionCacheFile } = parseWithFriendlyErrors(
    OptionsSchema,
    options,
    'roadmapLoader() options',
    'Fix the call in src/content.config.ts.',
  );

  return {
    name: LOADER_NAME,
    async load({ store, logger, parseData, generateDigest }) {
      // A portal that cannot be read, a snapshot file that is not one: the team's to fix, in one line and a hint.
      const { snapshot, warnings } = await snapshotOnce({ source, descriptionCacheFile, truncatedNote }, logger).catch((error: unknown) => {
        throw asAstroError(error);
      });
      // The data warnings concern the whole snapshot: said once, by the issues collection.
      if (collection === 'issues') for (const warning of warnings) logger.warn(warning);
      const entries = entriesFor(collection, snapshot, privacy);
      const untouched = new Set(store.keys());
      const cache = descriptionCacheFile && DESCRIBED_COLLECTIONS.includes(collection) ? descriptionCacheOnce(descriptionCacheFile, logger) : undefined;
      // First what needs doing: entries Astro's store holds unchanged are skipped, unless the description
      // cache lacks them (then they are rendered to fill it).
      const todo: { entry: Entry; digest: string; key: string | undefined; cached: CachedDescription | undefined }[] = [];
      for (const entry of entries) {
        untouched.delete(entry.id);
        // Blank descriptions render to nothing without the renderer: not worth an entry.
        const key = cache && entry.markdown?.trim() ? renderKey(entry.markdown, truncatedNote) : undefined;
        const cached = key ? cache!.get(key) : undefined;
        const digest = generateDigest({ data: entry.data, markdown: entry.markdown ?? null, renderer: rendererIdentity(), truncatedNote: truncatedNote ?? null });
        if (store.get(entry.id)?.digest === digest && (!key || cached)) continue;
        todo.push({ entry, digest, key, cached });
      }
      // Then the descriptions neither store nor cache holds, each text once, on as many worker threads as pay off.
      const toRender = todo.filter(({ entry, cached }) => !cached && entry.markdown?.trim());
      const renders = new Map<string, Promise<RenderedDescription>>();
      let rendered: (RenderedDescription | undefined)[] = [];
      if (toRender.length) {
        // The renderer's threads start only when an entry changed (or were started for it when the snapshot was read).
        const pool = createRendererPool(rendererThreads(new Set(toRender.map(({ entry }) => entry.markdown)).size), { truncatedNote });
        try {
          rendered = await Promise.all(
            todo.map(({ entry, cached }) => {
              if (cached || !entry.markdown?.trim()) return undefined;
              let pending = renders.get(entry.markdown);
              if (!pending) {
                pending = pool.render(entry.markdown);
                renders.set(entry.markdown, pending);
              }
              return pending;
            }),
          );
        } finally {
          await pool.close();
        }
      }
      if (DESCRIBED_COLLECTIONS.includes(collection)) await renderingDone(collection);
      // Then the store, in the snapshot's order, so the warnings come in the same order every build.
      let fromCache = 0;
      for (const [index, { entry, digest, key, cached }] of todo.entries()) {
        const data = await parseData({ id: entry.id, data: entry.data });
        const result = rendered[index];
        let html: string | undefined;
        let storedDigest = digest;
        if (cached) {
          fromCache++;
          html = cached.html;
          if (cached.limits.length) warnLimits(logger, collection, entry.id, cached.limits);
        } else if (result) {
          if (result.fallback) {
            logger.warn(`${collection} ${quoted(entry.id)}: its description is shown as plain text: ${result.fallback}.`);
            storedDigest = `${digest}${PLAIN_TEXT_DIGEST_SUFFIX}`;
          } else {
            if (key) cache!.set(key, { html: result.html, limits: result.limits });
            if (result.limits.length) warnLimits(logger, collection, entry.id, result.limits);
          }
          html = result.html;
        } else if (entry.markdown !== undefined) {
          html = '';
        }
        store.set({ id: entry.id, data, digest: storedDigest, ...(html !== undefined ? { rendered: { html } } : {}) });
      }
      const changed = todo.length;
      // Only after every entry: a build that failed midway keeps the cache as it was.
      await cache?.done(collection);
      for (const id of untouched) store.delete(id);
      const cacheNote = cache ? `, ${fromCache} of them from the description cache` : '';
      const hidden = collection === 'issues' && columns ? issuesInHiddenColumns(snapshot.issues, columns) : [];
      const hiddenNote = hidden.length ? `; not on the board: ${hidden.map(([id, count]) => `${count} in the hidden column ${quoted(id)}`).join(', ')}` : '';
      logger.info(`${collection}: ${entries.length} entries (${changed} new or changed${cacheNote}, ${untouched.size} removed)${hiddenNote}`);

      // A snapshot file was written by `portal-roadmap fetch` or `rebuild`, whose log said this already.
      if (collection === 'projects' && snapshot.missingProjectIds.length && source.kind !== 'snapshot') {
        logger.warn(missingProjectsWarning(snapshot.missingProjectIds));
      }
      if (collection === 'issues' && columns) {
        const unmapped = unmappedStatuses(snapshot.issues, columns);
        if (unmapped.length) {
          logger.warn(
            `Status(es) no column lists, each shown in a column of its own: ${quotedList(unmapped)}. ` + 'Add them to a column\'s "statuses" in roadmap.config.json to place them.',
          );
        }
      }
    },
  };
}
