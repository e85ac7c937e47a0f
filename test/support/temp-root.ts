/**
 * Global setup of every test project: one temp folder for the whole run, made the test processes' TMPDIR (which
 * `os.tmpdir()` reads, so every `mkdtemp` below it lands in it), and removed when the run ends. Many tests make a
 * folder per test and leave it; a unit run left about 80 in /tmp, and the site tier builds and Chromium profiles
 * more, so a machine that runs the suite often filled its /tmp with thousands.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): void {
  // The projects of one run share it: the first one's setup makes it.
  if (process.env.PORTAL_ROADMAP_TEST_TMPDIR) return;
  const dir = mkdtempSync(join(tmpdir(), 'portal-roadmap-tests-'));
  process.env.PORTAL_ROADMAP_TEST_TMPDIR = dir;
  // Read by os.tmpdir() in this process and in the test workers, which inherit the environment.
  process.env.TMPDIR = dir;
  // When the run ends, not in a project's teardown: another project of the same run may still be using it.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
