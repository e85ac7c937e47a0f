/**
 * The content loader as Astro runs it, on the demo's data: what it stores, skips and sweeps, its warnings, the
 * render budget and the description cache. In the site tier, not the unit one: every load starts a render worker
 * thread and writes snapshot and cache files (about 0.4 s a load).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { describe, expect, inject, it, vi } from 'vitest';
import { ConfigError } from '../../src/shared/errors.ts';
import { DESCRIPTION_LIMITS } from '../../src/descriptions/description-limits.ts';
import { readSnapshotEarly, roadmapLoader, startRenderersFor } from '../../src/content/loader.ts';
import { openDescriptionCache, renderKey } from '../../src/descriptions/description-cache.ts';
import { discardSpareRenderers, prestartRenderers, spareRenderers } from '../../src/descriptions/render-budget.ts';
import { loadDemoSnapshot } from '../../src/snapshot/load.ts';
import { dataDigest, writeSnapshotFile, type Snapshot } from '../../src/snapshot/snapshot-file.ts';
import { createHash } from 'node:crypto';
import { defineWorkspace } from '../support/portal-admin.ts';

const apiUrl = inject('portalApiUrl');

/** An in-memory stand-in for the parts of Astro's loader context the loader uses. */
function fakeContext() {
  const entries = new Map<string, { id: string; data: Record<string, unknown>; digest?: string | number; rendered?: { html: string } }>();
  const meta = new Map<string, string>();
  const warnings: string[] = [];
  const parseData = vi.fn(async ({ data }: { id: string; data: Record<string, unknown> }) => data);
  const context = {
    collection: 'test',
    store: {
      get: (id: string) => entries.get(id),
      set: (entry: { id: string; data: Record<string, unknown> }) => (entries.set(entry.id, entry), true),
      keys: () => [...entries.keys()],
      delete: (id: string) => void entries.delete(id),
    },
    meta: { get: (k: string) => meta.get(k), set: (k: string, v: string) => void meta.set(k, v), has: (k: string) => meta.has(k), delete: (k: string) => void meta.delete(k) },
    logger: { info: () => {}, warn: (m: string) => warnings.push(m), error: () => {}, debug: () => {} },
    parseData,
    generateDigest: (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex'),
  };
  return { context: context as unknown as LoaderContext, entries, meta, warnings, parseData };
}

async function snapshotFile(snapshot: Snapshot): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'loader-')), `snap-${Math.random()}.json`);
  await writeSnapshotFile(file, snapshot);
  return file;
}

const demo = await loadDemoSnapshot('src/data/demo/portal.json');

