/**
 * Run before `npm test` and `npm run test:browser`: the browser tier needs
 * Debian's Chromium headless shell (test/support/chromium-path.ts; the unit
 * and site tiers need no browser). Run before `npm run bench` with
 * `--lighthouse`: the bench's search figures use the shell too, and its
 * Lighthouse figures the full browser (Debian's `chromium`, or `CHROME_PATH`).
 * When one is missing and we are root on a Debian-like machine, install it
 * (apt-get update, apt-get install -y); otherwise say how, and fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PACKAGE, CHROMIUM_PATH } from '../test/support/chromium-path.ts';

const wanted = [
  { path: CHROMIUM_PATH, pkg: CHROMIUM_PACKAGE, variable: 'CHROMIUM_PATH', for: 'the browser tests and the bench' },
  ...(process.argv.includes('--lighthouse')
    ? [{ path: process.env.CHROME_PATH ?? '/usr/bin/chromium', pkg: 'chromium', variable: 'CHROME_PATH', for: "the bench's Lighthouse figures" }]
    : []),
];
const missing = wanted.filter(({ path }) => !existsSync(path));

if (missing.length > 0) {
  const packages = missing.map(({ pkg }) => pkg);
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    for (const browser of missing)
      console.error(`error: Chromium is not at ${browser.path}; ${browser.for} need it. Install it with \`sudo apt-get install -y ${browser.pkg}\`, or set ${browser.variable}.`);
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's ${packages.join(' and ')} (${missing.map((browser) => browser.for).join('; ')}).`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      console.error(
        `error: apt-get ${args.join(' ')} failed (exit ${result.status}). Install ${packages.join(' ')} by hand, or set ${missing.map((browser) => browser.variable).join(' or ')}.`,
      );
      process.exit(1);
    }
  }
}
