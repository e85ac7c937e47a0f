/**
 * Run before `npm test` and `npm run test:browser`: the browser tier needs
 * Debian's Chromium headless shell (test/support/chromium-path.ts; the unit
 * and site tiers need no browser). When it is missing and we are root on a
 * Debian-like machine, install it (apt-get update, apt-get install -y
 * chromium-headless-shell); otherwise say how, and fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH as path } from '../test/support/chromium-path.ts';

if (!existsSync(path)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`error: Chromium is not at ${path}; the browser tests need it. Install it with \`sudo apt-get install -y ${CHROMIUM_PACKAGE}\`, or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's ${CHROMIUM_PACKAGE} package for the browser tests.`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', CHROMIUM_PACKAGE],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      console.error(`error: apt-get ${args.join(' ')} failed (exit ${result.status}). Install ${CHROMIUM_PACKAGE} by hand, or set CHROMIUM_PATH.`);
      process.exit(1);
    }
  }
}
