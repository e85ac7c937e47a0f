/**
 * `portal-roadmap rebuild` builds and publishes in a fresh process: once its plan is written, the rebuild's process
 * replaces itself with a fresh Node (src/cli/rebuild-finish.ts), so the process that waits on `astro build` holds
 * nothing the fetch loaded or left, and keeps the rebuild's process id (a signal, a log and the exit code reach
 * the same place). Run as a user runs it, with the demo's data and a stand-in for `astro build`
 * (test/support/stand-in-astro.ts) that reports the process that started it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ROADMAP_ENV_NAMES } from '../../src/config/env.ts';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { treeHash } from '../support/tree-hash.ts';

const dir = mkdtempSync(join(tmpdir(), 'rebuild-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A project with no config (the demo's data) whose `astro build` is the stand-in. */
function standInProject(name: string): string {
  const project = join(dir, name);
  mkdirSync(join(project, 'node_modules/astro/bin'), { recursive: true });
  const standIn = pathToFileURL(join(PROJECT_ROOT, 'test/support/stand-in-astro.ts')).href;
  writeFileSync(join(project, 'node_modules/astro/bin/astro.mjs'), `await import(${JSON.stringify(standIn)});\n`);
  return project;
}

function runRebuild(project: string, env: Record<string, string>): Promise<{ pid: number; code: number | null; stdout: string; stderr: string }> {
  const cleanEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...env };
  for (const name of ROADMAP_ENV_NAMES) delete cleanEnv[name];
  return new Promise((resolve, reject) => {
    const args = [join(PROJECT_ROOT, 'bin/portal-roadmap.mjs'), 'rebuild', '--out', join(project, 'out'), '--state', join(project, 'state')];
    const child = spawn(process.execPath, args, { cwd: project, env: cleanEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ pid: child.pid!, code, stdout, stderr }));
  });
}

// The stand-in reads its parent's command line from /proc.
describe.runIf(existsSync('/proc/self/cmdline'))('the process that waits on astro build', () => {
  it("is the rebuild's own process, become a fresh Node that runs only the build and the publish", async () => {
    const project = standInProject('publishes');
    const parentFile = join(project, 'parent.json');
    const run = await runRebuild(project, { STAND_IN_PARENT_FILE: parentFile });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Published to .*out \(changed: /);
    expect(existsSync(join(project, 'state/published.json'))).toBe(true);
    const parent = JSON.parse(readFileSync(parentFile, 'utf8')) as { pid: number; cmdline: string[] };
    expect(parent.pid).toBe(run.pid);
    expect(parent.cmdline.slice(1).map((arg) => arg.split('/').at(-1))).toEqual(['rebuild-finish.mjs', 'handover.json']);
  });

  it("that fails is the rebuild's one error line, exit 1, with the live site and the state as they were", async () => {
    const project = standInProject('fails');
    const summary = join(project, 'summary.md');
    writeFileSync(summary, '');
    mkdirSync(join(project, 'out'));
    writeFileSync(join(project, 'out/index.html'), 'the live site');
    const before = treeHash(join(project, 'out'));
    const run = await runRebuild(project, { STAND_IN_FAIL: '1', GITHUB_STEP_SUMMARY: summary });
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n').filter((line) => line.startsWith('error: '))).toEqual(['error: astro build failed (exit 1); the live site is unchanged. Last lines:']);
    expect(run.stderr).toContain('the stand-in build failed on purpose');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).toBe('');
    expect(readFileSync(summary, 'utf8')).toContain('error: astro build failed (exit 1)');
    expect(treeHash(join(project, 'out'))).toBe(before);
    expect(existsSync(join(project, 'state/published.json'))).toBe(false);
  });
});
