import { describe, expect, it } from 'vitest';
import { parseCommandLine, usage, UsageError, type CommandSpec } from '../../src/cli/args.ts';

const spec = {
  command: 'npm run demo --',
  summary: 'A command for the test.',
  options: {
    out: { type: 'string', value: 'DIR', default: 'dist', description: 'the output' },
    file: { type: 'string', value: 'FILE', description: 'an input' },
    force: { type: 'boolean', description: 'do it anyway' },
  },
} as const satisfies CommandSpec;

describe('the CLI convention', () => {
  it('lists every option with its default in the usage', () => {
    const text = usage(spec);
    expect(text).toMatch(/^Usage: npm run demo -- \[options\]/);
    expect(text).toMatch(/--out DIR\s+the output \(default: dist\)/);
    expect(text).toMatch(/--file FILE\s+an input$/m);
    expect(text).toMatch(/--force\s+do it anyway$/m);
    expect(text).toMatch(/-h, --help\s+show this help and exit/);
  });

  it('parses values, applies defaults and reads booleans as false when absent', () => {
    expect(parseCommandLine(spec, ['--file', 'a.json'])).toEqual({ out: 'dist', file: 'a.json', force: false });
    expect(parseCommandLine(spec, ['--out=x', '--force'])).toEqual({ out: 'x', force: true });
  });

  it('turns unknown options, missing values and stray arguments into usage errors', () => {
    for (const argv of [['--bogus'], ['--file'], ['stray'], ['--force=yes']]) {
      expect(() => parseCommandLine(spec, argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});
