/**
 * Sanitised description HTML kept across builds, in one JSON file in the
 * state folder (`.roadmap/render-cache.json` unless `ROADMAP_RENDER_CACHE`
 * says), which the workflow restores from the Actions cache: CI wipes Astro's
 * own content store with every `npm ci`, so without this every CI build would
 * sanitise every description again
 * (@see docs/project/performance-log.md, "Measurements behind the code").
 *
 * An entry is found by a SHA-256 of the description's Markdown, the note shown
 * after a cut description, and the renderer's identity (`RENDER_VERSION` and
 * the versions of marked and of the hast parser, sanitiser and serialiser): a
 * changed description, a new renderer or a new language is a new key, never a stale hit. Only rendered
 * descriptions are stored; one that fell back to plain text is rendered again
 * next build. The file is bounded (`DESCRIPTION_CACHE_LIMITS`) and each build keeps
 * only the entries it used. A file that is unreadable, too large or of the
 * wrong shape is ignored with a warning and replaced; one of another renderer
 * is dropped quietly, since every entry in it would miss anyway.
 *
 * What it holds is trusted: the pages publish it as it is (see "Security and
 * privacy" in the README).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { RENDER_VERSION } from './render-version.ts';
import { writeAtomically } from '../shared/files.ts';

/** The file's `format`: its old name stays, so a description cache kept from before is still read. */
export const DESCRIPTION_CACHE_FORMAT = 'portal-roadmap-render-cache';

export const DESCRIPTION_CACHE_LIMITS = {
  /** Entries kept; a site with more descriptions renders the rest each build. 10,000 issues and 500 projects fit 5 times. */
  maxEntries: 50_000,
  /** Size of the file read; a larger one is ignored with a warning. */
  maxFileBytes: 256 * 1024 * 1024,
  /** HTML of one entry: a 100 KB description (the most rendered, `DESCRIPTION_LIMITS.maxChars`) makes well under 1 MB. */
  maxHtmlChars: 2_000_000,
} as const;

const LIMIT_NAMES = ['length', 'nesting', 'emphasis', 'element depth'] as const;

const EntrySchema = z.strictObject({
  html: z.string().max(DESCRIPTION_CACHE_LIMITS.maxHtmlChars),
  /** The bounds the description ran into, so a build served from the cache warns as the one that rendered it did. */
  limits: z.array(z.enum(LIMIT_NAMES)).max(LIMIT_NAMES.length),
});

const CacheFileSchema = z.strictObject({
  format: z.literal(DESCRIPTION_CACHE_FORMAT),
  renderer: z.string().max(200),
  entries: z
    .record(z.string().regex(/^[0-9a-f]{64}$/, 'keys are SHA-256 digests in hex'), EntrySchema)
    .refine((entries) => Object.keys(entries).length <= DESCRIPTION_CACHE_LIMITS.maxEntries, `holds more than ${DESCRIPTION_CACHE_LIMITS.maxEntries} entries`),
});

export type CachedDescription = z.output<typeof EntrySchema>;

/** The packages that parse, sanitise and write out a description's HTML (src/descriptions/sanitize.ts). */
const SANITISER_PACKAGES = ['hast-util-from-html', 'hast-util-sanitize', 'hast-util-to-html'];

/** The installed version of a package, from its package.json (found above its entry point: not every package exports it). */
function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

let identity: string | undefined;

/** What renders and sanitises descriptions, as one string: a change to any part invalidates every entry. */
export function rendererIdentity(): string {
  identity ??= `render ${RENDER_VERSION}; marked ${packageVersion('marked')}; ${SANITISER_PACKAGES.map((name) => `${name} ${packageVersion(name)}`).join('; ')}`;
  return identity;
}

/** The cache key of one description as rendered for a site with `truncatedNote`. */
export function renderKey(markdown: string, truncatedNote: string | undefined, renderer: string = rendererIdentity()): string {
  return createHash('sha256')
    .update(renderer)
    .update('\0')
    .update(truncatedNote ?? '')
    .update('\0')
    .update(markdown)
    .digest('hex');
}

