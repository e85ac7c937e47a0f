import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/shared/errors.ts';
import { roadmapLoader } from '../../src/content/loader.ts';
import { loadDemoSnapshot } from '../../src/snapshot/load.ts';
import { dataDigest, writeSnapshotFile, type Snapshot } from '../../src/snapshot/snapshot-file.ts';
import { createHash } from 'node:crypto';

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

  it('names projects that answered 404 in one warning', async () => {
    const { context, warnings } = fakeContext();
    const file = await snapshotFile({ ...demo, missingProjectIds: ['p-gone', 'p-old'] });
    await roadmapLoader({ collection: 'projects', source: { kind: 'snapshot', file: file } }).load(context);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"p-gone", "p-old"');
  });

  it('shows a description that cannot be rendered in time as plain text, names its entry, and tries it again next build', async () => {
    const { context, entries, warnings, parseData } = fakeContext();
    const slow = Array.from({ length: 2000 }, (_, i) => `<p><b a=${i}></p>`).join('');
    const [first, ...rest] = demo.issues;
    const issues = [{ ...first!, description: slow }, ...rest];
    const file = await snapshotFile({ ...demo, issues, digest: dataDigest(issues, demo.projects) });
    const loader = roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file } });
    await loader.load(context);
    expect(warnings).toEqual([`issues ${JSON.stringify(first!.id)}: its description is shown as plain text: rendering used more than 2000 ms of CPU time.`]);
    expect(entries.get(first!.id)?.rendered?.html.startsWith('<p>&lt;p&gt;&lt;b a=0&gt;')).toBe(true);
    expect(entries.size).toBe(demo.issues.length);
    parseData.mockClear();
    await loader.load(context);
    expect(parseData.mock.calls.map(([entry]) => entry.id)).toEqual([first!.id]);
  }, 60_000);

  it('names an entry whose description was cut or flattened', async () => {
    const { context, warnings } = fakeContext();
    const [first, ...rest] = demo.issues;
    const issues = [{ ...first!, description: `${'>'.repeat(50)} deep` }, ...rest];
    const file = await snapshotFile({ ...demo, issues, digest: dataDigest(issues, demo.projects) });
    await roadmapLoader({ collection: 'issues', source: { kind: 'snapshot', file } }).load(context);
    expect(warnings).toEqual([`issues ${JSON.stringify(first!.id)}: its description goes past the limits on nesting; the rest is shown as text or cut (see "Security and privacy" in the README).`]);
  });
});