// Each load starts render workers (marked and the sanitiser in every one), and the budget test waits for a worker to spend
// its budget (300 ms there) twice: seconds when the machine is idle, but a busy one stretches all of it. These limits only catch a hang.
describe('roadmapLoader', () => {
  it('checks its options when the factory is called', () => {
    const source = { kind: 'demo' as const, file: 'src/data/demo/portal.json' };
    expect(() => roadmapLoader({ collection: 'nope' as 'issues', source })).toThrow(ConfigError);
    expect(() => roadmapLoader({ collection: 'issues', source: 'dist' as never })).toThrow(/source: pass settings.source/);
  });

  it('stores every issue with a digest and sanitised HTML', async () => {
    const { context, entries } = fakeContext();
    const file = await snapshotFile(demo);
    await roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file: file } }).load(context);
    expect(entries.size).toBe(demo.issues.length);
    const first = entries.get(demo.issues[0]!.id)!;
    expect(first.digest).toBeTruthy();
    expect(first.rendered?.html).toContain('<p>');
  });

  it('skips unchanged entries and sweeps ids that disappeared', async () => {
    const { context, entries, parseData } = fakeContext();
    await roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file: await snapshotFile(demo) } }).load(context);
    parseData.mockClear();

    const [changed, removed, ...rest] = demo.issues;
    const issues = [{ ...changed!, upvotes: changed!.upvotes + 1 }, ...rest];
    const next: Snapshot = { ...demo, issues, digest: dataDigest(issues, demo.projects) };
    await roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file: await snapshotFile(next) } }).load(context);

    expect(parseData).toHaveBeenCalledTimes(1);
    expect(parseData.mock.calls[0]![0]).toMatchObject({ id: changed!.id });
    expect(entries.has(removed!.id)).toBe(false);
    expect(entries.size).toBe(demo.issues.length - 1);
  });

  it('names projects that answered 404 in one warning when it fetched them itself', async () => {
    const workspaceId = `loader-missing-${process.pid}`;
    const issue = (id: string, projectId: string) => ({ id, title: id, status: 'Planned', upvotes: 0, isVisible: true, projectId });
    await defineWorkspace(apiUrl, workspaceId, { issues: [issue('a', 'p-gone'), issue('b', 'p-old')], projects: {}, paging: { mode: 'whole' } });
    const { context, warnings } = fakeContext();
    const source = { kind: 'api' as const, portal: { apiUrl, workspaceId }, extraProjectIds: [] };
    await roadmapLoader({ collection: 'projects', source }).load(context);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"p-gone", "p-old"');
  });

  it("leaves the warning about projects that answered 404 to the snapshot's writer (fetch and rebuild say it before the build)", async () => {
    const { context, warnings } = fakeContext();
    const file = await snapshotFile({ ...demo, missingProjectIds: ['p-gone', 'p-old'] });
    await roadmapLoader({ collection: 'projects', source: { kind: 'snapshot', file: file } }).load(context);
    expect(warnings).toEqual([]);
  });

  it('shows a description that cannot be rendered in time as plain text, names its entry, and tries it again next build (never cached)', async () => {
    const { context, entries, warnings, parseData } = fakeContext();
    const slow = Array.from({ length: 2000 }, (_, i) => `<p><b a=${i}></p>`).join('');
    const [first, ...rest] = demo.issues;
    const issues = [{ ...first!, description: slow }, ...rest];
    const file = await snapshotFile({ ...demo, issues, digest: dataDigest(issues, demo.projects) });
    const descriptionCacheFile = join(mkdtempSync(join(tmpdir(), 'loader-cache-')), 'render-cache.json');
    const loader = roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file }, descriptionCacheFile });
    // A budget of 300 ms instead of the 2 s a build gives (the description would take minutes either way): the same path,
    // in a fraction of the CPU time, twice. The message is the renderer's with the budget in force.
    const limits = DESCRIPTION_LIMITS as { renderBudgetMs: number };
    expect(limits.renderBudgetMs).toBe(2000);
    limits.renderBudgetMs = 300;
    try {
      await loader.load(context);
      expect(warnings).toEqual([`issues ${JSON.stringify(first!.id)}: its description is shown as plain text: rendering used more than 300 ms of CPU time.`]);
      expect(entries.get(first!.id)?.rendered?.html.startsWith('<p>&lt;p&gt;&lt;b a=0&gt;')).toBe(true);
      expect(entries.size).toBe(demo.issues.length);
      // The description cache, which outlives the content store in CI, holds the others but not the fallback.
      const cached = Object.keys(JSON.parse(readFileSync(descriptionCacheFile, 'utf8')).entries as object);
      expect(cached).not.toContain(renderKey(slow, undefined));
      expect(cached).toContain(renderKey(rest[0]!.description!, undefined));
      parseData.mockClear();
      await loader.load(context);
      expect(parseData.mock.calls.map(([entry]) => entry.id)).toEqual([first!.id]);
    } finally {
      limits.renderBudgetMs = 2000;
    }
  });

  describe('with the description cache, as CI builds: an empty content store and the cache of the last run', () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'loader-cache-'));
    const [first, ...rest] = demo.issues;
    /** Loads `snapshot`'s issues into an empty store, with a copy of `cacheFrom` (as the rebuild copies the kept one); returns the entries and the copy. */
    async function ciBuild(snapshot: Snapshot, cacheFrom?: string) {
      const descriptionCacheFile = join(mkdtempSync(join(cacheDir, 'run-')), 'render-cache.json');
      if (cacheFrom) copyFileSync(cacheFrom, descriptionCacheFile);
      const { context, entries, warnings } = fakeContext();
      await roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file: await snapshotFile(snapshot) }, descriptionCacheFile }).load(context);
      return { entries, warnings, descriptionCacheFile };
    }

    it('serves an unchanged description from the cache, and renders a changed one anew', async () => {
      const previous = await ciBuild(demo);
      const unchangedHtml = previous.entries.get(rest[0]!.id)!.rendered!.html;
      // Proof that the cache is read: its (trusted) HTML of an unchanged description is what the page gets.
      const kept = JSON.parse(readFileSync(previous.descriptionCacheFile, 'utf8'));
      kept.entries[renderKey(rest[0]!.description!, undefined)].html = '<p>from the cache</p>';
      writeFileSync(previous.descriptionCacheFile, JSON.stringify(kept));

      const issues = [{ ...first!, description: `${first!.description}\n\nNow with **a changed line**.` }, ...rest];
      const next = await ciBuild({ ...demo, issues, digest: dataDigest(issues, demo.projects) }, previous.descriptionCacheFile);
      expect(unchangedHtml).not.toBe('<p>from the cache</p>');
      expect(next.entries.get(rest[0]!.id)!.rendered!.html).toBe('<p>from the cache</p>');
      expect(next.entries.get(first!.id)!.rendered!.html).toContain('<p>Now with <strong>a changed line</strong>.</p>');
      expect(next.warnings).toEqual([]);
    });

    it('ignores a tampered cache with one warning and renders every description as if there were none', async () => {
      const clean = await ciBuild(demo);
      writeFileSync(clean.descriptionCacheFile, '{"format":"portal-roadmap-render-cache","renderer":"x","entries":{"abc":{"html":"<script>alert(1)</script>"}}}');
      const next = await ciBuild(demo, clean.descriptionCacheFile);
      expect(next.warnings).toHaveLength(1);
      expect(next.warnings[0]).toMatch(/^Ignoring the description cache .*render-cache\.json: it is not a description cache of this shape/);
      expect(Object.fromEntries([...next.entries].map(([id, entry]) => [id, entry.rendered?.html]))).toEqual(
        Object.fromEntries([...clean.entries].map(([id, entry]) => [id, entry.rendered?.html])),
      );
    });
  });

  it('names an entry whose description was cut or flattened', async () => {
    const { context, warnings } = fakeContext();
    const [first, ...rest] = demo.issues;
    const issues = [{ ...first!, description: `${'>'.repeat(50)} deep` }, ...rest];
    const file = await snapshotFile({ ...demo, issues, digest: dataDigest(issues, demo.projects) });
    await roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file } }).load(context);
    expect(warnings).toEqual([
      `issues ${JSON.stringify(first!.id)}: its description goes past the limits on nesting; the rest is shown as text or cut (see "Security and privacy" in the README).`,
    ]);
  });
});

