/** Writing a file whole or not at all. */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * Writes `text` to `file` through a file beside it renamed into place, so a reader never meets half of it and a
 * run that stops midway leaves the old file; the folder is made if missing.
 */
export async function writeAtomically(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  try {
    await writeFile(partial, text);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
