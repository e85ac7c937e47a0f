/**
 * The chat posts of `portal-roadmap notify`, built from hostile titles (test/support/hostile.ts plus the mentions
 * each service knows): no title becomes markup, a link or a mention, and each post stays within its service's
 * limit. And the ledger: each event posted once, a failed service keeps its events, a first run posts the last
 * rebuild's news only.
 */
import { describe, expect, it } from 'vitest';
import { EN } from '../../src/i18n/labels.ts';
import { emptyLedger, unposted, withPosted } from '../../src/notify/ledger.ts';
import { newsOf, type NewsEvent } from '../../src/notify/news.ts';
import { discordPayload, mastodonStatus, slackPayload, teamsPayload } from '../../src/notify/services.ts';
import { PAYLOADS } from '../support/hostile.ts';

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
const news = (events: NewsEvent[]) => newsOf(events, { siteTitle: 'Acme <!channel> roadmap', siteRoot: 'https://roadmap.test/', labels: EN });
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
