/**
 * The one way portal-roadmap runs a child Node process (`astro build` for the
 * rebuild, the tests and the bench): output collected, wall time measured, and
 * peak RSS sampled from /proc for the bench.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

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

/** The least heap limit of a build, in MiB (`buildHeapMb`). */
export const MIN_BUILD_HEAP_MB = 768;

/**
 * The heap limit (`--max-old-space-size`, MiB) of a build from a snapshot of `snapshotBytes`. Unlimited, V8 lets
 * the heap grow far past what a build keeps alive before it collects: a 10,000-issue build (a 7.6 MB snapshot)
 * keeps about 125 MB alive, yet peaked at 978 MiB of RSS; with a 768 MiB limit it peaked at 687 MiB, in 65.6
 * CPU-seconds against 72.5 (the two measured one after the other on a busy machine). The limit grows with the
 * data, 64 times the snapshot (about four times what a build keeps alive), so a larger workspace gets room in
 * proportion; `ROADMAP_BUILD_HEAP_MB` sets it.
 */
export function buildHeapMb(snapshotBytes: number): number {
  return Math.max(MIN_BUILD_HEAP_MB, Math.ceil((64 * snapshotBytes) / 1_048_576));
}

/** Node flags of a build with a heap limit of `heapMb` MiB. */
export function buildNodeFlags(heapMb: number): string[] {
  return [...BUILD_NODE_FLAGS, `--max-old-space-size=${heapMb}`];
}

/** Whether a build's output says V8 stopped it at its heap limit. */
export const ranOutOfHeap = (output: string) => /heap out of memory|Reached heap limit/i.test(output);

/** The project's own `astro` entry point, run with the Node that runs us (Node 24, pinned). */
export function astroBin(root: string): string {
  return join(root, 'node_modules/astro/bin/astro.mjs');
}

/**
 * Collects this process's garbage now and gives the freed memory back to the system, before a child that needs much
 * of it starts (the rebuild's `astro build`). A process that waits on a child allocates almost nothing, so V8 would
 * otherwise keep the heap it grew while fetching (about 150 MiB of a 10,000-issue workspace's parsed answers) for the
 * whole build. V8 offers its collector only to a context made after `--expose-gc` is set; the flag is not left on
 * for this process's own code.
 */
export function releaseGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: object) => void;
  setFlagsFromString('--no-expose-gc');
  // The last-resort collection is the one that also returns V8's pooled pages to the system; a regular one keeps them
  // for reuse, resident (a 150 MiB heap collected to 4 MiB stayed at 197 MiB of RSS, and fell to 62 MiB so).
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
