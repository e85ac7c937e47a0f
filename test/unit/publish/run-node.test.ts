/** `npm run build` and the builds the CLIs start run Node alike; the rebuild's build gets a heap limit sized to its data. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../src/config/env.ts';
import { BUILD_NODE_FLAGS, buildHeapMb, buildNodeFlags, ranOutOfHeap } from '../../../src/publish/run-node.ts';

const MIB = 1_048_576;

describe('the Node flags of a build', () => {
  it('are the same for `npm run build` as for the rebuild and the bench', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.build).toBe(`node ${BUILD_NODE_FLAGS.join(' ')} node_modules/astro/bin/astro.mjs build`);
  });

  it('limit the heap to 768 MiB up to a 12 MiB snapshot (10,000 synthetic issues: 7.6 MB), then 64 times the snapshot', () => {
    expect(buildHeapMb(0)).toBe(768);
    expect(buildHeapMb(7.6 * 1_000_000)).toBe(768);
    expect(buildHeapMb(12 * MIB)).toBe(768);
    expect(buildHeapMb(20 * MIB)).toBe(1280);
    expect(buildNodeFlags(1280)).toEqual([...BUILD_NODE_FLAGS, '--max-old-space-size=1280']);
  });

  it('ROADMAP_BUILD_HEAP_MB sets the limit, in MiB from 256', () => {
    expect(parseEnv({ ROADMAP_BUILD_HEAP_MB: '2048' }).ROADMAP_BUILD_HEAP_MB).toBe(2048);
    expect(() => parseEnv({ ROADMAP_BUILD_HEAP_MB: '100' })).toThrow(/ROADMAP_BUILD_HEAP_MB.*at least 256/s);
  });

  it('tell a build V8 stopped at its heap limit by what V8 prints', () => {
    // A real out-of-memory end, at a 16 MiB limit.
    const run = spawnSync(process.execPath, ['--max-old-space-size=16', '-e', 'const a = []; for (;;) a.push(new Array(1e5).fill(1));'], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(ranOutOfHeap(`${run.stdout}${run.stderr}`)).toBe(true);
    expect(ranOutOfHeap('error: astro build failed: Cannot find module "x"')).toBe(false);
  });

  it('a process that starts a build gives back the memory its garbage held: resident memory falls by most of it', () => {
    // In a process of its own, so the figure is not the test runner's: 2 million small objects (about 150 MiB of
    // heap), dropped, then released. A regular collection frees the heap but leaves its pages resident.
    const script = `
      import { readFileSync } from 'node:fs';
      import { releaseGarbage } from ${JSON.stringify(new URL('../../../src/shared/memory.ts', import.meta.url).href)};
      const residentMib = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
      let garbage = Array.from({ length: 2e6 }, (_, i) => ({ i, text: 'x' + i }));
      const before = residentMib();
      garbage = undefined;
      releaseGarbage();
      console.log(JSON.stringify({ before, after: residentMib(), gcLeftExposed: typeof globalThis.gc }));`;
    const run = spawnSync(process.execPath, ['--max-semi-space-size=8', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { before, after, gcLeftExposed } = JSON.parse(run.stdout) as { before: number; after: number; gcLeftExposed: string };
    expect(before - after).toBeGreaterThan(100);
    expect(gcLeftExposed).toBe('undefined');
  });
});
