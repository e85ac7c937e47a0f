/**
 * The chat posts of `portal-roadmap notify`, built from hostile titles (test/support/hostile.ts plus the mentions
 * each service knows): no title becomes markup, a link or a mention, and each post stays within its service's
 * limit. And the ledger: each event posted once, a failed service keeps its events, a first run posts the last
 * rebuild's news only.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { EN } from '../../../src/i18n/labels.ts';
import { emptyLedger, LEDGER_FILE, readLedger, unposted, withPosted, writeLedger } from '../../../src/notify/ledger.ts';
import { newsOf, type NewsEvent } from '../../../src/notify/news.ts';
import { idempotencyKey } from '../../../src/notify/notify.ts';
import { discordPayload, mastodonStatus, slackPayload, teamsPayload } from '../../../src/notify/services.ts';
import { targetOf } from '../../../src/notify/targets.ts';
import { PAYLOADS } from '../../support/hostile.ts';

const MENTIONS = [
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '@everyone',
  '@here',
  '@channel',
  '<@U024BE7LH>',
  '<#C024BE7LH>',
  '<https://evil.example|click me>',
  '[click](https://evil.example)',
  '@admin@mastodon.social',
  '#hashtag',
];
const hostileTitles = [...PAYLOADS, ...MENTIONS, `Line one\nLine two\u2028three`];

const event = (index: number, title: string, kind: NewsEvent['kind'] = 'shipped', at = '2026-11-15T09:00:00.000Z'): NewsEvent => ({
  key: `issue:i${index}#event-moved-${at}`,
  kind,
  title,
  url: `https://roadmap.test/issues/i${index}/#event-moved-2026-11-15T09-00-00-000Z`,
  at,
});
const news = (events: NewsEvent[], siteRoot = 'https://roadmap.test/') => newsOf(events, { siteTitle: 'Acme <!channel> roadmap', siteRoot, labels: EN });
const hostile = news(hostileTitles.map((title, index) => event(index, title, index % 3 === 0 ? 'started' : 'shipped')));

describe('the summary', () => {
  it('counts each kind in the words of the feed', () => {
    expect(news([event(1, 'a'), event(2, 'b'), event(3, 'c', 'started'), event(4, 'd', 'new')]).summary).toBe('Shipped: 2 · In progress: 1 · New: 1');
  });
});

describe('Slack', () => {
  const { text } = slackPayload(hostile);

  it('escapes &, < and > as Slack says, so no title is a mention, a link or a channel', () => {
    // The only <…> in the text are the links made here: to the site.
    expect([...text.matchAll(/<([^>]*)>/g)].map((match) => match[1]!.split('|')[0]).filter((target) => !target!.startsWith('https://roadmap.test/'))).toEqual([]);
    expect(text).not.toMatch(/<!|<@|<#/);
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).not.toMatch(/@(everyone|here|channel)/);
  });

  it('stays within 3,000 characters, the rest a link to the changelog', () => {
    const many = slackPayload(news(Array.from({ length: 400 }, (_, index) => event(index, `Issue ${index} ${'x'.repeat(40)}`))));
    expect(many.text.length).toBeLessThanOrEqual(3000);
    expect(many.text).toMatch(/<https:\/\/roadmap\.test\/changelog\/\|\+\d+ …>$/);
  });
});

describe('Discord', () => {
  const payload = discordPayload(hostile);

  it('allows no mention at all, whatever the text says, and suppresses link previews', () => {
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(payload.flags).toBe(4);
    expect(payload.content).not.toMatch(/(^|[^\\])@(everyone|here)/);
  });

  it('escapes Markdown, so a title makes no link of its own', () => {
    const links = [...payload.content.matchAll(/(?<!\\)\]\(<([^>]+)>\)/g)].map((match) => match[1]);
    expect(links.every((link) => link!.startsWith('https://roadmap.test/'))).toBe(true);
    // A link per line of an event (as many as fit in 2,000 characters), and none from a title.
    expect(links).toHaveLength(payload.content.split('\n').filter((line) => line.startsWith('- [') || line.startsWith('[')).length);
    expect(links.length).toBeGreaterThan(5);
    expect(payload.content).not.toContain('](https://evil.example)');
  });

  it('stays within 2,000 characters', () => {
    expect(discordPayload(news(Array.from({ length: 200 }, (_, index) => event(index, `Issue ${index}`)))).content.length).toBeLessThanOrEqual(2000);
  });
});

describe('Microsoft Teams', () => {
  it('sends one Adaptive Card whose titles are plain TextRuns, each linked to its page alone', () => {
    const payload = teamsPayload(hostile);
    expect(payload.attachments).toHaveLength(1);
    expect(payload.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    const blocks = payload.attachments[0]!.content.body;
    // Only RichTextBlocks: no TextBlock, which would read Markdown.
    expect(blocks.map((block) => block.type)).toEqual(['RichTextBlock', 'RichTextBlock']);
    const runs = blocks.flatMap((block) => block.inlines as { text: string; selectAction?: { url: string } }[]);
    const linked = runs.filter((run) => run.selectAction);
    expect(linked).toHaveLength(hostileTitles.length);
    expect(linked.every((run) => run.selectAction!.url.startsWith('https://roadmap.test/'))).toBe(true);
    expect(linked.map((run) => run.text)).toContain('Shipped: [click](https://evil.example)');
    expect(JSON.stringify(payload)).not.toContain('msteams');
    expect(runs.some((run) => run.text.includes('{{'))).toBe(false);
  });
});

describe('Mastodon', () => {
  it('is plain text of at most 500 characters (a URL counts 23), with no mention or hashtag', () => {
    const { status, visibility } = mastodonStatus(hostile, 'unlisted');
    expect(visibility).toBe('unlisted');
    expect([...status.replace(/https?:\/\/\S+/g, 'x'.repeat(23))].length).toBeLessThanOrEqual(500);
    expect(status.replace(/https?:\/\/\S+/g, '')).not.toMatch(/[@#][\p{L}\p{N}_]/u);
    expect(status).toMatch(/https:\/\/roadmap\.test\/changelog\/$/);
  });
});

describe('the ledger', () => {
  const older = event(1, 'older', 'shipped', '2026-11-12T09:00:00.000Z');
  const latest = [event(2, 'a', 'shipped', '2026-11-15T09:00:00.000Z'), event(3, 'b', 'new', '2026-11-15T09:00:00.000Z')];
  const all = [...latest, older];
  const run = '2026-11-15T09:00:00.000Z';

  it("posts a first run's news only: the last rebuild's events, not the past", () => {
    expect(unposted(emptyLedger(), 'slack', all, run)).toEqual(latest);
  });

  it('posts each event once, across runs, and events recorded later', () => {
    const ledger = withPosted(emptyLedger(), 'slack', latest, run);
    expect(unposted(ledger, 'slack', all, run)).toEqual([]);
    const next = event(4, 'next', 'started', '2026-11-16T09:00:00.000Z');
    expect(unposted(ledger, 'slack', [next, ...all], '2026-11-16T09:00:00.000Z')).toEqual([next]);
    // An event of the same moment that was not posted yet (a later run that recorded at the same time).
    const sameMoment = event(5, 'same', 'new', run);
    expect(unposted(ledger, 'slack', [...all, sameMoment], run)).toEqual([sameMoment]);
  });

  it('keeps a service that failed where it was, and the others apart', () => {
    const ledger = withPosted(emptyLedger(), 'discord', latest, run);
    expect(unposted(ledger, 'slack', all, run)).toEqual(latest);
    expect(unposted(ledger, 'discord', all, run)).toEqual([]);
  });
});

/** The text a reader sees of each service's post: Slack's entities decoded, zero-width spaces and word joiners gone. */
const ZERO_WIDTH = /[\u200b\u2060]/g;
const postTexts = (value: ReturnType<typeof news>) => ({
  slack: slackPayload(value).text,
  discord: discordPayload(value).content,
  teams: JSON.stringify(teamsPayload(value)),
  mastodon: mastodonStatus(value, 'public').status,
});

