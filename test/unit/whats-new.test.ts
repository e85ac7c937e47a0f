/** The "what's new" feed and badge script: what /latest.json lists, and the script's weight. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { latestDocument, WHATS_NEW_SCRIPT } from '../../src/exports/whats-new.ts';

describe('latest.json', () => {
  const changelog = Array.from({ length: 25 }, (_, index) => ({
    kind: index % 5 === 0 ? ('project' as const) : ('issue' as const),
    id: `id-${index}`,
    at: new Date(Date.UTC(2026, 10, 30 - index)).toISOString(),
    atLeast: index === 24,
  }));

  it("lists the newest 20 of the changelog in its order, with absolute URLs under the base path and the changelog's", () => {
    const document = latestDocument({ siteRoot: 'https://acme.example.com/roadmap/', changelog, title: (entry) => `Title of ${entry.id}` });
    expect(document.changelog).toBe('https://acme.example.com/roadmap/changelog/');
    expect(document.items).toHaveLength(20);
    expect(document.items.map((item) => item.id)).toEqual(changelog.slice(0, 20).map((entry) => entry.id));
    expect(document.items[0]).toEqual({
      kind: 'project',
      id: 'id-0',
      title: 'Title of id-0',
      url: 'https://acme.example.com/roadmap/projects/id-0/',
      shippedAt: '2026-11-30T00:00:00.000Z',
      approximate: false,
    });
    expect(document.items[1]!.url).toBe('https://acme.example.com/roadmap/issues/id-1/');
  });

  it('marks an item the history saw already shipped as approximate: its date is "on or before"', () => {
    const seenShipped = changelog.map((entry, index) => ({ ...entry, atLeast: index === 3 }));
    const document = latestDocument({ siteRoot: 'https://acme.example.com/', changelog: seenShipped, title: () => undefined });
    expect(document.items.map((item) => item.approximate)).toEqual(Array.from({ length: 20 }, (_, index) => index === 3));
  });
});

describe('whats-new.js', () => {
  it('weighs under 1 KB gzipped', () => {
    expect(gzipSync(WHATS_NEW_SCRIPT).length).toBeLessThan(1024);
  });
});
