/**
 * `portal-roadmap notify` against local servers that stand for Slack, Discord, Microsoft Teams and Mastodon and
 * record what they receive, on the state of the `history` fixture's last rebuild (a move, a ship, a new issue and
 * a completed project among its runs). One post per service and run; nothing twice across runs; a 429 waited out;
 * a service that does not answer warned about and posted by the next run; no secret in the log.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notify } from '../../src/notify/notify.ts';
import { LEDGER_FILE } from '../../src/notify/ledger.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { EN } from '../../src/i18n/labels.ts';
import { RUN_DATES } from '../support/history-sequence.ts';
import { TEST_SITE } from '../support/fixtures.ts';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** Secrets in every URL and token: none may reach the log. */
const SECRET = 'SECRET-7d41c9';
const received: Received[] = [];
let server: Server;
let origin = '';
/** Paths that answer 429 (Retry-After: 0) once before they take the post, and paths that never answer. */
const throttleOnce = new Set<string>();
const hanging = new Set<string>();

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      if (hanging.has(path)) return;
      if (throttleOnce.delete(path)) {
        res.writeHead(429, { 'retry-after': '0' }).end('{"message":"You are being rate limited."}');
        return;
      }
      received.push({ path, headers: req.headers, body: JSON.parse(text) });
      res.writeHead(path.startsWith('/teams') ? 202 : 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const config = () =>
  parseRoadmapConfig({
    title: 'Acme roadmap',
    notify: {
      slack: { webhookEnv: 'TEST_SLACK_WEBHOOK' },
      discord: { webhookEnv: 'TEST_DISCORD_WEBHOOK' },
      teams: { webhookEnv: 'TEST_TEAMS_WEBHOOK' },
      mastodon: { instance: origin, tokenEnv: 'TEST_MASTODON_TOKEN' },
    },
  });
const env = (overrides: Record<string, string> = {}) => ({
  TEST_SLACK_WEBHOOK: `${origin}/slack/T000/B000/${SECRET}`,
  TEST_DISCORD_WEBHOOK: `${origin}/discord/123/${SECRET}`,
  TEST_TEAMS_WEBHOOK: `${origin}/teams/workflows/${SECRET}`,
  TEST_MASTODON_TOKEN: SECRET,
  ...overrides,
});

/** A copy of the history fixture's state folder, with a ledger that says everything of the first run was posted. */
function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'notify-'));
  cpSync(join(inject('fixtures').history.sequenceDir!, 'state'), dir, { recursive: true });
  const posted = { postedThrough: RUN_DATES[0], keys: [] };
  writeFileSync(
    join(dir, LEDGER_FILE),
    JSON.stringify({ format: 'portal-roadmap.notified', version: 1, services: { slack: posted, discord: posted, teams: posted, mastodon: posted } }),
  );
  return dir;
}

async function run(dir: string, environment: Record<string, string> = env()) {
  const lines: string[] = [];
  const instant = { now: () => 0, sleep: async () => {} };
  const outcomes = await notify({
    stateDir: dir,
    config: { ...config(), title: 'Acme roadmap' },
    labels: EN,
    siteRoot: `${TEST_SITE}/`,
    env: environment,
    clock: instant,
    limits: { timeoutMs: 300, deadlineMs: 1_000 },
    log: (line) => lines.push(line),
  });
  return { outcomes, log: lines.join('\n') };
}

describe('portal-roadmap notify', () => {
  const dir = stateDir();

  it('posts once to each service, a 429 waited out, with the news and links to the site', async () => {
    received.length = 0;
    throttleOnce.add(`/discord/123/${SECRET}`);
    const { outcomes, log } = await run(dir);
    expect(outcomes.map((outcome) => [outcome.service, outcome.status])).toEqual([
      ['slack', 'posted'],
      ['discord', 'posted'],
      ['teams', 'posted'],
      ['mastodon', 'posted'],
    ]);
    expect(received.map((post) => post.path.split('/')[1])).toEqual(['slack', 'discord', 'teams', 'api']);
    const [slack, discord, teams, mastodon] = received;
    expect(String(slack!.body.text)).toMatch(/^\*Acme roadmap\*: Shipped: \d/);
    expect(String(slack!.body.text)).toContain(`<${TEST_SITE}/issues/`);
    expect(discord!.body.allowed_mentions).toEqual({ parse: [] });
    expect(JSON.stringify(teams!.body)).toContain('application/vnd.microsoft.card.adaptive');
    expect(mastodon!.path).toBe('/api/v1/statuses');
    expect(mastodon!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(mastodon!.headers['idempotency-key']).toBeTruthy();
    expect(mastodon!.body.visibility).toBe('unlisted');
    // The same events everywhere: one per line of the Slack post.
    expect(outcomes.every((outcome) => outcome.events === outcomes[0]!.events)).toBe(true);
    expect(outcomes[0]!.events).toBeGreaterThanOrEqual(3);
    expect(log).not.toContain(SECRET);
  });

  it('posts nothing on the next run: every event is in the ledger', async () => {
    received.length = 0;
    const { outcomes } = await run(dir);
    expect(received).toEqual([]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['nothing new', 'nothing new', 'nothing new', 'nothing new']);
  });
});

describe('a dry run', () => {
  it('prints what each service would be sent, posts nothing, and leaves the ledger as it was', async () => {
    const dir = stateDir();
    const ledgerBefore = readFileSync(join(dir, LEDGER_FILE), 'utf8');
    received.length = 0;
    const printed: string[] = [];
    const instant = { now: () => 0, sleep: async () => {} };
    await notify({
      stateDir: dir,
      config: { ...config(), title: 'Acme roadmap' },
      labels: EN,
      siteRoot: `${TEST_SITE}/`,
      env: env(),
      clock: instant,
      dryRun: true,
      print: (text) => printed.push(text),
      log: () => {},
    });
    expect(received).toEqual([]);
    expect(printed.map((text) => text.split(':')[0])).toEqual(['--- Slack', '--- Discord', '--- Microsoft Teams', '--- Mastodon']);
    expect(printed.join('\n')).not.toContain(SECRET);
    expect(readFileSync(join(dir, LEDGER_FILE), 'utf8')).toBe(ledgerBefore);
  });
});

describe('a service that does not answer, and one whose variable is unset', () => {
  const dir = stateDir();

  it('warns, naming the host alone, posts to the others, and keeps its news for the next run', async () => {
    received.length = 0;
    hanging.add(`/discord/123/${SECRET}`);
    const { TEST_TEAMS_WEBHOOK: _unset, ...withoutTeams } = env();
    const first = await run(dir, withoutTeams);
    expect(first.outcomes.map((outcome) => outcome.status)).toEqual(['posted', 'failed', 'skipped', 'posted']);
    expect(first.log).toMatch(/warning: Discord: not posted \(127\.0\.0\.1:\d+: no answer in time; gave up after \d+ tries\); the next run tries again/);
    expect(first.log).toContain('warning: Microsoft Teams: TEST_TEAMS_WEBHOOK is not set: skipped.');
    expect(first.log).not.toContain(SECRET);
    hanging.clear();
    received.length = 0;
    const second = await run(dir);
    expect(second.outcomes.map((outcome) => outcome.status)).toEqual(['nothing new', 'posted', 'posted', 'nothing new']);
    expect(received.map((post) => post.path.split('/')[1])).toEqual(['discord', 'teams']);
  });
});
