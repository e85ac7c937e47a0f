/**
 * The one way portal-roadmap runs a child Node process (`astro build` for the
 * rebuild, the tests and the bench): output collected, wall time measured, and
 * peak RSS sampled from /proc for the bench.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface RunResult {
  ms: number;
  /** Peak resident set size of the child in MiB (VmHWM), or null where /proc is not available. */
  peakRssMb: number | null;
  output: string;
  code: number | null;
}

/** Runs `node args…`, timing it and sampling its peak RSS from /proc. */
export function runNode(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let peakKb: number | null = null;
    const sample = () => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (match) peakKb = Math.max(peakKb ?? 0, Number(match[1]));
      } catch {
        // The process has ended, or this system has no /proc.
      }
    };
    const timer = setInterval(sample, 50);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      sample();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', () => sample());
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ ms: performance.now() - started, peakRssMb: peakKb === null ? null : Math.round(peakKb / 1024), output, code });
    });
  });
}

/**
 * Node flags of every `astro build` portal-roadmap runs (`npm run build`
 * passes the same in package.json): 8 MiB semi-spaces. V8 sizes the young
 * generation by the machine's memory, and a build's short-lived strings fill
 * it: a 10,000-issue build with its descriptions cached peaked at 829 MiB
 * by default and 743 MiB with this, in the same time (measured on a busy
 * machine).
 */
export const BUILD_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

/** The project's own `astro` entry point, run with the Node that runs us (Node 24, pinned). */
export function astroBin(root: string): string {
  return join(root, 'node_modules/astro/bin/astro.mjs');
}
