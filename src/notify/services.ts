/**
 * One post per run and service, from the news (src/notify/news.ts): the
 * summary, a line per event with a link to its step, and "and N more" with a
 * link to the changelog where a service's limit would be passed. Titles are
 * data: whatever they hold, no service reads markup, a link or a mention in
 * them. Pure.
 *
 * - Slack (incoming webhook, `text` in mrkdwn): `&`, `<` and `>` are escaped as
 *   Slack's "Formatting text for app surfaces" says, which also defuses
 *   `<!channel>`, `<!here>`, `<@U123>` and `<url|text>`; a bare `@here` or
 *   `@channel` does not notify in a webhook message (no `link_names`), and a
 *   word joiner after `@` keeps it so. `*`, `_`, `~` and backticks would only
 *   format the text; they are escaped as entities all the same.
 * - Discord (webhook, `content`): `allowed_mentions: {parse: []}` (Discord's
 *   "Allowed Mentions Object"), so no `@everyone`, role or user is pinged
 *   whatever the text says; Markdown characters are escaped with a backslash;
 *   embeds suppressed (flag 4), so ten links make no ten previews. 2,000
 *   characters at most.
 * - Microsoft Teams (Workflows webhook): one Adaptive Card 1.4 whose titles
 *   are TextRuns of RichTextBlocks, which read no Markdown (a TextBlock would:
 *   Teams' "Format cards in Teams"), linked by their `selectAction`. HTML is
 *   not read in a card, and a mention needs an entry in the card's
 *   `msteams.entities`, which this card has none of, so `<at>` is text.
 * - Mastodon (POST /api/v1/statuses): plain text; a `@` or `#` followed by a
 *   word would mention or tag, so a word joiner goes after each. 500
 *   characters, with each URL counted as 23.
 */
import type { News, NewsEvent } from './news.ts';

export type ServiceName = 'slack' | 'discord' | 'teams' | 'mastodon';

/** U+2060 WORD JOINER: invisible, and it breaks `@everyone` and `#tag` into text. */
const JOINER = '\u2060';
const defuseMentions = (text: string) => text.replace(/([@#＠﹫])/g, `$1${JOINER}`);
/** One line, no control characters: a title is a title, not a layout. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/** Lines up to `budget` characters (as `measure` counts them), then "and N more". */
function fitLines(lines: string[], budget: number, measure: (line: string) => number, more: (count: number) => string): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const [index, line] of lines.entries()) {
    const rest = lines.length - index - 1;
    const tail = rest > 0 ? measure(more(rest)) + 1 : 0;
    if (used + measure(line) + 1 + tail > budget) {
      kept.push(more(lines.length - index));
      return kept;
    }
    kept.push(line);
    used += measure(line) + 1;
  }
  return kept;
}

const lineOf = (news: News, event: NewsEvent, title: string) => news.lineTemplate[event.kind].replace('{title}', () => title);
const moreText = (count: number) => `+${count} …`;

export function slackText(text: string): string {
  return defuseMentions(oneLine(text))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[*_~`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Slack: a message's `text` may be 40,000 characters; a post stays far below, at 3,000 (one section's limit). */
export function slackPayload(news: News): { text: string } {
  const head = `*${slackText(news.siteTitle)}*: ${slackText(news.summary)}`;
  const lines = news.events.map((event) => `• <${event.url}|${lineOf(news, event, slackText(event.title))}>`);
  const body = fitLines(
    lines,
    3000 - head.length,
    (line) => line.length,
    (count) => `<${news.moreUrl}|${moreText(count)}>`,
  );
  return { text: [head, ...body].join('\n') };
}

export function discordText(text: string): string {
  return defuseMentions(oneLine(text)).replace(/[\\*_~`|>#[\]()<:-]/g, '\\$&');
}

export function discordPayload(news: News): { content: string; allowed_mentions: { parse: [] }; flags: number } {
  const head = `**${discordText(news.siteTitle)}**: ${discordText(news.summary)}`;
  const lines = news.events.map((event) => `- [${lineOf(news, event, discordText(event.title))}](<${event.url}>)`);
  const body = fitLines(
    lines,
    2000 - head.length,
    (line) => line.length,
    (count) => `[${discordText(moreText(count))}](<${news.moreUrl}>)`,
  );
  return { content: [head, ...body].join('\n'), allowed_mentions: { parse: [] }, flags: 4 };
}

/** Teams: TextRuns read no Markdown; `{{` would start a date function (Adaptive Cards' DATE/TIME), so it is broken. */
export function teamsText(text: string): string {
  return defuseMentions(oneLine(text)).replace(/\{\{/g, `{${JOINER}{`);
}

/**
 * Teams: a Workflows webhook takes a message with one Adaptive Card. The titles go in TextRuns of a
 * RichTextBlock, which the Adaptive Cards schema renders as plain text (no Markdown), each a link by its
 * `selectAction`; a card of 50 lines stays far within Teams' 28 KB.
 */
export function teamsPayload(news: News) {
  const runs = news.events
    .slice(0, 50)
    .flatMap((event, index) => [
      ...(index > 0 ? [{ type: 'TextRun', text: '\n' }] : []),
      { type: 'TextRun', text: lineOf(news, event, teamsText(event.title)), selectAction: { type: 'Action.OpenUrl', url: event.url } },
    ]);
  const rest = news.events.length - 50;
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: `${teamsText(news.siteTitle)}: ${teamsText(news.summary)}`, weight: 'Bolder' }] },
            { type: 'RichTextBlock', inlines: runs },
            ...(rest > 0 ? [{ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: moreText(rest), selectAction: { type: 'Action.OpenUrl', url: news.moreUrl } }] }] : []),
          ],
        },
      },
    ],
  };
}

/** Mastodon counts every URL as 23 characters, whatever its length. */
const MASTODON_URL_LENGTH = 23;
const mastodonLength = (text: string) => [...text.replace(/https?:\/\/\S+/g, 'x'.repeat(MASTODON_URL_LENGTH))].length;

export function mastodonText(text: string): string {
  return defuseMentions(oneLine(text));
}

export function mastodonStatus(news: News, visibility: 'public' | 'unlisted'): { status: string; visibility: string } {
  const head = `${mastodonText(news.siteTitle)}: ${mastodonText(news.summary)}`;
  const shorten = (text: string, max: number) => ([...text].length > max ? `${[...text].slice(0, max - 1).join('')}…` : text);
  const lines = news.events.map((event) => `${shorten(lineOf(news, event, mastodonText(event.title)), 80)} ${event.url}`);
  const body = fitLines(lines, 500 - mastodonLength(head) - 1, mastodonLength, (count) => `${moreText(count)} ${news.moreUrl}`);
  const status = [shorten(head, 200), ...body].join('\n');
  return { status, visibility };
}
