/**
 * The release workflow publishes only when the tag, package.json's version and
 * CHANGELOG.md's top entry agree (scripts/check-release.ts); each disagreement
 * is one line naming the fix.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRelease } from '../../scripts/release/versions.ts';

const pkg = (version: string) => JSON.stringify({ name: 'portal-roadmap', version });
const changelog = (...headings: string[]) => `# Changelog\n\nIntro.\n\n${headings.map((heading) => `${heading}\n\n### Added\n- Something.\n`).join('\n')}`;
const message = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a failure');
};

describe('checkRelease', () => {
  it('passes when the tag, package.json and the top entry name one version, a release as latest', () => {
    expect(checkRelease('v0.3.0', pkg('0.3.0'), changelog('## [0.3.0] - 2026-11-26', '## [0.2.0] - 2026-11-24'))).toEqual({ version: '0.3.0', distTag: 'latest' });
  });

  it('publishes a pre-release under the dist-tag next, never as latest', () => {
    expect(checkRelease('v1.0.0-rc.1', pkg('1.0.0-rc.1'), changelog('## [1.0.0-rc.1] - 2026-12-01'))).toEqual({ version: '1.0.0-rc.1', distTag: 'next' });
  });

  it('lets an empty [Unreleased] heading stay above the release, as Keep a Changelog does', () => {
    const text = '# Changelog\n\n## [Unreleased]\n\n## [0.3.0] - 2026-11-26\n\n### Added\n- Something.\n';
    expect(checkRelease('v0.3.0', pkg('0.3.0'), text).version).toBe('0.3.0');
  });

  it('refuses a tag that is not a version', () => {
    for (const tag of ['0.3.0', 'v0.3', 'release-1', 'v0.3.0+build.5', 'v0.3.0\nv0.4.0']) {
      expect(message(() => checkRelease(tag, pkg('0.3.0'), changelog('## [0.3.0] - 2026-11-26')))).toContain(
        'is not a version tag: tag the release commit as v<major>.<minor>.<patch>',
      );
    }
  });

  it('refuses a tag whose version package.json does not have, naming the command that sets it', () => {
    expect(message(() => checkRelease('v0.3.0', pkg('0.2.0'), changelog('## [0.3.0] - 2026-11-26')))).toBe(
      'the tag v0.3.0 says 0.3.0, package.json says 0.2.0: set "version" to 0.3.0 (npm version 0.3.0 --no-git-tag-version), commit, and tag that commit',
    );
  });

  it('refuses a changelog whose top entry is still [Unreleased] with changes in it', () => {
    expect(message(() => checkRelease('v0.3.0', pkg('0.3.0'), changelog('## [Unreleased]', '## [0.2.0] - 2026-11-24')))).toBe(
      `CHANGELOG.md's top entry is [Unreleased]: rename it to "[0.3.0] - <today's date>" (an empty [Unreleased] above it may stay)`,
    );
  });

  it('refuses a changelog whose top entry is another version, or has no date', () => {
    expect(message(() => checkRelease('v0.3.1', pkg('0.3.1'), changelog('## [0.3.0] - 2026-11-26')))).toContain("CHANGELOG.md's top entry is [0.3.0], the tag is v0.3.1");
    expect(message(() => checkRelease('v0.3.0', pkg('0.3.0'), changelog('## [0.3.0]')))).toContain('has no valid date');
    expect(message(() => checkRelease('v0.3.0', pkg('0.3.0'), changelog('## [0.3.0] - 2026-13-45')))).toContain('has no valid date');
    expect(message(() => checkRelease('v0.3.0', pkg('0.3.0'), '# Changelog\n'))).toContain('CHANGELOG.md has no entry');
  });
});

describe('node scripts/check-release.ts', () => {
  const script = join(process.cwd(), 'scripts/check-release.ts');
  const project = (version: string, top: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'release-check-'));
    writeFileSync(join(dir, 'package.json'), pkg(version));
    writeFileSync(join(dir, 'CHANGELOG.md'), changelog(top));
    return dir;
  };
  const run = (dir: string, args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });

  it('writes the dist-tag to the step outputs and exits 0 when all agree, reading the tag from GITHUB_REF_NAME', () => {
    const dir = project('0.3.0', '## [0.3.0] - 2026-11-26');
    const outputs = join(dir, 'outputs');
    writeFileSync(outputs, '');
    const result = run(dir, [], { GITHUB_REF_NAME: 'v0.3.0', GITHUB_OUTPUT: outputs });
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(outputs, 'utf8')).toBe('dist-tag=latest\nversion=0.3.0\n');
  });

  it('exits 1 with one error line when they disagree', () => {
    const result = run(project('0.3.0', '## [Unreleased]'), ['--tag', 'v0.3.0']);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `error: CHANGELOG.md's top entry is [Unreleased]: rename it to "[0.3.0] - <today's date>" (an empty [Unreleased] above it may stay)`,
    ]);
  });
});
