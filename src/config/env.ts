/**
 * Environment variables, validated in one place. Empty values count as unset,
 * because CI systems often define a variable as "" rather than leave it out.
 */
import { z } from 'zod';
import { parseWithFriendlyErrors } from '../shared/friendly-errors.ts';

const unsetIfEmpty = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(unsetIfEmpty, schema.optional());

export const EnvSchema = z
  .object({
    /** Root of the service's v1 API, `{base_url_v1}` (docs/portal-api.md, Versioning §1), e.g. `https://api.example.com/v1`. */
    PORTAL_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be the http(s) root of the v1 API, e.g. "https://api.example.com/v1"' })),
    /** Id of the workspace whose published portal is read. It is a path segment of every request, so "." and ".." are refused. */
    PORTAL_WORKSPACE_ID: optional(
      z
        .string()
        .trim()
        .min(1)
        .refine((id) => id !== '.' && id !== '..', 'cannot be "." or "..": the request would go to another path'),
    ),
    /** Extra project ids to publish, comma-separated, beyond those the issues name. */
    PORTAL_PROJECT_IDS: optional(
      z.string().transform((list) => [
        ...new Set(
          list
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ]),
    ),
    /** Deadline of each portal request in milliseconds (default 15000). */
    PORTAL_TIMEOUT_MS: optional(z.coerce.number().int().min(100, 'must be at least 100 (milliseconds)').max(600_000, 'must be at most 600000 (10 minutes)')),
    /** Whole-run budget for portal requests, retries and rate-limit waits, in milliseconds (default 600000). */
    PORTAL_DEADLINE_MS: optional(
      z.coerce
        .number()
        .int()
        .min(1_000, 'must be at least 1000 (milliseconds)')
        .max(6 * 3_600_000, 'must be at most 21600000 (6 hours)'),
    ),
    /** Largest response body read from the portal, in bytes (default 33554432, 32 MiB); a larger one fails the run. */
    PORTAL_MAX_RESPONSE_BYTES: optional(z.coerce.number().int().min(65_536, 'must be at least 65536 (64 KiB)').max(268_435_456, 'must be at most 268435456 (256 MiB)')),
    /**
     * Most bytes one run reads from the portal in all its answers together (default 268435456, 256 MiB): a
     * portal that never stops paging fails the run with this named, instead of filling the memory.
     */
    PORTAL_MAX_FETCH_BYTES: optional(z.coerce.number().int().min(1_048_576, 'must be at least 1048576 (1 MiB)').max(4_294_967_296, 'must be at most 4294967296 (4 GiB)')),
    /** Project requests in flight at once (default 4). */
    PORTAL_CONCURRENCY: optional(z.coerce.number().int().min(1, 'must be at least 1').max(32, 'must be at most 32')),
    /** Absolute URL the site is served from; wins over `site` in roadmap.config.json. */
    ROADMAP_SITE: optional(z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL, e.g. "https://roadmap.example.com"' })),
    /** Build from this snapshot file instead of the API; no network access. */
    ROADMAP_SNAPSHOT: optional(z.string()),
    /** Path of the config file; default `roadmap.config.json` in the project root. */
    ROADMAP_CONFIG: optional(z.string()),
    /** Astro's cache directory, for builds that run side by side (tests, staging builds). */
    ROADMAP_CACHE_DIR: optional(z.string()),
    /**
     * File of the description cache (src/descriptions/description-cache.ts); default
     * `.roadmap/render-cache.json` in the project root, beside the rebuild's state, which CI keeps.
     * `npm run rebuild` sets it itself, to a copy it moves into `--state` once the site is published.
     */
    ROADMAP_RENDER_CACHE: optional(z.string()),
    /**
     * The previous build's output folder: an issue page whose digest (in `ROADMAP_PAGE_DIGESTS`) is unchanged is
     * copied from there instead of rendered (src/fingerprint/page-digests.ts). `npm run rebuild` sets it to the live site.
     */
    ROADMAP_PREVIOUS_OUTPUT: optional(z.string()),
    /**
     * File of the page digests: read for the previous build's, then written with this build's. Without it every page
     * is rendered. `npm run rebuild` sets it itself, to a copy it moves into `--state` once the site is published.
     */
    ROADMAP_PAGE_DIGESTS: optional(z.string()),
    /**
     * File the build writes the release notes it publishes to (each one's address, title, date and tags, in the main
     * language): the rebuild records from it when each note was first published, which `portal-roadmap notify`
     * posts (src/history/published-notes.ts). `npm run rebuild` sets it itself; unset, nothing is written.
     */
    ROADMAP_RELEASE_NOTES_OUT: optional(z.string()),
    /**
     * Pages Astro renders at once (its `build.concurrency`); default twice the CPUs, at most 8
     * (src/config/settings.ts `defaultBuildConcurrency`). 1 renders one page at a time.
     */
    ROADMAP_BUILD_CONCURRENCY: optional(z.coerce.number().int().min(1, 'must be at least 1').max(64, 'must be at most 64')),
    /**
     * Heap limit of the build `npm run rebuild` runs, in MiB; default 64 times the snapshot's size, at least 768
     * (src/publish/run-node.ts `buildHeapMb`). Raise it if a rebuild stops with "ran out of memory".
     */
    ROADMAP_BUILD_HEAP_MB: optional(z.coerce.number().int().min(256, 'must be at least 256 (MiB)').max(65_536, 'must be at most 65536 (64 GiB)')),
    /**
     * The build's day, `YYYY-MM-DD`, instead of today's (UTC): a release note dated after it is not published yet
     * (docs/release-notes.md). For a preview of a later day and for tests; unset on the scheduled rebuild.
     */
    ROADMAP_BUILD_DATE: optional(z.iso.date({ error: 'must be a day, e.g. "2026-12-01"' })),
    /** The history file the pages show timelines, trends, the changelog and the feeds from (`npm run rebuild` sets it). */
    ROADMAP_HISTORY: optional(z.string()),
  })
  .superRefine((env, ctx) => {
    if (env.PORTAL_API_URL && !env.PORTAL_WORKSPACE_ID) {
      ctx.addIssue({ code: 'custom', path: ['PORTAL_WORKSPACE_ID'], message: 'is not set, but PORTAL_API_URL is: set both to build from the API, or neither for the demo' });
    }
    if (env.PORTAL_WORKSPACE_ID && !env.PORTAL_API_URL) {
      ctx.addIssue({ code: 'custom', path: ['PORTAL_API_URL'], message: 'is not set, but PORTAL_WORKSPACE_ID is: set both to build from the API, or neither for the demo' });
    }
  });

export type RoadmapEnv = z.output<typeof EnvSchema>;

/** Every variable portal-roadmap reads: what a child process must not inherit when a test or bench decides its own. */
export const ROADMAP_ENV_NAMES = Object.keys(EnvSchema.shape) as (keyof RoadmapEnv)[];

export function parseEnv(env: NodeJS.ProcessEnv = process.env): RoadmapEnv {
  return parseWithFriendlyErrors(EnvSchema, env, 'environment', 'Fix the variables named above; the README lists them under "Environment variables".');
}
