/**
 * Global setup of every test project: one temp folder for the whole run, made the test processes' TMPDIR (which
 * `os.tmpdir()` reads, so every `mkdtemp` below it lands in it), and removed when the run ends. Many tests make a
 * folder per test and leave it; a unit run left about 80 in /tmp, and the site tier builds and Chromium profiles
 * more, so a machine that runs the suite often filled its /tmp with thousands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Makes a temp folder this process's TMPDIR, for it and the processes it starts, and removes it when the process
 * exits; returns it. Also for `npm run bench`, whose rounds each made state folders of their own and left them.
 */
export function useTempRoot(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // Read by os.tmpdir() in this process and in the processes and threads it starts, which inherit the environment.
  process.env.TMPDIR = dir;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export default function setup(): void {
  // The projects of one run share it: the first one's setup makes it, and it goes when the run ends, not in a
  // project's teardown, while another project may still be using it.
  process.env.PORTAL_ROADMAP_TEST_TMPDIR ??= useTempRoot('portal-roadmap-tests-');
}
