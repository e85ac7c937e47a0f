import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiIssueListSchema, ApiProjectSchema } from '../../../src/portal/api-schemas.ts';
import { canonicalJson } from '../../../src/snapshot/digest.ts';
import { SnapshotError } from '../../../src/shared/errors.ts';
import { createSnapshot, readSnapshotFile, writeSnapshotFile } from '../../../src/snapshot/snapshot-file.ts';
import { loadSnapshot, rawDescriptions } from '../../../src/snapshot/load.ts';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'));
const raw = {
  issues: ApiIssueListSchema.parse(fixture('issues-response.json')),
  projects: [ApiProjectSchema.parse(fixture('project-response.json'))],
  missingProjectIds: ['gone'],
};
const source = { kind: 'api', apiUrl: 'https://api.example.com/v1', workspaceId: 'ws-1' } as const;
const when = new Date('2026-11-20T10:00:00Z');
const tempFile = () => join(mkdtempSync(join(tmpdir(), 'snapshot-')), 'snap.json');

describe('snapshot', () => {
  const snapshot = createSnapshot(raw, source, when);

  it('is a versioned document without hidden or deleted issues', () => {
    expect(snapshot).toMatchObject({ format: 'portal-roadmap.snapshot', version: 2, fetchedAt: '2026-11-20T10:00:00.000Z', missingProjectIds: ['gone'] });
    expect(snapshot.issues.map((i) => i.id)).toEqual(['iss-1', 'iss-2']);
    expect(JSON.stringify(snapshot)).not.toMatch(/HIDDEN-MARKER|DELETED-MARKER/);
  });

  it('keeps tracker fields, which only the privacy gate may publish, so no site setting changes its digest', () => {
    expect(JSON.stringify(snapshot)).toMatch(/TRK-99/);
  });

  it('reads a version 1 file (source, not origin) with the same data and digest', async () => {
    const file = tempFile();
    const { origin, ...rest } = snapshot;
    writeFileSync(file, JSON.stringify({ ...rest, version: 1, source: origin }));
    expect(await readSnapshotFile(file)).toEqual(snapshot);
  });

  it('has a digest that ignores fetch time and API order but not data', () => {
    const later = createSnapshot({ ...raw, issues: [...raw.issues].reverse() }, source, new Date());
    expect(later.digest).toBe(snapshot.digest);
    const changed = createSnapshot({ ...raw, issues: raw.issues.map((i) => ({ ...i, upvotes: 99 })) }, source, when);
    expect(changed.digest).not.toBe(snapshot.digest);
  });

  it('round-trips through a file', async () => {
    const file = tempFile();
    await writeSnapshotFile(file, snapshot);
    expect(await readSnapshotFile(file)).toEqual(snapshot);
  });

  it('refuses a file whose data no longer matches its digest', async () => {
    const file = tempFile();
    await writeSnapshotFile(file, snapshot);
    const altered = JSON.parse(readFileSync(file, 'utf8'));
    altered.issues[0].title = 'edited by hand';
    writeFileSync(file, JSON.stringify(altered));
    await expect(readSnapshotFile(file)).rejects.toThrow(/was altered after it was written/);
  });

  it('refuses other formats, naming the path and the fix', async () => {
    const file = tempFile();
    writeFileSync(file, JSON.stringify({ ...snapshot, version: 3 }));
    const error = await readSnapshotFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotError);
    expect((error as Error).message).toMatch(/version: .*\n.*npm run fetch -- --out/s);
  });

  it('reports a missing or truncated file clearly', async () => {
    await expect(readSnapshotFile('/nonexistent/snap.json')).rejects.toThrow(/does not exist\. Check ROADMAP_SNAPSHOT/);
    const file = tempFile();
    writeFileSync(file, JSON.stringify(snapshot).slice(0, 100));
    await expect(readSnapshotFile(file)).rejects.toThrow(/is not valid JSON/);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });
});

describe('rawDescriptions', () => {
  it('gives the description texts of a snapshot file as read, before it is checked', async () => {
    const snapshot = createSnapshot(raw, source, when);
    const file = tempFile();
    await writeSnapshotFile(file, snapshot);
    let told: string[] | undefined;
    const loaded = await loadSnapshot({ kind: 'snapshot', file }, { onDescriptions: (texts) => (told = texts) });
    expect(told).toEqual([...loaded.issues, ...loaded.projects].flatMap((item) => (typeof item.description === 'string' ? [item.description] : [])));
    expect(told!.length).toBeGreaterThan(0);
  });

  it('skips whatever is not a description text, in any shape of JSON', () => {
    for (const json of [null, 3, 'text', [], { issues: 'x' }, { issues: [null, 1, { description: 5 }, { description: null }] }]) expect(rawDescriptions(json)).toEqual([]);
    expect(rawDescriptions({ issues: [{ description: 'a' }, {}], projects: [{ description: 'b' }], other: [{ description: 'c' }] })).toEqual(['a', 'b']);
  });
});
