/** Linux's stat files of a process or thread (proc(5): /proc/{pid}/stat, /proc/{pid}/task/{tid}/stat). */
import { readFileSync } from 'node:fs';

/** The clock ticks a second of the files' CPU times: USER_HZ, 100 on every Linux architecture Node runs on. */
export const CLOCK_TICKS_PER_SECOND = 100;

/**
 * The fields of a stat file from the third (the state) on, so `fields[n - 3]` is proc(5)'s field n; undefined where
 * the file cannot be read (no /proc, the process or thread gone). The command name before them is in parentheses
 * and may hold spaces and parentheses itself: the fields start past the last ')'.
 */
export function statFields(file: string): string[] | undefined {
  try {
    const stat = readFileSync(file, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** Field 4: the parent's process id. */
export const parentPid = (fields: readonly string[]): number => Number(fields[1]);

/** Fields 14 and 15: the CPU time it used, user and system, in clock ticks. */
export const ownCpuTicks = (fields: readonly string[]): number => Number(fields[11]) + Number(fields[12]);

/** Fields 16 and 17: the CPU time of its children that ended and were waited for, in clock ticks. */
export const childrenCpuTicks = (fields: readonly string[]): number => Number(fields[13]) + Number(fields[14]);
