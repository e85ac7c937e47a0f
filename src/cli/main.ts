/**
 * `portal-roadmap <command>`: the package's command line (bin/portal-roadmap.mjs
 * runs it). Each command parses its own options (src/cli/args.ts), so
 * `portal-roadmap rebuild --help` lists those of the rebuild.
 */
import { packageVersion } from '../shared/package-files.ts';
import { EXIT } from './args.ts';

const COMMANDS = {
  fetch: { summary: 'read the portal (or the demo) and write a snapshot file', load: () => import('./fetch.ts') },
  rebuild: { summary: 'fetch, and when anything changed build, verify and publish the site', load: () => import('./rebuild.ts') },
  notify: { summary: 'post what shipped or moved to Slack, Discord, Microsoft Teams and Mastodon', load: () => import('./notify.ts') },
} as const;

type CommandName = keyof typeof COMMANDS;

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  return [
    'Usage: portal-roadmap <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, { summary }]) => `  ${name.padEnd(width)}  ${summary}`),
    '',
    '`portal-roadmap <command> --help` lists the options of a command.',
    '`portal-roadmap --version` prints the version.',
  ].join('\n');
}

export async function main(argv: readonly string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(`${help()}\n`);
    if (name === undefined) process.exitCode = EXIT.usage;
    return;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    process.stderr.write(`error: unknown command ${JSON.stringify(name)}\n\n${help()}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  const command = await COMMANDS[name as CommandName].load();
  await command.run(rest);
}
