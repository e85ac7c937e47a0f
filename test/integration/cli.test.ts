/** The command line as a user runs it (`portal-roadmap fetch|rebuild`, and the bench): one convention for help, usage errors and exit codes. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/build-site.ts';

/** How each command is started, and what its usage line calls it. */
const COMMANDS: Record<string, { argv: string[]; usage: string }> = {
  fetch: { argv: ['bin/portal-roadmap.mjs', 'fetch'], usage: 'portal-roadmap fetch' },
  rebuild: { argv: ['bin/portal-roadmap.mjs', 'rebuild'], usage: 'portal-roadmap rebuild' },
  bench: { argv: ['scripts/bench.ts'], usage: 'npm run bench --' },
};

function run(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [...COMMANDS[script]!.argv, ...args], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.each(Object.keys(COMMANDS))('%s', (script) => {
  it('--help prints the usage with every option to stdout and exits 0', () => {
    const { code, stdout, stderr } = run(script, ['--help']);
    expect(code).toBe(0);
    expect(stdout.startsWith(`Usage: ${COMMANDS[script]!.usage} [options]`)).toBe(true);
    expect(stdout).toContain('-h, --help');
    expect(stderr).toBe('');
  });

  it('an unknown option is one error line plus the usage, exit 2, no stack', () => {
    const { code, stdout, stderr } = run(script, ['--bogus']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n').filter((line) => line.startsWith('error: '))).toEqual(["error: Unknown option '--bogus'"]);
    expect(stderr).toContain(`Usage: ${COMMANDS[script]!.usage} [options]`);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain('ERR_PARSE_ARGS');
  });
});

describe('missing values', () => {
  it('fetch --out without a value exits 2 with one error line and the usage', () => {
    const { code, stderr } = run('fetch', ['--out']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^error: Option '--out <value>' argument missing\n\nUsage: portal-roadmap fetch/);
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

describe('fetch with ROADMAP_SNAPSHOT set', () => {
  it.each([
    { what: 'missing', create: false },
    { what: 'present', create: true },
  ])('refuses whether the file it names is $what: one error line saying to unset it, exit 1, nothing written', ({ create }) => {
    const project = mkdtempSync(join(tmpdir(), 'cli-fetch-snapshot-'));
    if (create) writeFileSync(join(project, 'x.json'), '{}');
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PORTAL_|ROADMAP_)/.test(name)));
    const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin/portal-roadmap.mjs'), 'fetch', '--out', 'y.json'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...env, ROADMAP_SNAPSHOT: 'x.json', NO_COLOR: '1' },
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: ROADMAP_SNAPSHOT is set, .*unset ROADMAP_SNAPSHOT/);
    // Never the hint that fails the same way while the variable is set.
    expect(lines[0]).not.toContain('--out');
    expect(existsSync(join(project, 'y.json'))).toBe(false);
  });
});

describe('portal-roadmap', () => {
  it('without a command lists the commands on stdout and exits 2', () => {
    const result = spawnSync(process.execPath, ['bin/portal-roadmap.mjs'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/^Usage: portal-roadmap <command> \[options\]\n\nCommands:\n {2}fetch {4}.+\n {2}rebuild {2}.+\n/);
  });

  it('an unknown command is one error line and the list, exit 2', () => {
    const result = spawnSync(process.execPath, ['bin/portal-roadmap.mjs', 'publish'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('error: unknown command "publish"');
    expect(result.stderr).toContain('Commands:');
  });

  it('--version prints the version of package.json', () => {
    const result = spawnSync(process.execPath, ['bin/portal-roadmap.mjs', '--version'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    expect(result.stdout).toBe(`${JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).version}\n`);
  });

  it("on a Node older than package.json's engines, is one error line naming both versions and npx, exit 1, no stack", () => {
    // The machine's own Node may be older (cron's PATH); `process.versions.node` is set before the command runs.
    const onNode = (version: string) =>
      spawnSync(process.execPath, ['--import', `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`, 'bin/portal-roadmap.mjs', '--version'], {
        cwd: PROJECT_ROOT,
        encoding: 'utf8',
      });
    const engines = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).engines.node as string;
    const [major, minor] = /^>=(\d+)\.(\d+)\.0$/.exec(engines)!.slice(1).map(Number) as [number, number];
    const old = onNode(`${major}.${minor - 1}.9`);
    expect(old.status).toBe(1);
    expect(old.stdout).toBe('');
    expect(old.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^error: portal-roadmap needs Node ${major}\\.${minor} or later, and .+ is Node ${major}\\.${minor - 1}\\.9\\. Run it through npm \\(\`npx portal-roadmap`),
      ),
    ]);
    expect(onNode(`${major}.${minor}.0`).status).toBe(0);
  });
});

describe('rebuild of a project with its own address', () => {
  it.each([
    { where: 'its config', config: { site: 'https://acme.dev/roadmap' }, vars: {}, says: 'at https://acme.dev/roadmap. Set both variables' },
    // A host's build (Netlify, Cloudflare Pages, Vercel) whose portal variables were lost, with ROADMAP_SITE still set as the host guides say.
    { where: 'ROADMAP_SITE', config: {}, vars: { ROADMAP_SITE: 'https://acme.dev/roadmap' }, says: 'at https://acme.dev/roadmap, the address ROADMAP_SITE gives' },
  ])('refuses to publish the bundled demo at the address $where gives when the portal variables are missing: one error line, exit 1, nothing written', ({ config, vars, says }) => {
    const project = mkdtempSync(join(tmpdir(), 'cli-demo-site-'));
    writeFileSync(join(project, 'roadmap.config.json'), JSON.stringify(config));
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PORTAL_|ROADMAP_)/.test(name)));
    const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin/portal-roadmap.mjs'), 'rebuild', '--out', 'site', '--state', '.roadmap'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...env, ...vars, NO_COLOR: '1' },
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: PORTAL_API_URL and PORTAL_WORKSPACE_ID are not set, so this build would publish the bundled DEMO workspace \(made-up issues\) /);
    expect(lines[0]).toContain(says);
    expect(existsSync(join(project, 'site'))).toBe(false);
    expect(existsSync(join(project, '.roadmap'))).toBe(false);
  });
});
