/**
 * `portal-roadmap notify` against local servers that stand for Slack, Discord, Microsoft Teams and Mastodon and
 * record what they receive, on the state of the `history` fixture's last rebuild (a move, a ship, a new issue and
 * a completed project among its runs). One post per service and run; nothing twice across runs; a 429 waited out;
 * a service that does not answer warned about and posted by the next run; no secret in the log.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { notify } from '../../src/notify/notify.ts';
import { LEDGER_FILE } from '../../src/notify/ledger.ts';
import { PUBLISHED_NOTES_FILE } from '../../src/history/published-notes.ts';
import { FINGERPRINT_FILE } from '../../src/fingerprint/fingerprint.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { EN } from '../../src/i18n/labels.ts';
import { RUN_DATES } from '../support/history-sequence.ts';
import { TEST_SITE } from '../support/fixtures.ts';
import { startReceiver, type Receiver } from '../support/fake-receiver.ts';
import { PROJECT_ROOT } from '../support/build-site.ts';

/** Secrets in every URL and token: none may reach the log. */
const SECRET = 'SECRET-7d41c9';
let receiver: Receiver;
let origin = '';
let received: Receiver['received'];

beforeAll(async () => {
  receiver = await startReceiver();
  origin = receiver.origin;
  received = receiver.received;
});
afterAll(() => receiver.close());

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

const instant = { now: () => 0, sleep: async () => {} };

