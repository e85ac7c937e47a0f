/** Writing or copying a file whole or not at all, and reading a JSON file a run kept. */
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

export type KeptFileRead<T> = { value: T | undefined; problem?: undefined } | { value?: undefined; problem: string };

/**
 * A JSON file a run kept (a ledger, a record), checked by `schema`: its value, undefined when there is no file, or
 * why it cannot be used (`{what}` names what it should be: "is not {what} this version of portal-roadmap reads").
 */
export async function readKeptFile<T>(file: string, schema: z.ZodType<T>, what: string): Promise<KeptFileRead<T>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    return code === 'ENOENT' ? { value: undefined } : { problem: `cannot be read (${code ?? 'error'})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'is not JSON' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { problem: `is not ${what} this version of portal-roadmap reads` };
}

/**
 * Writes `text` (or bytes) to `file` through a file beside it renamed into place, so a reader never meets half of it and a
 * run that stops midway leaves the old file; the folder is made if missing.
 */
export async function writeAtomically(file: string, text: string | Uint8Array): Promise<void> {
  await placeAtomically(file, (partial) => writeFile(partial, text));
}

/** Copies `from` to `to` as `writeAtomically` writes: whole or not at all, the folder made if missing. */
export async function copyAtomically(from: string, to: string): Promise<void> {
  await placeAtomically(to, (partial) => copyFile(from, partial));
}

/** `make` writes the file beside `file`, which is then renamed into place; nothing of it is left if either fails. */
async function placeAtomically(file: string, make: (partial: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  try {
    await make(partial);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}