export interface DescriptionCache {
  /** The entry of `key`, marked as used by this build; undefined on a miss. */
  get(key: string): CachedDescription | undefined;
  /** Whether it holds `key`, without marking it as used. */
  has(key: string): boolean;
  /** Stores a freshly rendered description, marked as used. */
  set(key: string, entry: CachedDescription): void;
  /**
   * Writes the file when anything changed: new entries, or (once every
   * collection that renders said it is `done`) entries no longer used, which
   * are then swept. Atomic: a build stopped midway leaves the old file.
   */
  done(collection: string): Promise<void>;
  readonly file: string;
}

export interface DescriptionCacheOptions {
  /** The collections that render descriptions: the file is swept once all are done. */
  collections: readonly string[];
  warn: (message: string) => void;
  renderer?: string;
}

/** Reads `file` (a missing file is an empty cache). Never throws for the file's content: a bad file is an empty cache and a warning. */
export function openDescriptionCache(file: string, options: DescriptionCacheOptions): DescriptionCache {
  const renderer = options.renderer ?? rendererIdentity();
  const loaded = readEntries(file, renderer, options.warn);
  const used = new Map<string, CachedDescription>();
  const finished = new Set<string>();
  // A file to replace (bad, or another renderer's) counts as changed, so the first save rewrites it.
  let dirty = loaded.replace;
  let writes = Promise.resolve();

  function save(): Promise<void> {
    const complete = options.collections.every((collection) => finished.has(collection));
    // Before every collection is done, entries not yet asked for may still be used: kept until the sweep.
    const keep = complete ? used : new Map([...loaded.entries, ...used]);
    const sweep = complete && [...loaded.entries.keys()].some((key) => !used.has(key));
    if (!dirty && !sweep) return writes;
    dirty = false;
    if (complete) loaded.entries = new Map(used);
    const entries = Object.fromEntries([...keep].slice(0, DESCRIPTION_CACHE_LIMITS.maxEntries));
    const text = JSON.stringify({ format: DESCRIPTION_CACHE_FORMAT, renderer, entries });
    writes = writes
      .then(() => writeAtomically(file, text))
      .catch((error: Error) => options.warn(`The description cache ${file} could not be written (${error.message}); the next build renders again what it would have held.`));
    return writes;
  }

  return {
    file,
    get(key) {
      const entry = used.get(key) ?? loaded.entries.get(key);
      if (entry) used.set(key, entry);
      return entry;
    },
    has(key) {
      return used.has(key) || loaded.entries.has(key);
    },
    set(key, entry) {
      used.set(key, entry);
      dirty = true;
    },
    done(collection) {
      finished.add(collection);
      return save();
    },
  };
}

function readEntries(file: string, renderer: string, warn: (message: string) => void): { entries: Map<string, CachedDescription>; replace: boolean } {
  const empty = (replace: boolean) => ({ entries: new Map<string, CachedDescription>(), replace });
  const ignored = (why: string) => {
    warn(`Ignoring the description cache ${file}: ${why}. Every description is rendered again and the file is replaced.`);
    return empty(true);
  };
  let text: string;
  try {
    if (!existsSync(file)) return empty(false);
    const bytes = statSync(file).size;
    if (bytes > DESCRIPTION_CACHE_LIMITS.maxFileBytes) return ignored(`it is ${bytes} bytes, more than the ${DESCRIPTION_CACHE_LIMITS.maxFileBytes} allowed`);
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return ignored(`it cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return ignored('it is not valid JSON');
  }
  const parsed = CacheFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // The file may hold anything: only plain path segments reach the log.
    const where = issue.path.map((segment) => (/^[\w-]{1,64}$/.test(String(segment)) ? String(segment) : '…')).join('.');
    return ignored(`it is not a description cache of this shape (${where || 'the file'}: ${issue.message})`);
  }
  // Another renderer's entries would all miss (the renderer is part of every key): dropped without a warning.
  if (parsed.data.renderer !== renderer) return empty(true);
  return { entries: new Map(Object.entries(parsed.data.entries)), replace: false };
}
