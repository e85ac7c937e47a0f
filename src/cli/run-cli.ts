/**
 * Shared by the scripts in `scripts/`: a failure ends the process with a
 * non-zero code and the error's own message (and its cause's), never a stack
 * trace for an error we raised on purpose.
 */
import { RoadmapError } from '../errors.ts';

export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof RoadmapError) {
      console.error(`error: ${error.message}`);
    } else {
      // Not one of ours: keep the stack, it is a bug.
      console.error(error);
    }
  }
}
