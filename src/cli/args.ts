/**
 * One command-line convention for `npm run fetch`, `rebuild` and `bench`, on
 * `node:util` parseArgs: `--help` lists every option with its default; an
 * unknown option, a missing value or a stray argument is a `UsageError`, which
 * `runCommand` prints as one `error:` line plus the usage, exiting 2.
 */
import { inspect, parseArgs } from 'node:util';
import { RoadmapError } from '../shared/errors.ts';
import { logLines } from '../shared/text.ts';

/** Exit codes of every CLI (the README lists them). */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export class UsageError extends RoadmapError {
  override name = 'UsageError';
}

interface BaseOption {
  /** One line of help. */
  description: string;
  short?: string;
}
export type OptionSpec = (BaseOption & { type: 'boolean' }) | (BaseOption & { type: 'string'; /** Shown in the usage, e.g. `DIR`. */ value: string; default?: string });

export interface CommandSpec {
  /** How it is run, e.g. `npm run rebuild --`. */
  command: string;
  /** What it does, a sentence or two. */
  summary: string;
  options: Record<string, OptionSpec>;
}

type Values<S extends CommandSpec> = {
  [K in keyof S['options']]: S['options'][K] extends { type: 'boolean' } ? boolean : S['options'][K] extends { default: string } ? string : string | undefined;
};

export function usage(spec: CommandSpec): string {
  const rows = Object.entries(spec.options).map(([name, option]) => {
    const flag = `${option.short ? `-${option.short}, ` : ''}--${name}${option.type === 'string' ? ` ${option.value}` : ''}`;
    const fallback = option.type === 'string' && option.default !== undefined ? ` (default: ${option.default})` : '';
    return [flag, `${option.description}${fallback}`] as const;
  });
  rows.push(['-h, --help', 'show this help and exit']);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return [`Usage: ${spec.command} [options]`, '', spec.summary, '', 'Options:', ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`)].join('\n');
}

/** The parsed options, or `undefined` when `--help` was asked for (the usage is then printed to stdout). */
export function parseCommandLine<S extends CommandSpec>(spec: S, argv: readonly string[] = process.argv.slice(2)): Values<S> | undefined {
  const options = {
    ...Object.fromEntries(
      Object.entries(spec.options).map(([name, option]) => [
        name,
        { type: option.type, ...(option.short ? { short: option.short } : {}), ...(option.type === 'string' && option.default !== undefined ? { default: option.default } : {}) },
      ]),
    ),
    help: { type: 'boolean' as const, short: 'h' },
  };
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false }));
  } catch (error) {
    // parseArgs throws TypeErrors with ERR_PARSE_ARGS_* codes: a mistake on the command line, not a bug.
    throw new UsageError((error as Error).message, { cause: error });
  }
  if (values.help) {
    process.stdout.write(`${usage(spec)}\n`);
    return undefined;
  }
  for (const [name, option] of Object.entries(spec.options)) {
    if (option.type === 'boolean') values[name] = values[name] === true;
  }
  return values as Values<S>;
}

/**
 * Runs a command: parses its options, then `main`. A `UsageError` prints one
 * `error:` line and the usage (exit 2); any other error of ours one `error:`
 * line (exit 1); an error that is not ours keeps its stack, since it is a bug.
 * Messages may quote the portal (an error body, build output), so every line
 * is made safe for a CI log first (`logLines`).
 */
export async function runCommand<S extends CommandSpec>(spec: S, main: (values: Values<S>) => Promise<void>, argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  try {
    const values = parseCommandLine(spec, argv);
    if (values) await main(values);
  } catch (error) {
    printFailure(error, spec);
  }
}

/** Prints a command's failure and sets its exit code, as `runCommand` does (`spec` gives a usage error its usage). */
export function printFailure(error: unknown, spec?: CommandSpec): void {
  if (error instanceof UsageError && spec) {
    process.exitCode = EXIT.usage;
    process.stderr.write(`error: ${logLines(error.message)}\n\n${usage(spec)}\n`);
  } else if (error instanceof RoadmapError) {
    process.exitCode = EXIT.failed;
    process.stderr.write(`error: ${logLines(error.message)}\n`);
  } else {
    process.exitCode = EXIT.failed;
    process.stderr.write(`${logLines(inspect(error))}\n`);
  }
}
