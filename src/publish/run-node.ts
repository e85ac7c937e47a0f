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
 * it: smaller semi-spaces lower a large build's peak memory in the same time.
 * @see docs/project/performance-log.md, "Measurements behind the code".
 */
export const BUILD_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

/**
 * Environment of every `astro build` the rebuild runs: how the build's allocators give freed memory back. Rolldown
 * (Vite's bundler, a native module in the build's process) allocates with mimalloc, which by default reserves 1 GiB
 * arenas and purges what it freed only after a delay, so the bundling's memory stayed resident while the pages
 * rendered and Pagefind wrote the index; glibc's malloc (Node's buffers, from every thread) keeps freed chunks in up
 * to 16 arenas on a 2-core machine, and raises the size it maps on its own. Each setting here lowers the rebuild's
 * peak (docs/performance.md, "A rebuild's memory"; @see docs/project/performance-log.md, "Measurements behind the
 * code"). A value the caller set is kept.
 */
export const BUILD_ALLOCATOR_ENV = {
  MIMALLOC_PURGE_DELAY: '0',
  MIMALLOC_ARENA_EAGER_COMMIT: '0',
  MIMALLOC_ARENA_RESERVE: '64MiB',
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;

/** The least heap limit of a build, in MiB (`buildHeapMb`). */
export const MIN_BUILD_HEAP_MB = 768;

/**
 * The heap limit (`--max-old-space-size`, MiB) of a build from a snapshot of `snapshotBytes`. Unlimited, V8 lets
 * the heap grow far past what a build keeps alive before it collects; a limit lowers the peak and costs no CPU
 * (@see docs/project/performance-log.md, "Measurements behind the code"). The limit grows with the
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
