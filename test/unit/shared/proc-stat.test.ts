/** Reading Linux's stat files (src/shared/proc-stat.ts): the CPU time of the description threads and the bench's processes. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childrenCpuTicks, ownCpuTicks, parentPid, statFields } from '../../../src/shared/proc-stat.ts';

describe('statFields', () => {
  it('reads the fields past a command name that holds spaces and parentheses', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'proc-stat-')), 'stat');
    // proc(5)'s fields 1 to 17: pid, comm, state, ppid, pgrp, session, tty_nr, tpgid, flags, minflt, cminflt, majflt,
    // cmajflt, utime, stime, cutime, cstime.
    writeFileSync(file, '4242 (node) (x) y) S 4200 4242 4242 0 -1 4194560 900 0 0 0 120 35 7 3 20 0 11');
    const fields = statFields(file)!;
    expect(fields[0]).toBe('S');
    expect(parentPid(fields)).toBe(4200);
    expect(ownCpuTicks(fields)).toBe(155);
    expect(childrenCpuTicks(fields)).toBe(10);
  });

  it("gives this process's parent as Node knows it, and nothing for a file that is not there", () => {
    if (process.platform === 'linux') expect(parentPid(statFields('/proc/self/stat')!)).toBe(process.ppid);
    expect(statFields(join(tmpdir(), 'no-such-process', 'stat'))).toBeUndefined();
  });
});
