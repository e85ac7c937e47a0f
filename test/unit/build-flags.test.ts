/** `npm run build` and the builds the CLIs start run Node alike. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_NODE_FLAGS } from '../../src/cli/run-node.ts';

describe('the Node flags of a build', () => {
  it('are the same for `npm run build` as for the rebuild and the bench', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.build).toBe(`node ${BUILD_NODE_FLAGS.join(' ')} node_modules/astro/bin/astro.mjs build`);
  });
});
