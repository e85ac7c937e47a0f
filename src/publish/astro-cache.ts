/**
 * Astro's cache folder (`cacheDir`: its content store, `data-store.json`, and the images it optimised), kept in the
 * state folder between rebuilds, so a run that restores the state folder (as the workflows do) does not parse and
 * store every entry again: the loader skips the entries the store holds unchanged (src/content/loader.ts).
 *
 * The folder is kept under a key, the digest of everything but the data that shapes the site (the config, the
 * package versions through the lockfile, the site's source): a run under another key starts from an empty one, so a
 * store written by another version of portal-roadmap or of Astro, or for another config, is never read. (Astro also
 * empties its store itself when its version, its config or the content config changed.) Like the description cache,
 * the build works on a copy, and the state folder changes only once the site is published.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder's name in the state folder. */
export const ASTRO_CACHE_DIR = 'astro-cache';
/** The key the kept folder was made under, a file of its own in it. */
const KEY_FILE = 'portal-roadmap.key';

/** A copy of the state folder's Astro cache in `workDir` when it was kept under `key`, else an empty folder; returns the copy. */
export async function takeAstroCache(stateDir: string, workDir: string, key: string, log: (line: string) => void): Promise<string> {
  const kept = join(stateDir, ASTRO_CACHE_DIR);
  const work = join(workDir, ASTRO_CACHE_DIR);
  const keptKey = existsSync(join(kept, KEY_FILE)) ? (await readFile(join(kept, KEY_FILE), 'utf8')).trim() : undefined;
  if (keptKey === key) {
    await cp(kept, work, { recursive: true }).catch(async (error: Error) => {
      log(`warning: Astro's cache could not be read from ${kept} (${error.message}); the content store is made afresh`);
      await rm(work, { recursive: true, force: true });
    });
    await rm(join(work, KEY_FILE), { force: true });
  }
  await mkdir(work, { recursive: true });
  return work;
}

/** Puts the build's Astro cache `work` in the state folder under `key`, whole or not at all (written beside, then renamed). */
export async function keepAstroCache(work: string, stateDir: string, key: string): Promise<void> {
  const kept = join(stateDir, ASTRO_CACHE_DIR);
  const partial = `${kept}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(work, partial, { recursive: true });
  await writeFile(join(partial, KEY_FILE), `${key}\n`);
  await rm(kept, { recursive: true, force: true });
  await rename(partial, kept);
}
