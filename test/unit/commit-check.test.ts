/**
 * scripts/check-commits.ts (`npm run lint:commits`), run in a new repository whose last commit is the one checked
 * (the script's baseline is not there, so it checks the last commit, as in a shallow clone), with this project's
 * commitlint rules from package.json. That it passes good messages, `npm run lint` shows on this repository.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/build-site.ts';

const rules = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).commitlint;
const env = { ...process.env, PATH: `${join(PROJECT_ROOT, 'node_modules/.bin')}:${process.env.PATH}`, GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir() };

/** Checks a repository whose one commit has `message`; returns the script's exit code and output. */
function check(message: string): { code: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'commits-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', commitlint: rules }));
  const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'core.hooksPath=/dev/null', ...args], { cwd: dir, env });
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', message);
  const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts/check-commits.ts')], { cwd: dir, env, encoding: 'utf8' });
  return { code: run.status, output: run.stdout + run.stderr };
}

describe('npm run lint:commits', () => {
  it('fails a subject of 73 characters and a commit without a body, naming each rule and the fix', () => {
    const result = check('a'.repeat(73));
    expect(result.output).toContain('checking the last commit only');
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('header must not be longer than 72 characters');
    expect(result.output).toContain('body may not be empty');
    expect(result.output).toContain('git rebase -i');
  });
});
