/**
 * Text rules for data that reaches an output other than an HTML page: XML
 * documents (the feed), log lines (a terminal or a CI log), and HTML made
 * outside the sanitiser. Every string here may come from the portal.
 */

/**
 * Characters XML 1.0 forbids (§2.2 Char): C0 controls other than tab, LF and
 * CR, U+FFFE, U+FFFF, and surrogates that are not part of a pair. One of them
 * anywhere makes a feed invalid, and readers then drop the whole feed.
 */
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` without the characters XML 1.0 forbids. */
export function withoutXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

/**
 * Most combining marks (Unicode category M) kept in a row. A character and
 * its marks are one grapheme, which no line break may split: a title of one
 * letter and thousands of marks made pages 16,000–27,000 px wide at 320 px.
 * Real text needs few (Vietnamese two on a letter, Thai three, pointed Hebrew
 * with cantillation four); Unicode's Stream-Safe Text Format (UAX #15 §13)
 * bounds a run at 30 for its own reasons. Eight keeps every real text whole.
 */
export const MAX_MARKS_IN_A_ROW = 8;
const MARK_PILE_UP = new RegExp(`\\p{M}{${MAX_MARKS_IN_A_ROW + 1},}`, 'gu');

/** `text` with each run of more than MAX_MARKS_IN_A_ROW combining marks cut to its first MAX_MARKS_IN_A_ROW. */
export function withoutMarkPileUps(text: string): string {
  return text.replace(MARK_PILE_UP, (run) => [...run].slice(0, MAX_MARKS_IN_A_ROW).join(''));
}

/**
 * Text as the site keeps what it shows from the portal and from the team's files (an issue's title, a release note's
 * title and body): without the characters XML 1.0 forbids (`withoutXmlForbidden`) and with runs of combining marks
 * cut (`withoutMarkPileUps`), so that no page, feed, search record or chat post gets them. Bidirectional controls
 * stay: a page isolates them, and a feed or a chat post removes them where it shows text bare (`withoutBidiControls`).
 * E.g. `cleanText('Fix\u0001ed\uFFFF')` is `'Fixed'`.
 */
export function cleanText(text: string): string {
  return withoutMarkPileUps(withoutXmlForbidden(text));
}

/** Whether `text` has a run of marks `withoutMarkPileUps` cuts. */
export function hasMarkPileUp(text: string): boolean {
  MARK_PILE_UP.lastIndex = 0;
  return MARK_PILE_UP.test(text);
}

const HTML_TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** `&`, `<` and `>` as character references: text that stays text inside HTML element content (not in an attribute). */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>]/g, (c) => HTML_TEXT_ESCAPES[c]!);
}

/**
 * The bidirectional formatting characters: embeddings and overrides (U+202A–202E), isolates (U+2066–2069) and the
 * marks (U+200E, U+200F, U+061C). In text shown with no markup around it (a feed reader's title, a chat post) one
 * of them reorders whatever follows it on the line, so it is removed there; a page isolates the text in `<bdi>`.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** `text` without bidirectional formatting characters (`BIDI_CONTROLS`). */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** ANSI escape sequences: CSI (colours, cursor moves) and OSC (window titles, hyperlinks). */
const ANSI_ESCAPE = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|\u001B[@-Z\\-_]/g;
/** Characters that end or reorder a line: C0 and C1 controls (newlines included), line and paragraph separators, bidi overrides. */
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** Longest piece of data quoted in a log line. */
export const LOG_TEXT_LIMIT = 500;

/**
 * Data made safe for one log line: ANSI escapes removed, control characters
 * and line breaks turned into spaces (so no value can start a line of its
 * own), a leading `::` (a GitHub Actions workflow command) and any `##[`
 * (the runner's older command syntax) broken up, and the length capped.
 */
export function logText(value: unknown, limit = LOG_TEXT_LIMIT): string {
  const oneLine = String(value).replace(ANSI_ESCAPE, '').replace(LINE_BREAKING, ' ');
  const capped = oneLine.length > limit ? `${oneLine.slice(0, limit).replace(/[\uD800-\uDBFF]$/, '')}… (${oneLine.length - limit} more characters)` : oneLine;
  return neutraliseCommands(capped);
}

/**
 * A message of several lines made safe for a log: each line as `logText`
 * makes one (without the length cap), so a line quoted from elsewhere (build
 * output, an error body) cannot run a workflow command either.
 */
export function logLines(text: string): string {
  return text
    .replace(ANSI_ESCAPE, '')
    .split(/\r\n|[\n\r\u2028\u2029\u0085]/)
    .map((line) => neutraliseCommands(line.replace(LINE_BREAKING, ' ')))
    .join('\n');
}

/** GitHub's runner reads `::command` at the start of a line (after spaces) and `##[command` anywhere in it. */
function neutraliseCommands(line: string): string {
  return line.replace(/^(\s*):(?=:)/, '$1: ').replaceAll('##[', '# #[');
}

/** A value from the data named in a log line: JSON-quoted (so spaces, quotes and invisible characters show), then made safe as `logText` does. */
export function quoted(value: string, limit = 120): string {
  return logText(JSON.stringify(value), limit);
}

/** Values named in one log line: at most `max` of them, then how many more. */
export function quotedList(values: readonly string[], max = 20): string {
  const shown = values.slice(0, max).map((value) => quoted(value));
  return values.length > max ? `${shown.join(', ')} and ${values.length - max} more` : shown.join(', ');
}

/** Lowercase ASCII letters and digits joined by single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
