/**
 * `npm run lint:commits` (part of `npm run lint`): every commit after `CHECKED_SINCE` has a subject of at most 72
 * characters and, unless it is a merge or a revert, a body after a blank line, as CONTRIBUTING.md asks
 * ("Comments and commit messages"). The rules are commitlint's, set in package.json's `commitlint` field; the
 * `commit-msg` hook in .githooks/ applies the same rules as a commit is made (`npm install` points git at it).
 * Outside a git checkout (an unpacked tarball), or in a shallow clone without `CHECKED_SINCE`, it checks what it
 * can and says so.
 */
import { spawnSync } from 'node:child_process';

/** The last commit made before the rule was checked; older subjects stay as they were written. */
const CHECKED_SINCE = 'a34741f';

const git = (...args: string[]) => spawnSync('git', args, { encoding: 'utf8' });

if (git('rev-parse', '--is-inside-work-tree').status !== 0) {
  console.log('lint:commits: not a git checkout; no commit to check.');
} else {
  const hasBase = git('cat-file', '-e', `${CHECKED_SINCE}^{commit}`).status === 0;
  if (!hasBase) console.log(`lint:commits: ${CHECKED_SINCE} is not in this clone (a shallow one?): checking the last commit only.`);
  const range = hasBase ? ['--from', CHECKED_SINCE, '--to', 'HEAD'] : ['--last'];
  const result = spawnSync('commitlint', range, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('lint:commits: reword the commits named above (`git rebase -i`, "reword") before they reach main.');
  }
  process.exitCode = result.status ?? 1;
}
