/**
 * One post per run and service, from the news (src/notify/news.ts): the
 * summary, a line per event with a link to its step (a release note's: to its
 * page, its tags after its title), and "and N more" with a link to the
 * changelog where a service's limit would be passed. Titles are
 * data: whatever they hold, no service reads markup, a link or a mention in
 * them. Pure.
 *
 * Every title is shortened on its own (`TITLE_MAX` characters, at a character boundary), so one long title cannot
 * push the others out, and what does not fit in a service's limit is counted in "+N …", a link to the changelog.
 * Line breaks, control characters and the bidirectional controls (U+202A–202E, U+2066–2069, marks) are removed
 * from every text: a title cannot reverse the text after it.
 *
 * - Slack (incoming webhook, `text` in mrkdwn): only `&`, `<` and `>` are escaped, as entities, which is all
 *   Slack decodes (its "Formatting text for app surfaces": "you shouldn't HTML entity-encode the entire text");
 *   this also defuses `<!channel>`, `<!here>`, `<@U123>` and `<url|text>`. A bare `@here` or `@channel` does not
 *   notify in a webhook message (no `link_names`), and a word joiner after `@` keeps it so. Slack has no escape
 *   for `*`, `_`, `~` and the backtick, so each gets a zero-width space on either side: it shows as itself, and
 *   no longer opens or closes bold, italics, strikethrough or code. 3,000 characters at most (one section's
 *   limit; a message's `text` may hold 40,000).
 * - Discord (webhook, `content`): `allowed_mentions: {parse: []}` (Discord's "Allowed Mentions Object"), so no
 *   `@everyone`, role or user is pinged whatever the text says; Markdown characters are escaped with a
 *   backslash; embeds suppressed (flag 4), so ten links make no ten previews. 2,000 characters at most.
 * - Microsoft Teams (Workflows webhook): one Adaptive Card 1.4 whose titles are TextRuns of RichTextBlocks, which
 *   read no Markdown (a TextBlock would: Teams' "Format cards in Teams"), linked by their `selectAction`. HTML is
 *   not read in a card, and a mention needs an entry in the card's `msteams.entities`, which this card has none
 *   of, so `<at>` is text. Teams refuses a message over 28 KB ("Limits and specifications of Microsoft Teams";
 *   posters report refusals from about 21 KB), so the card is kept to `TEAMS_MAX_BYTES` of JSON.
 * - Mastodon (POST /api/v1/statuses): plain text; a `@` or `#` followed by a word would mention or tag, so a word
 *   joiner goes after each, and after the `:/` of a scheme in a title, so a title holds no link. 500 characters,
 *   a link counted as 23 only when Mastodon recognises it as one (its host ends in a known top-level domain);
 *   any other URL (`http://localhost:8080/…`, an IP address) counts character by character.
 */
import { escapeHtmlText, withoutBidiControls } from '../shared/text.ts';
import type { News, NewsEvent } from './news.ts';

export type ServiceName = 'slack' | 'discord' | 'teams' | 'mastodon';

