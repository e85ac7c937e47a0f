/** Giving memory back to the system, where a process or thread holds what it no longer needs while others need it. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Collects this thread's garbage now and gives the freed memory back to the system. A regular collection keeps the
 * freed pages for reuse, resident, where the last-resort collection made here returns them; nor does a worker
 * thread's ending give its pages back unless it released them first. @see docs/project/performance-log.md,
 * "Measurements behind the code".
 * V8 offers its collector only to a context made after `--expose-gc` is set; the flag is not left on for this
 * process's own code.
 */
export function releaseGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: object) => void;
  setFlagsFromString('--no-expose-gc');
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