describe('formatting characters in Slack', () => {
  it('are not sent as numeric entities, which Slack does not decode: "login_redirect" reads as itself', () => {
    const { text } = slackPayload(news([event(1, 'Fix login_redirect and *stars* ~tilde~ `code`')]));
    expect(text).not.toMatch(/&#\d+;/);
    expect(text.replace(ZERO_WIDTH, '')).toContain('Fix login_redirect and *stars* ~tilde~ `code`');
  });

  it('cannot open or close bold, italics, strikethrough or code: a zero-width space on either side of each', () => {
    const { text } = slackPayload(news([event(1, '*bold* _italic_ ~strike~ `code`')]));
    const line = text.split('\n')[1]!;
    expect(line.match(/[*_~`]/g)).toHaveLength(8);
    expect(line.match(/\u200b[*_~`]\u200b/g)).toHaveLength(8);
  });
});

describe('bidirectional controls', () => {
  it('reach no post: a title cannot reverse the text after it', () => {
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    const texts = postTexts(news([event(1, `Fix ${controls}gnissecorp`), event(2, 'next')]));
    for (const [service, text] of Object.entries(texts)) expect([service, /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/.test(text)]).toEqual([service, false]);
    expect(texts.slack.replace(ZERO_WIDTH, '')).toContain('Fix gnissecorp');
  });
});

describe('long titles', () => {
  const fifty = (length: number) => Array.from({ length: 50 }, (_, index) => event(index, `Issue ${index} ${'x'.repeat(length)}`));
  /** Events a post names: each has a link to its own page. */
  const named = (text: string) => new Set([...text.matchAll(/roadmap\.test\/issues\/(i\d+)\//g)].map((match) => match[1])).size;
  /** The count in "+N …". */
  const rest = (text: string) => Number(/\+(\d+) …/.exec(text)?.[1] ?? 0);

  it('a megabyte title is shortened on its own, and the others are still named', () => {
    const events = [event(0, `Huge ${'y'.repeat(1_000_000)}`), ...fifty(10).slice(1)];
    const texts = postTexts(news(events));
    for (const [service, text] of Object.entries(texts)) {
      expect([service, named(text) >= 3]).toEqual([service, true]);
      expect([service, named(text) + rest(text)]).toEqual([service, 50]);
      expect([service, text.includes('y'.repeat(1_000))]).toEqual([service, false]);
    }
  });

  it('keep a Teams card far below its 28 KB, the card itself counted, as many lines as fit, the rest counted', () => {
    // Titles of three bytes a character (UTF-8), under a site title of the same: 50 lines would be well over the
    // 20,000-byte cap, so it is reached, and the card's own JSON (its head, schema and "+N" line) is more than a line's.
    const wide = (length: number) => '漢'.repeat(length);
    const events = Array.from({ length: 50 }, (_, index) => event(index, `Issue ${index} ${wide(2_000)}`));
    const value = newsOf(events, { siteTitle: wide(2_000), siteRoot: 'https://roadmap.test/', labels: EN });
    const json = JSON.stringify(teamsPayload(value));
    const size = Buffer.byteLength(json);
    expect(size).toBeLessThanOrEqual(20_000);
    expect(named(json) + rest(json)).toBe(50);
    expect(rest(json)).toBeGreaterThan(0);
    // Full: one more line (the JSON of a line's two runs, as the card lists them) would not have fitted.
    const line = Buffer.byteLength(JSON.stringify(JSON.parse(json).attachments[0].content.body[1].inlines.slice(-2)));
    expect(size + line).toBeGreaterThan(20_000);
  });

  it('are cut at a character boundary: no emoji is split', () => {
    const { text } = slackPayload(news([event(1, '👩‍👩‍👧‍👦'.repeat(400))]));
    const line = text.split('\n')[1]!;
    expect(line).toMatch(/(👩‍👩‍👧‍👦)+…>$/u);
  });
});

describe("Mastodon's length", () => {
  /** Mastodon's rule, written from its documentation: a URL with a real top-level domain counts 23, any other its length. */
  const counted = (status: string) => [...status.replace(/https?:\/\/\S+/g, (url) => (/\.(com|social)\//.test(url) ? 'x'.repeat(23) : url))].length;
  const many = Array.from({ length: 30 }, (_, index) => event(index, `Issue ${index}`));

  it('counts a URL without a known top-level domain character by character', () => {
    const { status } = mastodonStatus(news(many, 'http://localhost:8080/a-long-base-path/of-the-roadmap/'), 'public');
    expect(counted(status)).toBeLessThanOrEqual(500);
    expect(status).toContain('http://localhost:8080/a-long-base-path/of-the-roadmap/changelog/');
  });

  it('counts a URL with one as 23', () => {
    const { status } = mastodonStatus(news(many, 'https://roadmap.example.com/a-long-base-path/of-the-roadmap/'), 'public');
    expect(counted(status)).toBeLessThanOrEqual(500);
    // Counted as 23, the site's links leave room for more lines than counted in full.
    expect(status.split('\n').length).toBeGreaterThan(mastodonStatus(news(many, 'http://localhost:8080/a-long-base-path/of-the-roadmap/'), 'public').status.split('\n').length);
  });

  it('makes no link of a URL in a title', () => {
    const { status } = mastodonStatus(news([event(1, 'See https://evil.example.com/x and http://a.co')]), 'public');
    expect(status).not.toMatch(/https?:\/\/(evil|a\.co)/);
  });
});

describe('the idempotency key', () => {
  it('is ASCII whatever the ids hold', () => {
    expect(idempotencyKey('mastodon', [{ key: 'issue:Ω-漢字-🙂#event-new' }])).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for two events whose ids share their first 200 characters', () => {
    const id = 'i'.repeat(194);
    expect(idempotencyKey('mastodon', [{ key: `issue:${id}#event-moved-started` }])).not.toBe(idempotencyKey('mastodon', [{ key: `issue:${id}#event-moved-shipped` }]));
  });
});

describe('a ledger of a rebuild with 10,001 events', () => {
  it('is written in a shape the next run reads, and posts none of them again', async () => {
    const run = '2026-11-15T09:00:00.000Z';
    const events = Array.from({ length: 10_001 }, (_, index) => event(index, `Issue ${index}`, 'new', run));
    const ledger = withPosted(emptyLedger(), 'slack', events, run, 'delivered');
    const dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    await writeLedger(dir, ledger);
    expect(readFileSync(join(dir, LEDGER_FILE), 'utf8').length).toBeLessThan(1_000);
    const read = await readLedger(dir);
    expect(read.problem).toBeUndefined();
    expect(unposted(read.ledger!, 'slack', events, run)).toEqual([]);
  });
});

describe('the URL each service posts to', () => {
  const settings = { slack: { webhookEnv: 'HOOK' }, mastodon: { instance: 'http://evil.example', tokenEnv: 'TOKEN', visibility: 'public' as const } };
  const target = (value: string) => targetOf('slack', settings, { HOOK: value });

  it('is refused, and never repeated, unless it is https or plain http on this machine', () => {
    expect(target('http://hooks.slack.example/services/SECRET1')).toBe('HOOK holds a URL that is not https: skipped. Set it to the https webhook URL.');
    expect(target('hooks.slack.example/services/SECRET1')).toBe('HOOK does not hold a URL: skipped. Set it to the webhook URL.');
    expect(target('https://hooks.slack.example/services/SECRET1')).toEqual({ url: 'https://hooks.slack.example/services/SECRET1' });
    expect(target('http://127.0.0.1:8080/hook')).toEqual({ url: 'http://127.0.0.1:8080/hook' });
    expect(target('http://localhost/hook')).toEqual({ url: 'http://localhost/hook' });
  });

  it('is refused when it names a user, for every service', () => {
    expect(target('http://localhost:80@evil.example/SECRET1')).toBe('HOOK holds a URL that names a user ("…@" before the host): skipped. Set it to the https webhook URL.');
    expect(target('https://user:SECRET1@hooks.slack.example/')).toMatch(/names a user/);
    // The config keeps a Mastodon server's origin: "http://localhost:80@evil.example" arrives as http://evil.example.
    expect(targetOf('mastodon', settings, { TOKEN: 'SECRET1' })).toMatch(/^notify\.mastodon\.instance is not https: skipped/);
  });
});

describe('the config of notify', () => {
  const error = (notify: unknown) => {
    try {
      parseRoadmapConfig({ notify });
    } catch (caught) {
      return (caught as Error).message;
    }
    throw new Error('no error');
  };
  const SPELLINGS = [
    'https://hooks.slack.com/services/T0/B0/SECRETx1',
    'HTTPS://hooks.slack.com/services/T0/B0/SECRETx1',
    ' https://hooks.slack.com/services/T0/B0/SECRETx1',
    '\nhttps://discord.com/api/webhooks/1/SECRETx1',
    'hooks.slack.com/services/T0/B0/SECRETx1',
    'xoxb-123-SECRETx1',
    'SECRETx1.abc',
    'SECRETx1',
  ];

  it('refuses a URL or token where a variable name belongs, without repeating it, whatever its spelling', () => {
    for (const value of SPELLINGS) {
      const message = error({ slack: { webhookEnv: value }, mastodon: { instance: 'https://mastodon.social', tokenEnv: value } });
      expect([value, message.includes('SECRETx1')]).toEqual([value, false]);
      expect(message).toMatch(/notify\.slack\.webhookEnv: (this looks like the URL or token itself|name the environment variable)/);
      expect(message).toMatch(/notify\.mastodon\.tokenEnv: /);
    }
  });

  it('repeats no value that may be a secret, whichever option it was given to', () => {
    expect(error({ teams: { webhookEnv: 'SLACK_URL' }, discord: 'https://discord.com/api/webhooks/1/SECRETx1' })).not.toContain('SECRETx1');
    expect(() => parseRoadmapConfig({ theme: { accent: 'https://user:SECRETx1@example.com/' } })).toThrow(/theme\.accent: use a hex colour, e\.g\. "#1d4ed8"$/m);
  });

  it('refuses a Mastodon server that names a user, or plain http elsewhere than on this machine', () => {
    for (const instance of ['http://localhost:80@evil.example', 'https://user:SECRETx1@mastodon.social', 'http://mastodon.social']) {
      const message = error({ mastodon: { instance, tokenEnv: 'MASTODON_TOKEN' } });
      expect(message).toContain('notify.mastodon.instance: use the https address of the Mastodon server, with no user in it');
      expect(message).not.toMatch(/evil|SECRETx1/);
    }
    expect(parseRoadmapConfig({ notify: { mastodon: { instance: 'http://127.0.0.1:8080', tokenEnv: 'T' } } }).notify.mastodon?.instance).toBe('http://127.0.0.1:8080');
  });
});