/** Records in `dir` what the rebuild records of release notes (src/history/published-notes.ts): `title`, new in its last run, and a note from before the record. */
function recordNotes(dir: string, title: string): void {
  const lastRun = (JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8')) as { recordedAt: string }).recordedAt;
  writeFileSync(
    join(dir, PUBLISHED_NOTES_FILE),
    JSON.stringify({
      format: 'portal-roadmap.published-notes',
      version: 1,
      notes: [
        { slug: 'invoices-in-one-tap', title, date: '2026-11-20', tags: ['new', 'improved'], since: lastRun },
        { slug: 'older-note', title: 'Older note', date: '2026-01-01', tags: [], since: RUN_DATES[0], before: true },
      ],
    }),
  );
}

async function run(dir: string, environment: Record<string, string> = env(), clock = instant) {
  const said: string[] = [];
  const warned: string[] = [];
  const outcomes = await notify({
    stateDir: dir,
    config: { ...config(), title: 'Acme roadmap' },
    labels: EN,
    siteRoot: `${TEST_SITE}/`,
    env: environment,
    clock,
    limits: { timeoutMs: 300, deadlineMs: 10_000 },
    say: (line) => said.push(line),
    warn: (line) => warned.push(line),
  });
  return { outcomes, said, warned, log: [...said, ...warned].join('\n') };
}

describe('portal-roadmap notify', () => {
  const dir = stateDir();

  it('posts once to each service, a 429 waited out, with the news and links to the site', async () => {
    receiver.reset();
    receiver.behave(`/discord/123/${SECRET}`, 'throttle', 1);
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
    // Its Idempotency-Key: below, "Mastodon's Idempotency-Key".
    expect(mastodon!.headers['idempotency-key']).toBeTruthy();
    expect(mastodon!.body.visibility).toBe('unlisted');
    // The same events everywhere: one per line of the Slack post.
    expect(outcomes.every((outcome) => outcome.events === outcomes[0]!.events)).toBe(true);
    expect(outcomes[0]!.events).toBeGreaterThanOrEqual(3);
    expect(log).not.toContain(SECRET);
  });

  it('posts nothing on the next run: every event is in the ledger', async () => {
    receiver.reset();
    const { outcomes } = await run(dir);
    expect(received).toEqual([]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['nothing new', 'nothing new', 'nothing new', 'nothing new']);
  });
});

describe("Mastodon's Idempotency-Key", () => {
  /** The Mastodon post of a run on `dir`: its text and its key. */
  async function mastodonPost(dir: string) {
    receiver.reset();
    await run(dir);
    const post = received.find((candidate) => candidate.path === '/api/v1/statuses')!;
    return { status: String(post.body.status), key: post.headers['idempotency-key'] };
  }

  it('is the same for the same post, and differs between two posts, so Mastodon drops only a repeat', async () => {
    // The same news on two copies of the state: one post, sent twice (as when a run's answer was lost).
    const post = await mastodonPost(stateDir());
    const again = await mastodonPost(stateDir());
    expect(again.status).toBe(post.status);
    expect(again.key).toBe(post.key);
    // Another post: the same news and a release note the last rebuild published.
    const withNote = stateDir();
    recordNotes(withNote, 'Invoices in one tap');
    const later = await mastodonPost(withNote);
    expect(later.status).not.toBe(post.status);
    expect(later.key).not.toBe(post.key);
    // A header value Mastodon takes whatever the ids hold: ASCII, of one length.
    for (const key of [post.key, later.key]) expect(key).toMatch(/^[\x21-\x7e]{16,}$/);
  });
});

describe('release notes', () => {
  it('posts a note the last rebuild published first, once across two runs, and never one the site had when the record began', async () => {
    const dir = stateDir();
    recordNotes(dir, 'Invoices <!channel> in one tap @everyone');
    receiver.reset();
    const first = await run(dir);
    expect(first.outcomes.map((outcome) => outcome.status)).toEqual(['posted', 'posted', 'posted', 'posted']);
    const [slack, discord, teams, mastodon] = received;
    const page = `${TEST_SITE}/releases/invoices-in-one-tap/`;
    expect(String(slack!.body.text)).toContain(`• <${page}|Release note: Invoices &lt;!channel&gt; in one tap @\u2060everyone · New, Improved>`);
    expect(String(discord!.body.content)).toContain(`(<${page}>)`);
    expect(JSON.stringify(teams!.body)).toContain(page);
    expect(String(mastodon!.body.status)).toContain(page);
    for (const post of received) expect(JSON.stringify(post.body)).not.toContain('older-note');

    receiver.reset();
    const second = await run(dir);
    expect(second.outcomes.map((outcome) => outcome.status)).toEqual(['nothing new', 'nothing new', 'nothing new', 'nothing new']);
    expect(received).toEqual([]);
  });
});

describe('a dry run', () => {
  it('prints what each service would be sent, posts nothing, and leaves the ledger as it was', async () => {
    const dir = stateDir();
    const ledgerBefore = readFileSync(join(dir, LEDGER_FILE), 'utf8');
    receiver.reset();
    const printed: string[] = [];
    await notify({
      stateDir: dir,
      config: { ...config(), title: 'Acme roadmap' },
      labels: EN,
      siteRoot: `${TEST_SITE}/`,
      env: env(),
      clock: instant,
      dryRun: true,
      print: (text) => printed.push(text),
      say: () => {},
      warn: () => {},
    });
    expect(received).toEqual([]);
    expect(printed.map((text) => text.split(':')[0])).toEqual(['--- Slack', '--- Discord', '--- Microsoft Teams', '--- Mastodon']);
    expect(printed.join('\n')).not.toContain(SECRET);
    expect(readFileSync(join(dir, LEDGER_FILE), 'utf8')).toBe(ledgerBefore);
  });
});

const ledgerOf = (dir: string) => JSON.parse(readFileSync(join(dir, LEDGER_FILE), 'utf8')) as { services: Record<string, { lastPost?: string }> };

describe('services that refuse, hang, answer late, or have no variable', () => {
  const dir = stateDir();

  it('posts each event once: a refusal is tried again next run, a post with no answer is "maybe delivered" and not sent again', async () => {
    receiver.reset();
    receiver.behave(`/slack/T000/B000/${SECRET}`, 'refuse', 1);
    receiver.behave(`/discord/123/${SECRET}`, 'hang');
    receiver.behave('/api/v1/statuses', 'slow', 1);
    const { TEST_TEAMS_WEBHOOK: _unset, ...withoutTeams } = env();
    const start = performance.now();
    const first = await run(dir, withoutTeams);
    // Each try ends at its 300 ms: the hanging Discord once, the late Mastodon once before its retry.
    expect(performance.now() - start).toBeLessThan(3_000);
    expect(first.outcomes.map((outcome) => outcome.status)).toEqual(['failed', 'maybe delivered', 'skipped', 'posted']);
    expect(first.warned.join('\n')).toMatch(/^warning: Slack: not posted \(127\.0\.0\.1:\d+ answered 403\); the next run tries again$/m);
    expect(first.warned.join('\n')).toMatch(
      /^warning: Discord: sent, but no answer came \(127\.0\.0\.1:\d+: no answer in time; not sent again, as it may have arrived\); recorded as maybe delivered$/m,
    );
    expect(first.warned).toContain('warning: Microsoft Teams: TEST_TEAMS_WEBHOOK is not set: skipped. Set it to the webhook URL (a CI secret).');
    expect(first.log).not.toContain(SECRET);
    // Slack and Discord were sent the post once; Mastodon twice, with one idempotency key, which Mastodon takes once.
    expect(receiver.requests.map((path) => path.split('/')[1])).toEqual(['slack', 'discord', 'api', 'api']);
    const keys = received.filter((post) => post.path === '/api/v1/statuses').map((post) => post.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(ledgerOf(dir).services.discord!.lastPost).toBe('maybe delivered');

    receiver.reset();
    const second = await run(dir);
    expect(second.outcomes.map((outcome) => outcome.status)).toEqual(['posted', 'nothing new', 'posted', 'nothing new']);
    expect(received.map((post) => post.path.split('/')[1])).toEqual(['slack', 'teams']);

    receiver.reset();
    const third = await run(dir);
    expect(third.outcomes.map((outcome) => outcome.status)).toEqual(['nothing new', 'nothing new', 'nothing new', 'nothing new']);
    expect(received).toEqual([]);
  });
});

describe("the run's deadline", () => {
  it('ends the run in time: a service rate-limited with "Retry-After: 0" takes its tries, the rest wait for the next run', async () => {
    const dir = stateDir();
    receiver.reset();
    receiver.behave(`/slack/T000/B000/${SECRET}`, 'throttle');
    let now = 0;
    const waits: number[] = [];
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        waits.push(ms);
        now += ms;
      },
    };
    const outcomes = await notify({
      stateDir: dir,
      config: { ...config(), title: 'Acme roadmap' },
      labels: EN,
      siteRoot: `${TEST_SITE}/`,
      env: env(),
      clock,
      limits: { timeoutMs: 300, runDeadlineMs: 7_500 },
      say: () => {},
      warn: () => {},
    });
    // 1 s, 2 s and 4 s; the next wait, 8 s, would pass the run's 7.5 s.
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(receiver.requests).toHaveLength(4);
    expect(outcomes.map((outcome) => [outcome.status, outcome.detail ?? ''])).toEqual([
      ['failed', expect.stringMatching(/answered 429; gave up after 4 tries$/)],
      ['failed', "the run's deadline passed"],
      ['failed', "the run's deadline passed"],
      ['failed', "the run's deadline passed"],
    ]);
    // The state the next run reads: every service still has its news.
    receiver.reset();
    const next = await run(dir);
    expect(next.outcomes.map((outcome) => outcome.status)).toEqual(['posted', 'posted', 'posted', 'posted']);
  });
});

