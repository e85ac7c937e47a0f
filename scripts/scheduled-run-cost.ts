/**
 * `npm run bench:scheduled-run`: what a scheduled run of the starter's workflow costs when nothing changed, cold
 * and warm. It runs the workflow's commands in a temporary copy of examples/starter with the packed tarball installed
 * (as a team installs it until the package is on the registry), against the fake portal of
 * test/support/fake-portal.ts on 127.0.0.1 serving a synthetic workspace, after one rebuild that published:
 * - cold: no node_modules and an empty npm cache: `npm ci --omit=dev`, then the rebuild, which finds no changes;
 * - npm cache warm, as setup-node's `cache: npm` left it (what the workflow did before it kept node_modules);
 * - warm: node_modules unpacked from a tar + zstd archive, as actions/cache restores it, and no install.
 * Not part of `npm test`: it installs from the npm registry. The figures are in docs/scheduled-rebuilds.md.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { runCommand, UsageError } from '../src/cli/args.ts';
import { ROADMAP_ENV_NAMES } from '../src/config/env.ts';
import { startFakePortal } from '../test/support/fake-portal.ts';
import { syntheticWorkspace } from '../test/support/synthetic.ts';
import { NODE_ENV_PATH, pack } from '../test/package/install.ts';
import { PROJECT_ROOT } from '../test/support/build-site.ts';

const spec = {
  command: 'npm run bench:scheduled-run --',
  summary: "Times a no-change run of the starter's workflow steps (install, rebuild) cold and warm, against the fake portal.",
  options: {
    issues: { type: 'string', value: 'N', description: 'issues in the synthetic workspace', default: '1000' },
    projects: { type: 'string', value: 'N', description: 'projects in the synthetic workspace', default: '50' },
    rounds: { type: 'string', value: 'N', description: 'rounds of the three runs (cold, npm cache warm, warm)', default: '3' },
    tarball: { type: 'string', value: 'FILE', description: 'a tarball of portal-roadmap already packed (default: npm pack of this checkout)' },
  },
} as const;

interface Run {
  code: number | null;
  output: string;
  seconds: number;
}

/** A command, asynchronously: the fake portal it reads answers from this process. */
function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

async function step(name: string, cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv, expect?: RegExp): Promise<Run> {
  const result = await run(cwd, command, args, env);
  if (result.code !== 0 || (expect && !expect.test(result.output))) throw new Error(`${name} failed (exit ${result.code}):\n${result.output.slice(-3000)}`);
  console.log(`${name}: ${result.seconds.toFixed(1)} s`);
  return result;
}

const count = (value: string, name: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new UsageError(`--${name} must be a whole number above 0, not "${value}"`);
  return number;
};

