/**
 * The folder an output outside the project is built in (src/cli/rebuild/astro-build.ts): it becomes the published
 * site's folder, so it must be readable as any new folder is, not only by the user who ran the rebuild.
 */
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { newBuildDir } from '../../src/cli/rebuild/astro-build.ts';

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
