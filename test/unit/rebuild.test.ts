import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { publishedColumns } from '../../src/site/columns.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { RebuildError, rebuild, type RebuildOptions } from '../../src/cli/rebuild/rebuild.ts';
import { VerifyError } from '../../src/cli/rebuild/verify.ts';
import { loadDemoSnapshot } from '../../src/snapshot/source.ts';
import { dataDigest, writeSnapshotFile, type Snapshot } from '../../src/snapshot/snapshot-file.ts';
import { fakeBuild as fakeBuildOf } from '../support/fake-build.ts';
import { treeHash } from '../support/tree-hash.ts';

const demo = await loadDemoSnapshot('src/data/demo/portal.json');
const { columns } = parseRoadmapConfig({});
const published = publishedColumns(demo.issues, columns).flatMap((c) => c.issues).length;

const fakeBuild = (options: { skipIssue?: boolean } = {}) => fakeBuildOf(columns, options);

/** The demo with only its first `count` issues that are not canceled (a hidden column), so every one has a page. */
function withIssues(count: number): Snapshot {
  const issues = demo.issues.filter((i) => i.status !== 'Canceled').slice(0, count);
  return { ...demo, issues, digest: dataDigest(issues, demo.projects) };
}

let dir: string;
let source: string;
const setSource = (snapshot: Snapshot) => writeSnapshotFile(source, snapshot);
const run = (extra: Partial<RebuildOptions> = {}) =>
  rebuild({ source: { kind: 'snapshot', file: source }, outDir: join(dir, 'dist'), stateDir: join(dir, 'state'), columns, build: fakeBuild(), ...extra });
const hashes = () => [treeHash(join(dir, 'dist')), treeHash(join(dir, 'state'))];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rebuild-'));
  source = join(dir, 'source.json');
  await setSource(demo);
});

describe('rebuild', () => {
  it('publishes the first build and records the snapshot and the report', async () => {
    const result = await run();
    expect(result.status).toBe('published');
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe(`board of ${published}`);
    expect(JSON.parse(readFileSync(join(dir, 'state/published.json'), 'utf8')).digest).toBe(demo.digest);
    expect(JSON.parse(readFileSync(join(dir, 'state/report.json'), 'utf8')).issues.after).toBe(42);
    expect(readdirSync(dir).sort()).toEqual(['dist', 'source.json', 'state']);
  });

  it('skips an unchanged workspace without building or touching anything', async () => {
    await run();
    const before = hashes();
    const build = fakeBuild();
    const lines: string[] = [];
    const result = await run({ build, log: (line) => lines.push(line) });
    expect(result.status).toBe('no-changes');
    expect(build).not.toHaveBeenCalled();
    expect(lines.join('\n')).toContain('no changes');
    expect(hashes()).toEqual(before);
  });

  it('rebuilds an unchanged workspace with force', async () => {
    await run();
    const build = fakeBuild();
    expect((await run({ build, force: true })).status).toBe('published');
    expect(build).toHaveBeenCalledOnce();
  });

  it('replaces the old output with the new one when data changed', async () => {
    await run();
    await setSource(withIssues(38));
    const result = await run();
    expect(result.status).toBe('published');
    expect(result.report.issues.removed).toHaveLength(4);
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe('board of 38');
    expect(readdirSync(join(dir, 'dist/issues'))).toHaveLength(38);
  });

  it('leaves output and state byte for byte as they were when the build fails', async () => {
    await run();
    await setSource(withIssues(39));
    const before = hashes();
    const failing = vi.fn(async () => {
      throw new RebuildError('astro build failed (exit 1)');
    });
    await expect(run({ build: failing })).rejects.toThrow('astro build failed');
    expect(hashes()).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['dist', 'source.json', 'state']);
  });

  it('refuses an incomplete build, keeping the old site', async () => {
    await run();
    await setSource(withIssues(39));
    const before = hashes();
    await expect(run({ build: fakeBuild({ skipIssue: true }) })).rejects.toBeInstanceOf(VerifyError);
    expect(hashes()).toEqual(before);
  });

  it('refuses a list that shrank by more than allowed, unless accepted', async () => {
    await run();
    await setSource(withIssues(20));
    const before = hashes();
    await expect(run()).rejects.toThrow(/20 visible issues, down 52% from the 42 published \(more than the 50% allowed\).*--accept-shrink/);
    expect(hashes()).toEqual(before);
    await expect(run({ maxShrink: 0.6 })).resolves.toMatchObject({ status: 'published' });
  });

  it('publishes a sharp drop with acceptShrink', async () => {
    await run();
    await setSource(withIssues(3));
    expect((await run({ acceptShrink: true })).status).toBe('published');
  });

  it('refuses an unreadable published snapshot unless forced', async () => {
    await run();
    writeFileSync(join(dir, 'state/published.json'), '{"cut');
    await expect(run()).rejects.toThrow(/cannot be read.*--force/);
    expect((await run({ force: true })).status).toBe('published');
  });

  it('puts the old site back when the snapshot cannot be recorded', async () => {
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist/index.html'), 'old site');
    writeFileSync(join(dir, 'state'), 'a file where the state directory should be');
    await expect(run()).rejects.toThrow(/previous site was restored/);
    expect(readFileSync(join(dir, 'dist/index.html'), 'utf8')).toBe('old site');
    expect(existsSync(join(dir, 'dist/issues'))).toBe(false);
  });
});