await runCommand(spec, async (options) => {
  const issues = count(options.issues, 'issues');
  const projects = count(options.projects, 'projects');
  const rounds = count(options.rounds, 'rounds');
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  console.log(`load average at the start: ${load()}`);
  const tarball = options.tarball ?? pack().tarball;

  const dir = mkdtempSync(join(tmpdir(), 'scheduled-run-'));
  const project = join(dir, 'project');
  cpSync(join(PROJECT_ROOT, 'examples/starter'), project, { recursive: true });
  mkdirSync(join(project, 'vendor'));
  copyFileSync(tarball, join(project, 'vendor', basename(tarball)));
  // npm and every script on the Node 24 that runs this one, as setup-node puts Node 24 on the runner's PATH.
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: NODE_ENV_PATH, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };
  for (const key of Object.keys(env)) if (key.startsWith('npm_') || (ROADMAP_ENV_NAMES as string[]).includes(key)) delete env[key];

  const synthetic = syntheticWorkspace({ issues, projects });
  const portal = await startFakePortal({
    scheduled: { issues: synthetic.issues, projects: Object.fromEntries(synthetic.projects.map((p) => [p.id, p])), paging: { mode: 'skip-take', maxTake: 100 } },
  });
  // Served from an address on this machine where nothing listens: the state folder holds the history.
  const rebuildEnv = { ...env, PORTAL_API_URL: portal.apiUrl, PORTAL_WORKSPACE_ID: 'scheduled', ROADMAP_SITE: 'http://127.0.0.1:9/acme' };
  const rebuild = ['run', 'rebuild', '--', '--out', 'dist', '--state', '.roadmap'];
  const archive = join(dir, 'node_modules.tar.zst');
  try {
    // The team's one-time install, which writes the lockfile the workflow's `npm ci` reads.
    await step('setup: npm install of the tarball', project, 'npm', ['install', `./vendor/${basename(tarball)}`, '--no-audit', '--no-fund'], env);
    const publish = await step('setup: the first rebuild, which publishes', project, 'npm', [...rebuild, '--fresh-history'], rebuildEnv, /Published to/);

    // npm's cache of each round alone: empty for the cold install, which fills it for the next.
    const npmCi = (cache: string, state: string) =>
      step(`npm ci --omit=dev (npm cache ${state})`, project, 'npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { ...env, npm_config_cache: cache });
    const noChange = (name: string) => step(`${name}: rebuild`, project, 'npm', rebuild, rebuildEnv, /no changes/);
    const removeModules = () => rmSync(join(project, 'node_modules'), { recursive: true, force: true });
    const times = {
      coldInstall: [] as number[],
      cold: [] as number[],
      npmInstall: [] as number[],
      npm: [] as number[],
      unpack: [] as number[],
      warm: [] as number[],
      save: [] as number[],
    };
    let added = '?';
    let megabytes = 0;
    for (let round = 1; round <= rounds; round++) {
      console.log(`round ${round} of ${rounds}`);
      const cache = join(dir, `npm-cache-${round}`);
      removeModules();
      const cold = await npmCi(cache, 'empty');
      added = /added (\d+) packages/.exec(cold.output)?.[1] ?? '?';
      times.coldInstall.push(cold.seconds);
      times.cold.push((await noChange('cold')).seconds);
      megabytes = Math.round(Number((await run(project, 'du', ['-sb', 'node_modules'], env)).output.split('\t')[0]) / 1e6);
      // What actions/cache/save does after a miss: tar with zstd.
      rmSync(archive, { force: true });
      times.save.push((await step('archive node_modules (tar + zstd)', project, 'tar', ['-I', 'zstd -T0 -3', '-cf', archive, 'node_modules'], env)).seconds);

      removeModules();
      times.npmInstall.push((await npmCi(cache, 'warm')).seconds);
      times.npm.push((await noChange('npm cache warm')).seconds);

      removeModules();
      times.unpack.push((await step('unpack node_modules', project, 'tar', ['-I', 'zstd -T0', '-xf', archive], env)).seconds);
      times.warm.push((await noChange('warm')).seconds);
    }

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const s = (values: number[]) => `${median(values).toFixed(1)} s${values.length > 1 ? ` (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})` : ''}`;
    const total = (a: number[], b: number[]) => a.map((value, index) => value + b[index]!);
    const archiveMb = (statSync(archive).size / 1e6).toFixed(0);
    const rows = [
      ['cold: no node_modules, empty npm cache', `\`npm ci --omit=dev\` ${s(times.coldInstall)}`, s(times.cold), s(total(times.coldInstall, times.cold))],
      ["npm's cache warm (setup-node's `cache: npm`)", `\`npm ci --omit=dev\` ${s(times.npmInstall)}`, s(times.npm), s(total(times.npmInstall, times.npm))],
      [`warm: node_modules restored (${archiveMb} MB archive)`, `unpack ${s(times.unpack)}, no install`, s(times.warm), s(total(times.unpack, times.warm))],
    ];
    console.log(
      `\n${issues} issues, ${projects} projects; ${added} packages, ${megabytes} MB in node_modules; the first rebuild (publishing) took ${publish.seconds.toFixed(1)} s;`,
    );
    console.log(`archiving node_modules after a miss (actions/cache/save) took ${s(times.save)}. Medians of ${rounds} round(s), least–most in brackets.`);
    console.log(`Load average at the end: ${load()}.\n`);
    console.log('| run | install | rebuild (no changes) | total |\n| --- | --- | --- | --- |');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  } finally {
    await portal.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
