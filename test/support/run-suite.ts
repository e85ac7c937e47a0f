/**
 * `npm test`: the same steps as before, two lines at once instead of one after
 * the other, because most of a run is the site project waiting on Chromium
 * and Astro builds, which leave a core free:
 * - the site project (its global setup builds the fixtures, then the site and
 *   browser tiers), its output shown as it comes;
 * - meanwhile `astro check`, the layering rules, then the unit project, each
 *   one's output held and shown whole when it ends, so the two never interleave.
 * The run fails if any step fails, and names the steps that did.
 * Arguments go to both vitest runs (a file filter, `--reporter`, …).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ROOT } from './build-site.ts';

const bin = (name: string) => join(PROJECT_ROOT, 'node_modules/.bin', name);
/**
 * V8's compiled code of every module, kept on disk for the run's Node processes (Node's compile cache): the suite
 * starts a hundred or so (the fixture builds, the CLI and rebuild runs, vitest's workers), each of which compiled
 * Astro, Vite and our sources afresh. test/integration/cli.test.ts, all process starts: 15.5 → 11.3 core-seconds.
 */
const env = { ...process.env, NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(PROJECT_ROOT, 'node_modules/.cache/node-compile-cache') };
const VITEST = [bin('vitest'), 'run', '--config', 'test/vitest.config.ts', '--passWithNoTests'];
const extra = process.argv.slice(2);

interface Step {
  name: string;
  command: string[];
}

function run(step: Step, stream: boolean): Promise<{ step: Step; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, ...args] = step.command;
    const child = spawn(command!, args, { cwd: PROJECT_ROOT, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ step, code: 1, output: `${output}\n${error.message}`, seconds: (Date.now() - started) / 1000 }));
    child.on('close', (code, signal) => resolve({ step, code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Runs `steps` one after the other, stopping at the first that fails, printing each one's output when it ends. */
async function inTurn(steps: Step[]): Promise<Awaited<ReturnType<typeof run>>[]> {
  const results = [];
  for (const step of steps) {
    const result = await run(step, false);
    process.stdout.write(`\n── ${step.name} (${result.seconds.toFixed(1)} s, exit ${result.code}) ──\n${result.output}\n── end of ${step.name} ──\n`);
    results.push(result);
    if (result.code !== 0) break;
  }
  return results;
}

const started = Date.now();
const [site, others] = await Promise.all([
  run({ name: 'vitest site', command: [...VITEST, '--project', 'site', ...extra] }, true),
  inTurn([
    { name: 'astro check', command: [bin('astro'), 'check'] },
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
    { name: 'format:check', command: ['npm', 'run', '--silent', 'format:check'] },
    { name: 'lint:layers', command: ['npm', 'run', '--silent', 'lint:layers'] },
    // One worker: the unit project runs beside the site project, which keeps the cores busy, and a second worker would
    // import and transform every module again (about 7 core-seconds more, docs/project/performance-log.md).
    { name: 'vitest unit', command: [...VITEST, '--project', 'unit', '--maxWorkers', '1', ...extra] },
  ]),
]);
const results = [...others, site];
const failed = results.filter((result) => result.code !== 0).map((result) => result.step.name);
console.log(`\n${results.map((r) => `${r.step.name}: ${r.seconds.toFixed(1)} s, exit ${r.code}`).join('\n')}`);
console.log(`npm test: ${((Date.now() - started) / 1000).toFixed(1)} s, ${failed.length ? `FAILED: ${failed.join(', ')}` : 'all passed'}`);
process.exitCode = failed.length ? 1 : 0;
