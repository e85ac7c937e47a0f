/**
 * What the process that waits on `astro build` loads (src/cli/rebuild-finish.ts): the rebuild's process becomes a
 * fresh Node for the build and the publish (test/integration/rebuild-process.test.ts), which must not load again what
 * the fetch needed, and loads the publish's modules only once the build is done.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');

/** The URLs of every module `node` loads to import `file`, in a process of its own. */
function modulesLoadedBy(file: string): string[] {
  const script = `
    import module from 'node:module';
    const loaded = [];
    module.registerHooks({ resolve(specifier, context, next) { const resolved = next(specifier, context); loaded.push(resolved.url); return resolved; } });
    await import(process.env.MODULE_URL);
    console.log(JSON.stringify(loaded));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, MODULE_URL: pathToFileURL(file).href } });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as string[];
}

describe('the fresh process that builds and publishes', () => {
  it('loads no schema, portal client, snapshot, config or history module before the build: those come after it, or not at all', () => {
    const loaded = modulesLoadedBy(join(ROOT, 'src/cli/rebuild-finish.ts')).filter((url) => url.startsWith('file:'));
    // What it does load: the build's runner, the run's folders, the error lines.
    expect(loaded).toEqual(expect.arrayContaining([expect.stringMatching(/\/src\/publish\/astro-build\.ts$/), expect.stringMatching(/\/src\/publish\/planned-run\.ts$/)]));
    expect(loaded.filter((url) => /\/node_modules\/(zod|undici)\/|\/src\/(portal|snapshot|config|history|fingerprint|shown|view)\//.test(url))).toEqual([]);
  });
});
