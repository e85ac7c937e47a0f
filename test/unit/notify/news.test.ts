/**
 * Release notes in the chat posts of `portal-roadmap notify`: the rebuild's record of when each note was first
 * published (src/history/published-notes.ts), a note as news (src/notify/news.ts) and as a line of each service
 * (src/notify/services.ts), and the ledger that posts it once. Expected values are written out here.
 */
import { describe, expect, it } from 'vitest';
import { EN } from '../../../src/i18n/labels.ts';
import { recordPublishedNotes, type BuildNote } from '../../../src/history/published-notes.ts';
import { emptyLedger, unposted, withPosted } from '../../../src/notify/ledger.ts';
import { newestFirst, newsOf, noteEvents, type NewsEvent } from '../../../src/notify/news.ts';
import { discordPayload, mastodonStatus, slackPayload, teamsPayload } from '../../../src/notify/services.ts';

const RUN_1 = '2026-11-20T06:00:00.000Z';
const RUN_2 = '2026-11-21T06:00:00.000Z';
const RUN_3 = '2026-11-22T06:00:00.000Z';
const note = (slug: string, title = `Note ${slug}`, tags: string[] = []): BuildNote => ({ slug, title, date: '2026-11-01', tags });
const root = 'https://roadmap.test/base/';

describe("the rebuild's record of release notes", () => {
  it('counts the notes a site had when the record began as not news, and a note published later as news of its run', () => {
    const first = recordPublishedNotes(undefined, [note('a'), note('b')], RUN_1);
    expect(first.notes).toEqual([
      { ...note('a'), since: RUN_1, before: true },
      { ...note('b'), since: RUN_1, before: true },
    ]);
    const second = recordPublishedNotes(first, [note('a', 'A, retitled'), note('b'), note('c')], RUN_2);
    expect(second.notes).toEqual([
      { ...note('a', 'A, retitled'), since: RUN_1, before: true },
      { ...note('b'), since: RUN_1, before: true },
      { ...note('c'), since: RUN_2 },
    ]);
    // A note kept keeps its first moment; one taken down leaves the record.
    expect(recordPublishedNotes(second, [note('c', 'C, retitled')], RUN_3).notes).toEqual([{ ...note('c', 'C, retitled'), since: RUN_2 }]);
  });

  it('starts empty for a site with no notes, so its first note is news', () => {
    const empty = recordPublishedNotes(undefined, [], RUN_1);
    expect(recordPublishedNotes(empty, [note('a')], RUN_2).notes).toEqual([{ ...note('a'), since: RUN_2 }]);
  });
});

describe('a release note as news', () => {
  const record = recordPublishedNotes(
    recordPublishedNotes(undefined, [note('old')], RUN_1),
    [note('old'), note('invoices', 'Invoices in one tap', ['new', 'improved', 'security'])],
    RUN_2,
  );

  it('is an event at the run that first published it, linking its page, its tags in the words of the site; a note of before is none', () => {
    expect(noteEvents(record, EN, root)).toEqual([
      { key: 'note:invoices', kind: 'note', title: 'Invoices in one tap', tags: ['New', 'Improved', 'Security'], url: 'https://roadmap.test/base/releases/invoices/', at: RUN_2 },
    ]);
  });

  it("is posted once: by the next run, not by the one after, and on a service's first run only when the last rebuild published it", () => {
    const issue: NewsEvent = { key: 'issue:i1#x', kind: 'shipped', title: 'Dark mode', url: `${root}issues/i1/#x`, at: RUN_1 };
    const events = newestFirst([issue], noteEvents(record, EN, root));
    expect(events.map((event) => event.key)).toEqual(['note:invoices', 'issue:i1#x']);
    const ledger = withPosted(emptyLedger(), 'slack', [issue], RUN_1);
    const first = unposted(ledger, 'slack', events, RUN_2);
    expect(first.map((event) => event.key)).toEqual(['note:invoices']);
    expect(unposted(withPosted(ledger, 'slack', first, RUN_2), 'slack', events, RUN_2)).toEqual([]);
    // A service new to the site posts the last rebuild's news: this note.
    expect(unposted(emptyLedger(), 'discord', events, RUN_2).map((event) => event.key)).toEqual(['note:invoices']);
    // A rebuild later, a first run posts nothing of it.
    expect(unposted(emptyLedger(), 'discord', events, RUN_3)).toEqual([]);
  });

  it("posts a tag with the team's label for it (releaseNotes.tags with labels), as the site shows it", () => {
    expect(noteEvents(record, EN, root, { security: 'Security fix' })[0]?.tags).toEqual(['New', 'Improved', 'Security fix']);
  });

  it('is a line of every service with its tags after its title, and counted in the summary', () => {
    const news = newsOf(noteEvents(record, EN, root), { siteTitle: 'Acme', siteRoot: root, labels: EN });
    expect(news.summary).toBe('Release note: 1');
    expect(slackPayload(news).text).toBe(`*Acme*: Release note: 1\n• <${root}releases/invoices/|Release note: Invoices in one tap · New, Improved, Security>`);
    expect(discordPayload(news).content).toContain(`- [Release note: Invoices in one tap · New, Improved, Security](<${root}releases/invoices/>)`);
    expect(JSON.stringify(teamsPayload(news))).toContain('"text":"Release note: Invoices in one tap · New, Improved, Security"');
    expect(mastodonStatus(news, 'unlisted').status).toBe(`Acme: Release note: 1\nRelease note: Invoices in one tap · New, Improved, Security ${root}releases/invoices/`);
  });

  it('keeps a hostile title and tags harmless, and a megabyte title shortened with its tags still shown', () => {
    const hostile = recordPublishedNotes(
      recordPublishedNotes(undefined, [], RUN_1),
      [note('x', '<!channel> *bold* @everyone [x](https://evil.example) \u202Eevil\nline', ['<@U1>', '#tag'])],
      RUN_2,
    );
    const news = newsOf(noteEvents(hostile, EN, root), { siteTitle: 'Acme', siteRoot: root, labels: EN });
    const slack = slackPayload(news).text;
    expect(slack).toContain('&lt;!channel&gt;');
    // A word joiner after each @: no mention, even where Slack would read one.
    expect(slack).toContain('&lt;@\u2060U1&gt;');
    expect(slack).not.toMatch(/<!|<@|\u202E|@everyone/);
    const discord = discordPayload(news);
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.content).toContain('\\[x\\]\\(https\\:');
    expect(mastodonStatus(news, 'public').status).not.toMatch(/#tag|@everyone|https:\/\/evil/);
    const long = recordPublishedNotes(recordPublishedNotes(undefined, [], RUN_1), [note('y', 'word '.repeat(200_000), ['fixed'])], RUN_2);
    const line = slackPayload(newsOf(noteEvents(long, EN, root), { siteTitle: 'Acme', siteRoot: root, labels: EN })).text.split('\n')[1]!;
    expect(line.length).toBeLessThan(300);
    expect(line).toMatch(/… · Fixed>$/);
  });
});
