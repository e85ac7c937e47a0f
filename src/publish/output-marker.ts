/**
 * Whether the output folder still holds what the last rebuild published. The rebuild keeps the live site's pages
 * that did not change (src/fingerprint/page-digests.ts), by the digests they were published with, and says "no
 * changes" leaving the folder as it is; both hold only while the folder is that publish's. Another build into it (a
 * plain `npm run build` into dist/) leaves pages those digests do not describe: pages without the history, say.
 *
 * The marker is a digest of two files every build writes beside its board: `history.json` (the history it
 * published, with the date of its last run) and `roadmap.json` (its data, with the date it was read), recorded in
 * the state with the fingerprint. Two small files read, where comparing every page would read them all.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MARKED_FILES = ['history.json', 'roadmap.json'] as const;

/** The marker of the output in `outDir`, whose roadmap is in its folder `prefix` when it is mounted in a site of its own. */
export function outputMarker(outDir: string, prefix: string | undefined): string {
  const dir = prefix ? join(outDir, prefix) : outDir;
  const hash = createHash('sha256');
  for (const name of MARKED_FILES) {
    const file = join(dir, name);
    hash.update(`${name}\n`);
    hash.update(existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'none');
    hash.update('\n');
  }
  return `sha256:${hash.digest('hex')}`;
}

/**
 * What the output folder is to this run: `published` (the marker the state recorded), `replaced` (another build's),
 * or `unknown` (no output, or a state that recorded no marker: of an older version, or whose fingerprint was lost).
 */
export function outputState(outDir: string, prefix: string | undefined, recorded: string | undefined): 'published' | 'replaced' | 'unknown' {
  if (recorded === undefined || !existsSync(outDir)) return 'unknown';
  return outputMarker(outDir, prefix) === recorded ? 'published' : 'replaced';
}
