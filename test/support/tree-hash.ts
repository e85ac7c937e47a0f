/** A digest of every file (path and bytes) below a directory; equal digests mean byte-identical trees. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from './build-site.ts';

export function treeHash(dir: string): string {
  if (!existsSync(dir)) return 'absent';
  const hash = createHash('sha256');
  for (const file of listFiles(dir).sort())
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
  return hash.digest('hex');
}
