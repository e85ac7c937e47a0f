import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCommandLine, runCommand, usage, UsageError, type CommandSpec } from '../../../src/cli/args.ts';
import { PortalError } from '../../../src/shared/errors.ts';

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

describe('errors printed by a command', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  async function printed(error: Error): Promise<string> {
    let text = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((text += String(chunk)), true));
    await runCommand(spec, async () => {
      throw error;
    }, []);
    return text;
  }

  it('cannot start a line with a workflow command or carry ANSI escapes, whatever the message quotes', async () => {
    const text = await printed(new PortalError('GET x failed: bad\n::error title=CI::pwned\r\n\u001b[2Jcleared\u2028::warning::y', { kind: 'http', url: 'x' }));
    expect(text).toBe('error: GET x failed: bad\n: :error title=CI::pwned\ncleared\n: :warning::y\n');
    expect(process.exitCode).toBe(1);
  });

  it('prints an error that is not ours with its stack, each line made safe too', async () => {
    const text = await printed(new TypeError('boom\n::error::x'));
    expect(text).toMatch(/^TypeError: boom\n: :error::x\n {4}at /);
  });
});