describe('what notify says on stdout', () => {
  it('names the services of the config, and what happened to each, "nothing new to post" included', async () => {
    const dir = stateDir();
    receiver.reset();
    const first = await run(dir);
    expect(first.said).toEqual([
      'Services in the config: Slack, Discord, Microsoft Teams, Mastodon.',
      expect.stringMatching(/^Slack: posted \d+ events$/),
      expect.stringMatching(/^Discord: posted \d+ events$/),
      expect.stringMatching(/^Microsoft Teams: posted \d+ events$/),
      expect.stringMatching(/^Mastodon: posted \d+ events$/),
    ]);
    expect(first.warned).toEqual([]);
    const second = await run(dir);
    expect(second.said.slice(1)).toEqual(['Slack: nothing new to post', 'Discord: nothing new to post', 'Microsoft Teams: nothing new to post', 'Mastodon: nothing new to post']);
  });
});

describe('a ledger that cannot be read', () => {
  it("is one warning and a new ledger that posts nothing already posted: the next rebuild's news only", async () => {
    const dir = stateDir();
    writeFileSync(join(dir, LEDGER_FILE), '{"format": "portal-roadmap.notified", "version": 1, "services": {"slack": ');
    receiver.reset();
    const { outcomes, warned } = await run(dir);
    expect(warned).toEqual([expect.stringMatching(/^warning: .*notified\.json is not JSON: a new ledger starts, .*nothing is posted twice/)]);
    expect(warned[0]).not.toContain('\n');
    expect(received).toEqual([]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['nothing new', 'nothing new', 'nothing new', 'nothing new']);
    // Written anew, and read by the next run without a warning.
    expect((await run(dir)).warned).toEqual([]);
  });
});

