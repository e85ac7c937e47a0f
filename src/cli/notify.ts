/** `portal-roadmap notify`: posts the news to chat after a deploy (src/notify/notify.ts). `--help` lists the options. */
import { runCommand } from './args.ts';

const spec = {
  command: 'portal-roadmap notify',
  summary:
    'Posts what shipped or moved since the last post to the chat services of the config\'s "notify"\n' +
    '(Slack, Discord, Microsoft Teams, Mastodon): one post per service, each event once. Run it after\n' +
    'a successful deploy. A service that fails is warned about and tried again next run; exit 0.',
  options: {
    state: { type: 'string', value: 'DIR', default: '.roadmap', description: 'the state folder of portal-roadmap rebuild (its history, and the ledger of posts)' },
    'dry-run': { type: 'boolean', description: 'print what each service would be sent, post nothing, and leave the ledger as it is' },
  },
} as const;

export const run = (argv: readonly string[]) =>
  runCommand(
    spec,
    // Loaded once the options are read: `--help` and a mistyped option answer without loading the settings and the chat clients.
    async (values) => (await import('./notify-action.ts')).postNews(values),
    argv,
  );
