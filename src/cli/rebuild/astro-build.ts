/** Runs `astro build` of this project from a snapshot file (and a history file) into a directory, as a child process. */
import { astroBin, runNode } from '../run-node.ts';
import { RebuildError } from './rebuild.ts';

/** Lines of build output quoted when a build fails. */
const TAIL_LINES = 30;

export function astroBuild(root: string, env: NodeJS.ProcessEnv = process.env) {
  return async (snapshotFile: string, outDir: string, historyFile: string): Promise<void> => {
    let result;
    try {
      result = await runNode([astroBin(root), 'build', '--outDir', outDir], { cwd: root, env: { ...env, ROADMAP_SNAPSHOT: snapshotFile, ROADMAP_HISTORY: historyFile, ASTRO_TELEMETRY_DISABLED: '1' } });
    } catch (error) {
      throw new RebuildError(`Could not start astro build: ${(error as Error).message}`, { cause: error });
    }
    if (result.code === 0) return;
    const tail = result.output.trim().split('\n').slice(-TAIL_LINES).join('\n');
    throw new RebuildError(`astro build failed (exit ${result.code}); the live site is unchanged. Last lines:\n${tail}`);
  };
}
