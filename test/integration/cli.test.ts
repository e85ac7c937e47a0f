/** The three CLIs as a user runs them: one convention for help, usage errors and exit codes. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/build-site.ts';

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.each(['fetch', 'rebuild', 'bench'])('npm run %s', (script) => {
  it('--help prints the usage with every option to stdout and exits 0', () => {
    const { code, stdout, stderr } = run(script, ['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: npm run ${script} -- \\[options\\]`));
    expect(stdout).toContain('-h, --help');
    expect(stderr).toBe('');
  });

  it('an unknown option is one error line plus the usage, exit 2, no stack', () => {
    const { code, stdout, stderr } = run(script, ['--bogus']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n').filter((line) => line.startsWith('error: '))).toEqual(["error: Unknown option '--bogus'"]);
    expect(stderr).toContain(`Usage: npm run ${script} --`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain('ERR_PARSE_ARGS');
  });
});

describe('missing values', () => {
  it('fetch --out without a value exits 2 with one error line and the usage', () => {
    const { code, stderr } = run('fetch', ['--out']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: Option '--out <value>' argument missing\n\nUsage: npm run fetch --/);
  });

  it('fetch without --out says it is required, exit 2', () => {
    const { code, stderr } = run('fetch', []);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --out FILE is required\n/);
  });

  it('rebuild --max-shrink out of range exits 2', () => {
    const { code, stderr } = run('rebuild', ['--max-shrink', '7']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: --max-shrink must be a share from 0 to 1/);
  });
});
