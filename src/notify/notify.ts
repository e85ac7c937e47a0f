/**
 * `portal-roadmap notify`, after a deploy: the news the state folder's history
 * holds and a service has not posted yet, one post per service (its ledger in
 * `notified.json`). A service whose variable is unset is skipped with a
 * warning; one that fails is warned about and keeps its news for the next run.
 */
import { join } from 'node:path';
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import { HISTORY_FILE, readHistoryFile } from '../history/read.ts';
import type { Labels } from '../i18n/labels.ts';
import { publicSnapshot } from '../shown/privacy.ts';
import { readSnapshotFile } from '../snapshot/snapshot-file.ts';
import { PUBLISHED_FILE } from '../publish/rebuild.ts';
import { deliver, realClock, type Clock } from './deliver.ts';
import { readLedger, unposted, withPosted, writeLedger } from './ledger.ts';
import { newsEvents, newsOf } from './news.ts';
import { discordPayload, mastodonStatus, slackPayload, teamsPayload, type ServiceName } from './services.ts';

export interface NotifyOptions {
  stateDir: string;
  config: Pick<RoadmapConfig, 'notify' | 'columns' | 'shipped' | 'privacy'> & { title: string };
  labels: Labels;
  /** The site's root URL, with the base path: links lead there. */
  siteRoot: string;
  env: Record<string, string | undefined>;
  clock?: Clock;
  /** Print what each service would be sent, post nothing, and leave the ledger as it is. */
  dryRun?: boolean;
  /** Where a dry run prints each post (stdout in the command). */
  print?: (text: string) => void;
  /** One try's limit and the deadline of all tries, per service (src/notify/deliver.ts has the defaults). */
  limits?: { timeoutMs?: number; deadlineMs?: number };
  log: (line: string) => void;
}

export interface ServiceOutcome {
  service: ServiceName;
  status: 'posted' | 'nothing new' | 'skipped' | 'failed';
  events: number;
  detail?: string;
}

const SERVICE_NAMES: Record<ServiceName, string> = { slack: 'Slack', discord: 'Discord', teams: 'Microsoft Teams', mastodon: 'Mastodon' };

export async function notify(options: NotifyOptions): Promise<ServiceOutcome[]> {
  const { config, env, log } = options;
  const services = (Object.keys(SERVICE_NAMES) as ServiceName[]).filter((service) => config.notify[service]);
  if (services.length === 0) {
    log('No service to notify: add one under "notify" in roadmap.config.json (docs/notify.md).');
    return [];
  }
  const history = await readHistoryFile(join(options.stateDir, HISTORY_FILE), 'Run `portal-roadmap rebuild` first, with the same --state.');
  const snapshot = publicSnapshot(await readSnapshotFile(join(options.stateDir, PUBLISHED_FILE)), config.privacy);
  const events = newsEvents(history, snapshot, config, options.labels, options.siteRoot);
  let ledger = await readLedger(options.stateDir);
  const outcomes: ServiceOutcome[] = [];
  for (const service of services) {
    const name = SERVICE_NAMES[service];
    const target = targetOf(service, config.notify, env);
    if (typeof target === 'string') {
      log(`warning: ${name}: ${target}`);
      outcomes.push({ service, status: 'skipped', events: 0, detail: target });
      continue;
    }
    const news = unposted(ledger, service, events, history.recordedAt);
    if (news.length === 0) {
      ledger = withPosted(ledger, service, [], history.recordedAt);
      outcomes.push({ service, status: 'nothing new', events: 0 });
      continue;
    }
    const message = newsOf(news, { siteTitle: config.title, siteRoot: options.siteRoot, labels: options.labels });
    const body =
      service === 'slack'
        ? slackPayload(message)
        : service === 'discord'
          ? discordPayload(message)
          : service === 'teams'
            ? teamsPayload(message)
            : mastodonStatus(message, config.notify.mastodon!.visibility);
    if (options.dryRun) {
      options.print?.(`--- ${name}: ${news.length} ${news.length === 1 ? 'event' : 'events'}\n${JSON.stringify(body, null, 2)}`);
      outcomes.push({ service, status: 'nothing new', events: news.length, detail: 'dry run' });
      continue;
    }
    // Mastodon keeps an Idempotency-Key for an hour: a retried POST that did reach it posts once.
    const headers: Record<string, string> =
      service === 'mastodon'
        ? {
            authorization: `Bearer ${target.token}`,
            'idempotency-key': news
              .map((event) => event.key)
              .join('|')
              .slice(0, 200),
          }
        : {};
    const delivery = await deliver({ url: target.url, body, headers, clock: options.clock ?? realClock, ...options.limits });
    if (delivery.ok) {
      ledger = withPosted(ledger, service, news, history.recordedAt);
      log(`${name}: posted ${news.length} ${news.length === 1 ? 'event' : 'events'}`);
      outcomes.push({ service, status: 'posted', events: news.length });
    } else {
      log(`warning: ${name}: not posted (${delivery.problem}); the next run tries again`);
      outcomes.push({ service, status: 'failed', events: news.length, detail: delivery.problem ?? '' });
    }
    // After each service, so a run that dies later keeps what was posted.
    await writeLedger(options.stateDir, ledger);
  }
  if (!options.dryRun) await writeLedger(options.stateDir, ledger);
  return outcomes;
}

/** The URL (and token) to post to, or why there is none: the variable is unset, or holds no https URL. */
function targetOf(service: ServiceName, settings: RoadmapConfig['notify'], env: NotifyOptions['env']): { url: string; token?: string } | string {
  if (service === 'mastodon') {
    const { instance, tokenEnv } = settings.mastodon!;
    const token = env[tokenEnv];
    return token ? { url: `${instance}/api/v1/statuses`, token } : `${tokenEnv} is not set: skipped. Set it to the account's access token (a CI secret).`;
  }
  const variable = settings[service]!.webhookEnv;
  const value = env[variable];
  if (!value) return `${variable} is not set: skipped. Set it to the webhook URL (a CI secret).`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${variable} does not hold a URL: skipped. Set it to the webhook URL.`;
  }
  // Never repeat the value: it is the credential.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)))
    return `${variable} holds a URL that is not https: skipped. Set it to the https webhook URL.`;
  return { url: url.toString() };
}
