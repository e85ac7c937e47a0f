/**
 * `portal-roadmap notify`, after a deploy: the news the state folder's history
 * (and its record of release notes) holds and a service has not posted yet, one
 * post per service (its ledger in `notified.json`). Says on stdout which services the config names and what
 * happened to each, "nothing new to post" included; warnings go to stderr. A
 * service whose variable is unset is skipped; one that fails keeps its news for
 * the next run; one that took the post without answering in time is recorded
 * as "maybe delivered" and not sent again. The whole run has a deadline, so it
 * ends before the job that runs it times out and still saves its state.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import { HISTORY_FILE, readHistoryFile } from '../history/read.ts';
import { PUBLISHED_NOTES_FILE, readPublishedNotes } from '../history/published-notes.ts';
import type { Labels } from '../i18n/labels.ts';
import { publicSnapshot } from '../shown/privacy.ts';
import { readSnapshotFile } from '../snapshot/snapshot-file.ts';
import { PUBLISHED_FILE } from '../publish/commit.ts';
import { deliver, realClock, type Clock } from './deliver.ts';
import { LEDGER_FILE, ledgerPostedThrough, readLedger, unposted, withPosted, writeLedger } from './ledger.ts';
import { newestFirst, newsEvents, newsOf, noteEvents, type NewsEvent } from './news.ts';
import { discordPayload, mastodonStatus, slackPayload, teamsPayload, type ServiceName } from './services.ts';
import { targetOf } from './targets.ts';
import { releaseTagLabelsIn } from '../release-notes/tag-labels.ts';

/** The team's tag labels in the main language, which the posts are in. */
const tagLabelsOf = ({ locales, releaseNotes }: Partial<Pick<RoadmapConfig, 'locales' | 'releaseNotes'>>) =>
  locales && releaseNotes ? releaseTagLabelsIn({ locales, releaseNotes }, locales[0]!) : {};

export interface NotifyOptions {
  stateDir: string;
  /** With `locales` and `releaseNotes`, a note's tags are posted with the team's labels of them (`releaseNotes.tags`). */
  config: Pick<RoadmapConfig, 'notify' | 'columns' | 'shipped' | 'privacy'> & { title: string } & Partial<Pick<RoadmapConfig, 'locales' | 'releaseNotes'>>;
  labels: Labels;
  /** The site's root URL, with the base path: links lead there. */
  siteRoot: string;
  env: Record<string, string | undefined>;
  clock?: Clock;
  /** Print what each service would be sent, post nothing, and leave the ledger as it is. */
  dryRun?: boolean;
  /** Where a dry run prints each post (stdout in the command). */
  print?: (text: string) => void;
  /**
   * One try's limit, the deadline of all tries per service, the tries per service (src/notify/deliver.ts has the
   * defaults), and the deadline of the whole run.
   */
  limits?: { timeoutMs?: number; deadlineMs?: number; maxTries?: number; runDeadlineMs?: number };
  /** What the run did, a line per service (stdout in the command). */
  say: (line: string) => void;
  /** Warnings (stderr in the command). */
  warn: (line: string) => void;
}

export interface ServiceOutcome {
  service: ServiceName;
  status: 'posted' | 'maybe delivered' | 'nothing new' | 'skipped' | 'failed' | 'dry run';
  events: number;
  detail?: string;
}

export const SERVICE_NAMES: Record<ServiceName, string> = { slack: 'Slack', discord: 'Discord', teams: 'Microsoft Teams', mastodon: 'Mastodon' };

/**
 * The whole run's deadline: the starter's deploy job has 10 minutes for the deploy, the install, this and saving
 * the state; four services at their 90 s each would pass 4 minutes, so the last ones wait for the next run.
 */
export const RUN_DEADLINE_MS = 240_000;

const eventsText = (count: number) => `${count} ${count === 1 ? 'event' : 'events'}`;