/** U+2060 WORD JOINER: invisible, and it breaks `@everyone` and `#tag` into text. */
const JOINER = '\u2060';
const defuseMentions = (text: string) => text.replace(/([@#＠﹫])/g, `$1${JOINER}`);
/** One line, no control or bidirectional characters: a title is a title, not a layout. */
const oneLine = (text: string) => withoutBidiControls(text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')).trim();

/** The longest title in a post, in characters: a line each, and room for the others. */
export const TITLE_MAX = 150;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** `text` cut to `max` characters (whole ones: an emoji or an accent is never split), with "…" when cut. */
export function shorten(text: string, max: number): string {
  // Segmenting a megabyte takes seconds; no character of the first `max` is longer than 32 code units.
  const parts = [...graphemes.segment(text.slice(0, max * 32 + 1))];
  return parts.length <= max
    ? text
    : `${parts
        .slice(0, max - 1)
        .map((part) => part.segment)
        .join('')
        .trimEnd()}…`;
}
/** An event as a line names it: its title on one line, shortened to `max`, and a release note's tags after it (" · a, b", in the language's marks). */
const titleText = (news: News, event: NewsEvent, max = TITLE_MAX) => {
  const title = shorten(oneLine(event.title), max);
  return event.tags?.length ? `${title}${news.marks.separator}${oneLine(event.tags.join(news.marks.comma))}` : title;
};

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

/** U+200B ZERO WIDTH SPACE: on either side of a formatting character, it keeps it from opening or closing any. */
const ZERO_WIDTH_SPACE = '\u200b';

export function slackText(text: string): string {
  return escapeHtmlText(defuseMentions(oneLine(text))).replace(/[*_~`]/g, `${ZERO_WIDTH_SPACE}$&${ZERO_WIDTH_SPACE}`);
}

/** Slack: a message's `text` may be 40,000 characters; a post stays far below, at 3,000 (one section's limit). */
export function slackPayload(news: News): { text: string } {
  const head = `*${slackText(shorten(news.siteTitle, TITLE_MAX))}*${news.marks.colon}${slackText(news.summary)}`;
  const lines = news.events.map((event) => `• <${event.url}|${lineOf(news, event, slackText(titleText(news, event)))}>`);
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
  const head = `**${discordText(shorten(news.siteTitle, TITLE_MAX))}**${news.marks.colon}${discordText(news.summary)}`;
  const lines = news.events.map((event) => `- [${lineOf(news, event, discordText(titleText(news, event)))}](<${event.url}>)`);
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

/** The most JSON a Teams card may take: well under the 28 KB Teams documents, and under the ~21 KB posters observe. */
export const TEAMS_MAX_BYTES = 20_000;
/** The most lines a card lists, however short. */
const TEAMS_MAX_LINES = 50;

/**
 * Teams: a Workflows webhook takes a message with one Adaptive Card. The titles go in TextRuns of a
 * RichTextBlock, which the Adaptive Cards schema renders as plain text (no Markdown), each a link by its
 * `selectAction`; lines are added while the card's JSON stays within `TEAMS_MAX_BYTES`.
 */
export function teamsPayload(news: News) {
  const card = (runs: object[], rest: number) => ({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'RichTextBlock',
              inlines: [{ type: 'TextRun', text: `${teamsText(shorten(news.siteTitle, TITLE_MAX))}${news.marks.colon}${teamsText(news.summary)}`, weight: 'Bolder' }],
            },
            { type: 'RichTextBlock', inlines: runs },
            ...(rest > 0 ? [{ type: 'RichTextBlock', inlines: [{ type: 'TextRun', text: moreText(rest), selectAction: { type: 'Action.OpenUrl', url: news.moreUrl } }] }] : []),
          ],
        },
      },
    ],
  });
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const runs: object[] = [];
  let runBytes = 0;
  let shown = 0;
  for (const event of news.events.slice(0, TEAMS_MAX_LINES)) {
    const line = [
      ...(shown > 0 ? [{ type: 'TextRun', text: '\n' }] : []),
      { type: 'TextRun', text: lineOf(news, event, teamsText(titleText(news, event))), selectAction: { type: 'Action.OpenUrl', url: event.url } },
    ];
    // The card without runs, and each run with its comma.
    const lineBytes = line.reduce((sum, run) => sum + bytes(run) + 1, 0);
    if (bytes(card([], news.events.length - shown - 1)) + runBytes + lineBytes > TEAMS_MAX_BYTES) break;
    runs.push(...line);
    runBytes += lineBytes;
    shown += 1;
  }
  return card(runs, news.events.length - shown);
}

/** Mastodon counts a URL it recognises as 23 characters, whatever its length. */
const MASTODON_URL_LENGTH = 23;
/**
 * Top-level domains Mastodon surely recognises (its URL extractor knows every delegated one): the common generic
 * ones and any two letters (a country's). Any other, and an IP address, `localhost` or a dotless host, counts the
 * URL character by character: counting too much only shortens the post, counting too little gets it refused.
 */
const KNOWN_TLD = /\.(?:[a-z]{2}|com|org|net|edu|gov|mil|int|info|biz|name|pro|io|dev|app|page|site|online|tech|cloud|xyz|blog|social)\.?$/i;
const recognisedUrl = (url: string) => {
  try {
    return KNOWN_TLD.test(new URL(url).hostname);
  } catch {
    return false;
  }
};
export const mastodonLength = (text: string) => [...text.replace(/https?:\/\/\S+/g, (url) => (recognisedUrl(url) ? 'x'.repeat(MASTODON_URL_LENGTH) : url))].length;

export function mastodonText(text: string): string {
  // A scheme's "://" broken by a word joiner: a title links nowhere, and counts as the text it is.
  return defuseMentions(oneLine(text)).replace(/:\/\//g, `:/${JOINER}/`);
}

export function mastodonStatus(news: News, visibility: 'public' | 'unlisted'): { status: string; visibility: string } {
  const head = `${mastodonText(shorten(news.siteTitle, 100))}${news.marks.colon}${mastodonText(news.summary)}`;
  const lines = news.events.map((event) => `${lineOf(news, event, mastodonText(titleText(news, event, 80)))} ${event.url}`);
  const body = fitLines(lines, 500 - mastodonLength(head) - 1, mastodonLength, (count) => `${moreText(count)} ${news.moreUrl}`);
  return { status: [head, ...body].join('\n'), visibility };
}
