/**
 * Peak memory of a whole process tree, for `npm run bench`: every process below this one (a `portal-roadmap
 * rebuild`, the `astro build` it starts, Pagefind's own process under that), their resident sets summed from /proc
 * every 100 ms, and the greatest sum kept, with what each process held at that moment. Pages that several
 * processes share count once per process, so the sum errs high. Where there is no /proc the peak is null.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CLOCK_TICKS_PER_SECOND, ownCpuTicks, parentPid, statFields } from '../../src/shared/proc-stat.ts';

interface ProcessRss {
  pid: number;
  /** The process's name (`node`, `pagefind_extended`…) and the start of its arguments. */
  name: string;
  mb: number;
  /** Of `mb`, the process's own memory (anonymous pages: heaps, stacks); the rest maps files (Node's own code) and shared memory. */
  anonMb: number;
  /** CPU seconds the process has used so far (user and system, from /proc/PID/stat): less bent by a busy machine than wall time. */
  cpuS: number;
}

/** Resident MiB of every process below `root`. */
function treeRss(root: number): ProcessRss[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    // None: ended between the listing and the read.
    const fields = statFields(`/proc/${name}/stat`);
    if (fields) children.set(parentPid(fields), [...(children.get(parentPid(fields)) ?? []), Number(name)]);
  }
  const found: ProcessRss[] = [];
  const todo = [...(children.get(root) ?? [])];
  for (let pid = todo.pop(); pid !== undefined; pid = todo.pop()) {
    todo.push(...(children.get(pid) ?? []));
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const name = [
        args[0]?.split('/').at(-1),
        ...args
          .slice(1)
          .filter((arg) => !arg.startsWith('--'))
          .map((arg) => arg.split('/').at(-1)),
      ]
        .join(' ')
        .slice(0, 60);
      const fields = statFields(`/proc/${pid}/stat`);
      if (!fields) continue;
      const cpuS = ownCpuTicks(fields) / CLOCK_TICKS_PER_SECOND;
      found.push({ pid, name, mb: Math.round(kb('VmRSS') / 1024), anonMb: Math.round(kb('RssAnon') / 1024), cpuS });
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

/** One sample: when it was taken (ms since sampling started) and what each process held. */
export interface TreeSample {
  ms: number;
  parts: ProcessRss[];
}

/**
 * Starts sampling the processes below this one; `stop` gives the greatest sum seen, in MiB, and its parts (null where
 * there is no /proc), and every sample taken, so a log can show which processes' peaks coincide.
 */
export function sampleTreePeak(intervalMs = 100): { stop: () => { peak: { mb: number; parts: ProcessRss[] } | null; samples: TreeSample[] } } {
  let peak: { mb: number; parts: ProcessRss[] } | null = null;
  const samples: TreeSample[] = [];
  const started = performance.now();
  const sample = () => {
    try {
      const parts = treeRss(process.pid);
      const mb = parts.reduce((sum, part) => sum + part.mb, 0);
      samples.push({ ms: Math.round(performance.now() - started), parts });
      if (!peak || mb > peak.mb) peak = { mb, parts };
    } catch {
      // No /proc.
    }
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return { peak, samples };
    },
  };
}

/**
 * The samples as lines of a log, one a second: the time, the sum and each process's share, then each process's own
 * peak and when it was reached. Processes are told apart by name (the CLI, `astro build`, Pagefind, esbuild).
 */
export function timelineLines(samples: readonly TreeSample[], everyMs = 1000): string[] {
  const lines: string[] = [];
  let next = 0;
  const own = new Map<string, { mb: number; ms: number }>();
  const cpu = new Map<string, number>();
  for (const { ms, parts } of samples) {
    for (const part of parts) cpu.set(part.name, Math.max(cpu.get(part.name) ?? 0, part.cpuS));
    for (const part of parts) if ((own.get(part.name)?.mb ?? -1) < part.mb) own.set(part.name, { mb: part.mb, ms });
    if (ms < next) continue;
    next = ms + everyMs;
    const sum = parts.reduce((total, part) => total + part.mb, 0);
    lines.push(`${(ms / 1000).toFixed(1)} s: ${sum} MiB (${parts.map((part) => `${part.name} ${part.mb} (${part.anonMb} own)`).join(', ')})`);
  }
  for (const [name, { mb, ms }] of own) lines.push(`own peak of ${name}: ${mb} MiB at ${(ms / 1000).toFixed(1)} s, ${cpu.get(name)?.toFixed(1)} CPU s at the last sample`);
  return lines;
}