export async function notify(options: NotifyOptions): Promise<ServiceOutcome[]> {
  const { config, env, say, warn } = options;
  const clock = options.clock ?? realClock;
  const runEnd = clock.now() + (options.limits?.runDeadlineMs ?? RUN_DEADLINE_MS);
  const services = (Object.keys(SERVICE_NAMES) as ServiceName[]).filter((service) => config.notify[service]);
  if (services.length === 0) {
    say('No service to notify: add one under "notify" in roadmap.config.json (docs/notify.md).');
    return [];
  }
  say(`Services in the config: ${services.map((service) => SERVICE_NAMES[service]).join(', ')}.`);
  const history = await readHistoryFile(join(options.stateDir, HISTORY_FILE), 'Run `portal-roadmap rebuild` first, with the same --state.');
  const snapshot = publicSnapshot(await readSnapshotFile(join(options.stateDir, PUBLISHED_FILE)), config.privacy);
  // The release notes the rebuilds published, each at the run that first did (src/history/published-notes.ts).
  const notesFile = join(options.stateDir, PUBLISHED_NOTES_FILE);
  const notes = await readPublishedNotes(notesFile);
  if (notes.problem)
    warn(`warning: ${notesFile} ${notes.problem}: no release note is posted this run; the next rebuild starts the record again, counting the notes it publishes as posted.`);
  const events = newestFirst(
    newsEvents(history, snapshot, config, options.labels, options.siteRoot),
    noteEvents(notes.value, options.labels, options.siteRoot, tagLabelsOf(config)),
  );
  const read = await readLedger(options.stateDir);
  let ledger = read.ledger;
  if (!ledger) {
    warn(
      `warning: ${join(options.stateDir, LEDGER_FILE)} ${read.problem}: a new ledger starts, with every service counted as having posted the news up to the last rebuild, so nothing is posted twice; the next rebuild's news is posted.`,
    );
    ledger = ledgerPostedThrough(services, history.recordedAt);
  }
  for (const service of services) {
    if (ledger.services[service]?.lastPost !== 'sending') continue;
    warn(`warning: ${SERVICE_NAMES[service]}: the last run stopped while it posted; what it sent counts as maybe delivered, and is not sent again`);
    ledger = withPosted(ledger, service, [], history.recordedAt, 'maybe delivered');
  }
  const outcomes: ServiceOutcome[] = [];
  const done = (outcome: ServiceOutcome, line: string) => {
    outcomes.push(outcome);
    say(`${SERVICE_NAMES[outcome.service]}: ${line}`);
  };
  for (const service of services) {
    const name = SERVICE_NAMES[service];
    const target = targetOf(service, config.notify, env);
    if (typeof target === 'string') {
      warn(`warning: ${name}: ${target}`);
      done({ service, status: 'skipped', events: 0, detail: target }, 'skipped (see the warning)');
      continue;
    }
    const news = unposted(ledger, service, events, history.recordedAt);
    if (news.length === 0) {
      ledger = withPosted(ledger, service, [], history.recordedAt);
      done({ service, status: 'nothing new', events: 0 }, 'nothing new to post');
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
      options.print?.(`--- ${name}: ${eventsText(news.length)}\n${JSON.stringify(body, null, 2)}`);
      done({ service, status: 'dry run', events: news.length }, `${eventsText(news.length)} to post (dry run: not posted)`);
      continue;
    }
    const remaining = runEnd - clock.now();
    if (remaining < 1_000) {
      warn(`warning: ${name}: not posted: the run's deadline passed; the next run posts it`);
      done({ service, status: 'failed', events: news.length, detail: "the run's deadline passed" }, `not posted (${eventsText(news.length)}): the run's deadline passed`);
      continue;
    }
    // Mastodon keeps an Idempotency-Key for an hour: a retried POST that did reach it posts once.
    const idempotent = service === 'mastodon';
    const headers: Record<string, string> = idempotent ? { authorization: `Bearer ${target.token}`, 'idempotency-key': idempotencyKey(service, news) } : {};
    const { limits = {} } = options;
    // Written before the post goes out: a run that dies while posting (killed, its machine gone) leaves its events
    // counted as maybe delivered, as a post with no answer is, and the next run does not post them twice. A post
    // that was refused leaves the ledger as it was before (written below), for the next run to try again.
    await writeLedger(options.stateDir, withPosted(ledger, service, news, history.recordedAt, 'sending'));
    const delivery = await deliver({
      url: target.url,
      body,
      headers,
      clock,
      idempotent,
      timeoutMs: limits.timeoutMs,
      maxTries: limits.maxTries,
      deadlineMs: Math.min(limits.deadlineMs ?? Number.POSITIVE_INFINITY, remaining),
    });
    if (delivery.outcome === 'delivered') {
      ledger = withPosted(ledger, service, news, history.recordedAt, 'delivered');
      done({ service, status: 'posted', events: news.length }, `posted ${eventsText(news.length)}`);
    } else if (delivery.outcome === 'maybe delivered') {
      ledger = withPosted(ledger, service, news, history.recordedAt, 'maybe delivered');
      warn(`warning: ${name}: sent, but no answer came (${delivery.problem}); recorded as maybe delivered`);
      done({ service, status: 'maybe delivered', events: news.length, detail: delivery.problem }, `sent ${eventsText(news.length)}, no answer: maybe delivered, not sent again`);
    } else {
      warn(`warning: ${name}: not posted (${delivery.problem}); the next run tries again`);
      done({ service, status: 'failed', events: news.length, detail: delivery.problem }, `not posted (${eventsText(news.length)}); the next run tries again`);
    }
    // After each service, so a run that dies later keeps what was posted.
    await writeLedger(options.stateDir, ledger);
  }
  if (!options.dryRun) await writeLedger(options.stateDir, ledger);
  return outcomes;
}

/**
 * The post's `Idempotency-Key`: a digest of the service and every event's key, so it is ASCII whatever the ids
 * hold (a header value must be), of one length whatever their length, and different for any other set of events.
 */
export function idempotencyKey(service: ServiceName, events: readonly Pick<NewsEvent, 'key'>[]): string {
  return createHash('sha256')
    .update([service, ...events.map((event) => event.key)].join('\n'))
    .digest('hex');
}