describe('the command `portal-roadmap notify`', () => {
  /** The command as a user runs it, in a project whose config names three services; the receiver answers meanwhile. */
  function start(dir: string, args: string[], environment: Record<string, string>) {
    writeFileSync(
      join(dir, 'roadmap.config.json'),
      JSON.stringify({
        title: 'Acme roadmap',
        notify: { slack: { webhookEnv: 'TEST_SLACK_WEBHOOK' }, discord: { webhookEnv: 'TEST_DISCORD_WEBHOOK' }, teams: { webhookEnv: 'TEST_TEAMS_WEBHOOK' } },
      }),
    );
    const child = spawn(process.execPath, [join(PROJECT_ROOT, 'bin/portal-roadmap.mjs'), 'notify', '--state', join(dir, 'state'), ...args], {
      cwd: dir,
      env: { PATH: process.env.PATH, NO_COLOR: '1', ...environment },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const done = new Promise<number | null>((resolve) => child.on('close', resolve)).then((code) => ({ code, stdout, stderr }));
    return { child, done };
  }
  const command = (dir: string, args: string[], environment: Record<string, string>) => start(dir, args, environment).done;
  /** The variables the history fixture's rebuilds had (test/support/history-sequence.ts): its state records no address, as an older version's. */
  const PUBLISHED_AS = { ROADMAP_SITE: TEST_SITE, PORTAL_API_URL: 'https://portal.test/api/v1', PORTAL_WORKSPACE_ID: 'ws-history' };
  const project = () => {
    const dir = mkdtempSync(join(tmpdir(), 'notify-command-'));
    cpSync(stateDir(), join(dir, 'state'), { recursive: true });
    return dir;
  };

  it('posts, says what it did on stdout, refuses a webhook that is not https or not a URL without repeating it, exit 0', async () => {
    const dir = project();
    receiver.reset();
    const { code, stdout, stderr } = await command(dir, [], {
      ...PUBLISHED_AS,
      TEST_SLACK_WEBHOOK: `${origin}/slack/T000/B000/${SECRET}`,
      TEST_DISCORD_WEBHOOK: `http://discord.example/api/webhooks/${SECRET}`,
      TEST_TEAMS_WEBHOOK: `hooks.teams.example/${SECRET}`,
    });
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      'Services in the config: Slack, Discord, Microsoft Teams.',
      expect.stringMatching(/^Slack: posted \d+ events$/),
      'Discord: skipped (see the warning)',
      'Microsoft Teams: skipped (see the warning)',
    ]);
    expect(stderr).toContain('warning: Discord: TEST_DISCORD_WEBHOOK holds a URL that is not https: skipped. Set it to the https webhook URL.\n');
    expect(stderr).toContain('warning: Microsoft Teams: TEST_TEAMS_WEBHOOK does not hold a URL: skipped. Set it to the webhook URL.\n');
    expect(stdout + stderr).not.toContain(SECRET);
    expect(received.map((post) => post.path)).toEqual([`/slack/T000/B000/${SECRET}`]);

    const again = await command(dir, [], { ...PUBLISHED_AS, TEST_SLACK_WEBHOOK: `${origin}/slack/T000/B000/${SECRET}` });
    expect(again.stdout).toContain('Slack: nothing new to post\n');
  });

  it('links to the address the state was published at, with only the webhook variable set, and warns of no demo', async () => {
    const dir = project();
    // What a rebuild of this version records beside its fingerprint: the address it published at.
    const fingerprintFile = join(dir, 'state', FINGERPRINT_FILE);
    writeFileSync(fingerprintFile, JSON.stringify({ ...JSON.parse(readFileSync(fingerprintFile, 'utf8')), siteRoot: 'https://roadmap.acme.test/' }));
    receiver.reset();
    const { code, stdout, stderr } = await command(dir, [], { TEST_SLACK_WEBHOOK: `${origin}/slack/T000/B000/${SECRET}` });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Slack: posted \d+ events$/m);
    // Discord and Teams have no variable here: their warnings only. None about the demo, which notify does not build.
    expect(stderr).not.toMatch(/DEMO|this build|example\.com/);
    const links = JSON.stringify(received.map((post) => post.body)).match(/https?:\/\/[a-z0-9.-]+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set(['https://roadmap.acme.test']));
  });

  it('refuses, posting nothing, when the state records no address and the settings are the demo: one error naming the variables', async () => {
    const dir = project();
    const ledgerBefore = readFileSync(join(dir, 'state', LEDGER_FILE), 'utf8');
    receiver.reset();
    const { code, stdout, stderr } = await command(dir, [], { TEST_SLACK_WEBHOOK: `${origin}/slack/T000/B000/${SECRET}` });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: .*Nothing was posted\. Set PORTAL_API_URL, PORTAL_WORKSPACE_ID and ROADMAP_SITE as the rebuild has them/);
    expect(stderr).not.toContain('this build');
    expect(stdout).toBe('');
    expect(receiver.requests).toEqual([]);
    expect(readFileSync(join(dir, 'state', LEDGER_FILE), 'utf8')).toBe(ledgerBefore);
  });

  it('prints with --dry-run what each service would be sent, and posts nothing', async () => {
    const dir = project();
    const ledgerBefore = readFileSync(join(dir, 'state', LEDGER_FILE), 'utf8');
    receiver.reset();
    const { code, stdout } = await command(dir, ['--dry-run'], { ...PUBLISHED_AS, TEST_SLACK_WEBHOOK: `${origin}/slack/T000/B000/${SECRET}` });
    expect(code).toBe(0);
    const posted = JSON.parse(stdout.slice(stdout.indexOf('{'), stdout.indexOf('\n}\n') + 2)) as { text: string };
    expect(posted.text).toMatch(/^\*Acme roadmap\*: Shipped: \d/);
    expect(stdout).toMatch(/^Slack: \d+ events to post \(dry run: not posted\)$/m);
    expect(receiver.requests).toEqual([]);
    expect(readFileSync(join(dir, 'state', LEDGER_FILE), 'utf8')).toBe(ledgerBefore);
  });

  it('posts nothing twice after a run killed while it posted: the next run warns, and counts the post as maybe delivered', async () => {
    const dir = project();
    receiver.reset();
    const slack = `/slack/T000/B000/${SECRET}`;
    const environment = { ...PUBLISHED_AS, TEST_SLACK_WEBHOOK: `${origin}${slack}` };
    // The post reaches Slack, which keeps it and has not answered when the run is killed (a CI job cancelled, say).
    receiver.behave(slack, 'hang', 1);
    const killed = start(dir, [], environment);
    await vi.waitFor(() => expect(receiver.requests).toEqual([slack]), { timeout: 60_000, interval: 20 });
    killed.child.kill('SIGKILL');
    expect((await killed.done).code).toBeNull();

    const next = await command(dir, [], environment);
    expect(next.code).toBe(0);
    expect(next.stderr).toContain('warning: Slack: the last run stopped while it posted; what it sent counts as maybe delivered, and is not sent again\n');
    expect(next.stdout).toContain('Slack: nothing new to post\n');
    expect(receiver.requests).toEqual([slack]);
    // Warned once: the run after says nothing of it.
    expect((await command(dir, [], environment)).stderr).not.toContain('stopped while it posted');
  });
});
