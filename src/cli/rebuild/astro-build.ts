/** Runs `astro build` of this project from a snapshot file into a directory, as a child process. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { RebuildError } from './rebuild.ts';

/** Lines of build output quoted when a build fails. */
const TAIL_LINES = 30;

export function astroBuild(root: string, env: NodeJS.ProcessEnv = process.env) {
  return (snapshotFile: string, outDir: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir], {
        cwd: root,
        env: { ...env, ROADMAP_SNAPSHOT: snapshotFile, ASTRO_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', (error) => reject(new RebuildError(`Could not start astro build: ${error.message}`, { cause: error })));
      child.on('close', (code) => {
        if (code === 0) return resolve();
        const tail = output.trim().split('\n').slice(-TAIL_LINES).join('\n');
        reject(new RebuildError(`astro build failed (exit ${code}); the live site is unchanged. Last lines:\n${tail}`));
      });
    });
}
