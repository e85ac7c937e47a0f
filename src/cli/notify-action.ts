/** What `portal-roadmap notify` does once its options are read (src/cli/notify.ts). */
import { appendFile } from 'node:fs/promises';
import { notify, type ServiceOutcome } from '../notify/notify.ts';
import { DEMO_DATA_WARNING, printWarnings, resolveSettings } from '../config/settings.ts';
import { linkRoot } from '../notify/link-root.ts';
import { uiFor } from '../i18n/labels.ts';

/** Posts what is new to each service of the config, and writes what happened to the step summary. */
export async function postNews(values: { state: string; 'dry-run': boolean }): Promise<void> {
  const settings = resolveSettings(process.cwd());
  // The demo's warning is about what a build shows: notify builds nothing, and its links lead where the state was published.
  printWarnings({ warnings: settings.warnings.filter((warning) => warning !== DEMO_DATA_WARNING) });
  const warn = (line: string) => console.error(line);
  const { config } = settings;
  // With no service in the config there is nothing to link (notify says so), and a state need not exist yet.
  const siteRoot = Object.values(config.notify).some(Boolean) ? await linkRoot(values.state, settings, warn) : settings.siteRoot;
  const { labels } = uiFor(config.locale, config.labels);
  const outcomes = await notify({
    stateDir: values.state,
    config: { ...config, title: config.title ?? labels.siteTitle },
    labels,
    siteRoot,
    env: process.env,
    dryRun: values['dry-run'],
    print: (text) => console.log(text),
    say: (line) => console.log(line),
    warn,
  });
  if (process.env.GITHUB_STEP_SUMMARY && outcomes.length > 0) await appendFile(process.env.GITHUB_STEP_SUMMARY, summaryMarkdown(outcomes));
}

const STATUS: Record<ServiceOutcome['status'], string> = {
  posted: 'posted',
  'maybe delivered': 'sent, no answer: maybe delivered, not sent again',
  'nothing new': 'nothing new to post',
  skipped: 'skipped',
  failed: 'not posted, tried again next run',
  'dry run': 'dry run: not posted',
};

/** The step summary: per service, what happened. Names and counts only: never a URL or token. */
function summaryMarkdown(outcomes: readonly ServiceOutcome[]): string {
  const rows = outcomes.map(({ service, status, events }) => `| ${service} | ${STATUS[status]} | ${events} |`);
  return ['### Roadmap: chat posts', '', '| service | result | events |', '| --- | --- | --- |', ...rows, '', ''].join('\n');
}