describe('startRenderersFor', () => {
  it('starts renderer threads when the snapshot is read only for descriptions the cache lacks', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loader-cache-')), 'render-cache.json');
    const cache = openDescriptionCache(file, { collections: ['issues'], warn: () => {} });
    cache.set(renderKey('cached', undefined), { html: '<p>cached</p>\n', limits: [] });
    try {
      startRenderersFor(['cached', '  ', ''], cache, undefined);
      expect(spareRenderers()).toBe(0);
      // Keys include the truncation note: the same text for another note is not cached.
      startRenderersFor(['cached', 'new'], cache, 'Cut.');
      expect(spareRenderers()).toBe(1);
      await discardSpareRenderers();
      // No cache: every description is rendered.
      startRenderersFor(['cached'], undefined, undefined);
      expect(spareRenderers()).toBe(1);
    } finally {
      await discardSpareRenderers();
    }
  });

  it('ends a thread started for a description none rendered once the collections are loaded', async () => {
    const descriptionCacheFile = join(mkdtempSync(join(tmpdir(), 'loader-cache-')), 'render-cache.json');
    const loadBoth = async (source: { kind: 'snapshot'; file: string }) => {
      await roadmapLoader({ collection: 'projects', source, descriptionCacheFile }).load(fakeContext().context);
      await roadmapLoader({ collection: 'issues', source, descriptionCacheFile }).load(fakeContext().context);
    };
    // The first sync fills the cache; the next has every description in it, and a thread started on a wrong guess.
    await loadBoth({ kind: 'snapshot', file: await snapshotFile(demo) });
    prestartRenderers(1);
    await loadBoth({ kind: 'snapshot', file: await snapshotFile(demo) });
    expect(spareRenderers()).toBe(0);
  });
});

describe('readSnapshotEarly', () => {
  const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as LoaderContext['logger'];

  it('reads the snapshot for the loaders, and starts the threads of uncached descriptions before any loader runs', async () => {
    const file = await snapshotFile(demo);
    const descriptionCacheFile = join(mkdtempSync(join(tmpdir(), 'loader-cache-')), 'render-cache.json');
    const source = { kind: 'snapshot' as const, file };
    const reads: string[] = [];
    readSnapshotEarly({ source, descriptionCacheFile }, { ...silent, info: (message: string) => reads.push(message) } as unknown as LoaderContext['logger']);
    await vi.waitFor(() => expect(spareRenderers()).toBeGreaterThan(0), { timeout: 60_000 });
    // The loaders take that read: the file is gone before they run.
    rmSync(file);
    const issues = fakeContext();
    await roadmapLoader({ collection: 'projects', source, descriptionCacheFile }).load(fakeContext().context);
    await roadmapLoader({ collection: 'issues', source, descriptionCacheFile }).load(issues.context);
    expect(issues.entries.size).toBe(demo.issues.length);
    expect(issues.entries.get(demo.issues[0]!.id)?.rendered?.html).toContain('<p>');
    expect(reads).toEqual([`Reading snapshot ${file}`]);
    // Every thread started early was taken by the loaders.
    expect(spareRenderers()).toBe(0);
  });

  it('leaves a read that fails to the loaders, which read again', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'loader-')), 'not-yet.json');
    const source = { kind: 'snapshot' as const, file };
    readSnapshotEarly({ source }, silent);
    // Let the failed read settle: it must not end the process as an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writeSnapshotFile(file, demo);
    const { context, entries } = fakeContext();
    await roadmapLoader({ collection: 'issues', source }).load(context);
    expect(entries.size).toBe(demo.issues.length);
  });
});
