/** `portal-roadmap notify`: posts the news to chat after a deploy (src/cli/notify/notify.ts). `--help` lists the options. */
import { appendFile } from 'node:fs/promises';
import { runCommand } from '../args.ts';
import { notify, type ServiceOutcome } from '../notify/notify.ts';
import { printWarnings, resolveSettings } from '../../config/settings.ts';
import { uiFor } from '../../i18n/labels.ts';

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
    async (values) => {
      const settings = resolveSettings(process.cwd());
      printWarnings(settings);
      const { config } = settings;
      const outcomes = await notify({
        stateDir: values.state,
        config: { ...config, title: config.title ?? uiFor(config.locale, config.labels).labels.siteTitle },
        labels: uiFor(config.locale, config.labels).labels,
        siteRoot: settings.siteRoot,
        env: process.env,
        dryRun: values['dry-run'],
        print: (text) => console.log(text),
        log: (line) => console.error(line),
      });
      if (process.env.GITHUB_STEP_SUMMARY && outcomes.length > 0) await appendFile(process.env.GITHUB_STEP_SUMMARY, summaryMarkdown(outcomes));
    },
    argv,
  );

const STATUS: Record<ServiceOutcome['status'], string> = { posted: 'posted', 'nothing new': 'nothing new', skipped: 'skipped', failed: 'not posted, tried again next run' };

/** The step summary: per service, what happened. Names and counts only: never a URL or token. */
function summaryMarkdown(outcomes: readonly ServiceOutcome[]): string {
  const rows = outcomes.map(({ service, status, events }) => `| ${service} | ${STATUS[status]} | ${events} |`);
  return ['### Roadmap: chat posts', '', '| service | result | events |', '| --- | --- | --- |', ...rows, '', ''].join('\n');
}
