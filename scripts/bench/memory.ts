/**
 * Peak memory of a whole process tree, for `npm run bench`: every process below this one (a `portal-roadmap
 * rebuild`, the `astro build` it starts, Pagefind's own process under that), their resident sets summed from /proc
 * every 100 ms, and the greatest sum kept, with what each process held at that moment. Pages that several
 * processes share count once per process, so the sum errs high. Where there is no /proc the peak is null.
 */
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;

interface ProcessRss {
  pid: number;
  /** The process's name (`node`, `pagefind_extended`…) and the start of its arguments. */
  name: string;
  mb: number;
}

/** Resident MiB of every process below `root`. */
function treeRss(root: number): ProcessRss[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The process name may hold spaces and parentheses: the fields after it start past the last ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    } catch {
      // Ended between the listing and the read.
    }
  }
  const found: ProcessRss[] = [];
  const todo = [...(children.get(root) ?? [])];
  for (let pid = todo.pop(); pid !== undefined; pid = todo.pop()) {
    todo.push(...(children.get(pid) ?? []));
    try {
      const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
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
      found.push({ pid, name, mb: Math.round((pages * PAGE_BYTES) / 2 ** 20) });
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

/** Starts sampling the processes below this one; `stop` gives the greatest sum seen, in MiB, and its parts. */
export function sampleTreePeak(intervalMs = 100): { stop: () => { mb: number; parts: ProcessRss[] } | null } {
  let peak: { mb: number; parts: ProcessRss[] } | null = null;
  const sample = () => {
    try {
      const parts = treeRss(process.pid);
      const mb = parts.reduce((sum, part) => sum + part.mb, 0);
      if (!peak || mb > peak.mb) peak = { mb, parts };
    } catch {
      // No /proc.
    }
  };
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
