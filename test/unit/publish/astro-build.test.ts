/**
 * The rebuild's `astro build` (src/publish/astro-build.ts): the folder an output outside the project is built
 * in, which becomes the published site's folder, so it must be readable as any new folder is, not only by the user
 * who ran the rebuild; what the build is told through its environment; and what of its output the rebuild's log
 * passes on.
 */
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { newBuildDir, rebuildEnv, relayBuildOutput } from '../../../src/publish/astro-build.ts';
import { warnInBuild } from '../../../src/route-data/build-warning.ts';
import { parseEnv } from '../../../src/config/env.ts';

it('makes the build folder with the permissions of any new folder, so a web server of another user can read the published site', async () => {
  const root = mkdtempSync(join(tmpdir(), 'build-dir-'));
  mkdirSync(join(root, '.astro'));
  // What the umask gives a new folder: the reference, made the ordinary way.
  mkdirSync(join(root, 'ordinary'));
  const ordinary = statSync(join(root, 'ordinary')).mode & 0o777;
  const first = await newBuildDir(root);
  const second = await newBuildDir(root);
  expect(statSync(first).mode & 0o777).toBe(ordinary);
  expect(first).not.toBe(second);
  expect(first).toMatch(new RegExp(`/\\.astro/rebuild-${process.pid}-[0-9a-f]{12}$`));
});

it('tells the build its page digests and the live site to keep pages from, and no live site when there is none', () => {
  const files = { snapshotFile: '/w/snapshot.json', historyFile: '/w/history.json', descriptionCacheFile: '/w/render-cache.json' };
  const withLive = parseEnv(rebuildEnv({}, { ...files, pages: { digestsFile: '/w/page-digests.json', previousOutput: '/srv/roadmap' } }));
  expect(withLive).toMatchObject({ ROADMAP_PAGE_DIGESTS: '/w/page-digests.json', ROADMAP_PREVIOUS_OUTPUT: '/srv/roadmap', ROADMAP_SNAPSHOT: files.snapshotFile });
  // The release notes it publishes go beside the snapshot, in the run's work folder, where the rebuild reads them.
  expect(withLive.ROADMAP_RELEASE_NOTES_OUT).toBe('/w/release-notes.json');
  // A first publish: a variable the caller's environment holds must not point the build at another folder.
  const inherited = { ROADMAP_PREVIOUS_OUTPUT: '/somewhere/else' };
  const first = parseEnv(rebuildEnv(inherited, { ...files, pages: { digestsFile: '/w/page-digests.json', previousOutput: undefined } }));
  expect(first.ROADMAP_PREVIOUS_OUTPUT).toBeUndefined();
  expect(first.ROADMAP_PAGE_DIGESTS).toBe('/w/page-digests.json');
});

it("gives the build's allocators settings that return freed memory at once, unless the caller set its own", () => {
  const files = { snapshotFile: '/w/snapshot.json', historyFile: '/w/history.json' };
  expect(rebuildEnv({}, files)).toMatchObject({
    MIMALLOC_PURGE_DELAY: '0',
    MIMALLOC_ARENA_EAGER_COMMIT: '0',
    MIMALLOC_ARENA_RESERVE: '64MiB',
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
  });
  expect(rebuildEnv({ MIMALLOC_PURGE_DELAY: '10' }, files).MIMALLOC_PURGE_DELAY).toBe('10');
});

it("passes the route data's warnings on to the rebuild's log, as it does Astro's", () => {
  const printed: string[] = [];
  const warn = vi.spyOn(console, 'warn').mockImplementation((line: string) => void printed.push(line));
  try {
    warnInBuild('release-notes', 'src/content/releases/x.md names "FN-1333", which the site does not show');
  } finally {
    warn.mockRestore();
  }
  const log: string[] = [];
  relayBuildOutput(['18:01:02 [build] 12 page(s) built', ...printed, '18:01:03 [WARN] [vite] a warning of Vite'], (line) => log.push(line));
  expect(log).toEqual([
    'warning (build): [portal-roadmap:release-notes] src/content/releases/x.md names "FN-1333", which the site does not show',
    'warning (build): [vite] a warning of Vite',
  ]);
});
