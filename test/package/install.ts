/**
 * A project as a team makes it: `npm pack` of this repository, and a copy of
 * an example project (examples/starter, examples/docs-site) in a temporary
 * folder that installs the tarball and the rest from the registry.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../support/build-site.ts';

/**
 * This repository's Node 24 (its `node` devDependency) first on PATH, for npm and every script it starts in an
 * example project: the examples get their Node from `.nvmrc` and `engines`, as a team's project does, and pin none
 * of their own, while this machine's system Node may be older than `engines` allows.
 */
export const HARNESS_NODE_BIN = join(PROJECT_ROOT, 'node_modules/node/bin');
if (!existsSync(join(HARNESS_NODE_BIN, 'node'))) throw new Error(`No Node at ${HARNESS_NODE_BIN}/node: run \`npm ci\` in ${PROJECT_ROOT} first.`);
export const NODE_ENV_PATH = `${HARNESS_NODE_BIN}:${process.env.PATH ?? ''}`;

export interface Packed {
  tarball: string;
  /** Every path in the tarball, below `package/`. */
  files: string[];
}

/** `npm pack` into a new folder: what `npm publish` would upload. */
export function pack(): Packed {
  const dir = mkdtempSync(join(tmpdir(), 'roadmap-pack-'));
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: PROJECT_ROOT, encoding: 'utf8', env: { ...process.env, PATH: NODE_ENV_PATH } });
  const [info] = JSON.parse(output.slice(output.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  return { tarball: join(dir, info!.filename), files: info!.files.map((file) => file.path) };
}

export interface Installed {
  dir: string;
  /** Seconds `npm install` took. */
  installSeconds: number;
}

/** A copy of `examples/{name}` in a new folder, depending on the tarball instead of the registry's portal-roadmap, installed. */
export function installExample(name: string, tarball: string): Installed {
  const dir = mkdtempSync(join(tmpdir(), `roadmap-${name}-`));
  cpSync(join(PROJECT_ROOT, 'examples', name), dir, { recursive: true });
  const manifestFile = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies['portal-roadmap'] = `file:${tarball}`;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  const started = performance.now();
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: NODE_ENV_PATH } });
  if (result.status !== 0) throw new Error(`npm install in ${dir} failed:\n${result.stdout}\n${result.stderr}`);
  return { dir, installSeconds: (performance.now() - started) / 1000 };
}

export interface Run {
  code: number | null;
  output: string;
  seconds: number;
}

/**
 * A command of the project's own node_modules/.bin, run with Node 24, as
 * `npx <bin> …` would. Asynchronous: the fake portal it reads runs in this process.
 */
export function runBin(dir: string, bin: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return run(dir, join(dir, 'node_modules/.bin', bin), args, env);
}

/**
 * A command line as a host's build runs it (Netlify's `command`, the build command of Cloudflare Pages or Vercel):
 * in a shell, in the project, with Node 24 and npm first on PATH.
 */
export function runShell(dir: string, command: string, env: Record<string, string> = {}): Promise<Run> {
  return run(dir, 'sh', ['-c', command], env);
}

function run(dir: string, file: string, args: string[], env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  const child = start(dir, file, args, env);
  return new Promise((resolve, reject) => {
    child.process.on('error', reject);
    child.process.on('close', (code) => resolve({ code, output: child.output(), seconds: (performance.now() - started) / 1000 }));
  });
}

export interface Started {
  process: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once its output matches `pattern` (with the match), rejects when it ends first or after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Ends it and resolves once it has ended. */
  stop(): Promise<void>;
}

/** A command of the project's own node_modules/.bin left running (`astro dev`), with Node 24, as `runBin` runs one. */
export function startBin(dir: string, bin: string, args: string[], env: Record<string, string> = {}): Started {
  return start(dir, join(dir, 'node_modules/.bin', bin), args, env);
}

function start(dir: string, file: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(file, args, {
    cwd: dir,
    env: { ...cleanEnv(), PATH: NODE_ENV_PATH, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output += String(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', heard);
  child.stderr.on('data', heard);
  const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
  return {
    process: child,
    output: () => output,
    waitFor: (pattern, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const done = () => {
          listeners.delete(check);
          clearTimeout(timer);
        };
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            done();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${pattern} in ${timeoutMs} ms of output:\n${output.slice(-3000)}`));
        }, timeoutMs);
        listeners.add(check);
        void ended.then(() => {
          if (listeners.has(check)) {
            done();
            reject(new Error(`ended before printing ${pattern}:\n${output.slice(-3000)}`));
          }
        });
        check();
      }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return ended;
    },
  };
}

/** The environment without what vitest or a developer's shell set for this repository's own builds. */
function cleanEnv(): NodeJS.ProcessEnv {
  // NODE_ENV: vitest's "test" would make Astro build as in development (Starlight's search then says it works in production builds only).
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(PORTAL_|ROADMAP_|VITEST|BASE_URL$|MODE$|DEV$|PROD$|SSR$|NODE_ENV$)/.test(key)));
}
