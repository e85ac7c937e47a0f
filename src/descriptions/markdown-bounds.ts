/**
 * What reaches marked, bounded so that no short text can overflow the stack or take minutes (see
 * `DESCRIPTION_LIMITS`): the length and the nesting of block quotes and lists before marked reads the text, and,
 * inside marked's lexer, the work spent looking for the end of an emphasis and the cost of long runs of
 * characters that might be an e-mail address.
 */
import type { MarkedExtension, Tokens } from 'marked';
import { DESCRIPTION_LIMITS, limitsHit, truncateDescription, type BoundedMarkdown } from './description-limits.ts';

/** Work spent on emphasis in the current document (see `maxEmphasisWork`); reset by `resetEmphasisBudget`, which `renderDescription` calls. */
let emphasisWork = 0;
let lastInlineRun: string | undefined;
/** Reading a nested run (masking, finding its closers) costs this many times its length, by profile. */
const NESTED_RUN_COST = 10;

/** Charges one look for the end of a delimiter run; true when the document is out of budget. */
function emphasisOverBudget(src: string, inlineRun: string): boolean {
  if (inlineRun !== lastInlineRun) {
    lastInlineRun = inlineRun;
    emphasisWork += inlineRun.length * NESTED_RUN_COST;
  }
  emphasisWork += src.length;
  if (emphasisWork <= DESCRIPTION_LIMITS.maxEmphasisWork) return false;
  limitsHit.add('emphasis');
  return true;
}

/** The run of `delimiter` at the start of `src` as a text token: what marked makes of a run that closes nothing. */
function delimiterText(src: string, delimiter: string): Tokens.Text {
  let end = 1;
  while (src[end] === delimiter) end++;
  const run = src.slice(0, end);
  return { type: 'text', raw: run, text: run, escaped: false };
}

/**
 * Characters that may come before an `@` in what GFM reads as an e-mail
 * address: its autolink rule (`url`) and its text rule scan a run of them to
 * its end at every place the inline lexer stops inside it, so `_a_a_a…` or
 * `aaa…@` costs the square of its length (minutes for 300 KB). A run
 * longer than `LONG_RUN` is no e-mail address (those are at most 254
 * characters): it is taken as text in one step, at a bounded cost.
 */
const EMAIL_LOCAL_RUN = /[A-Za-z0-9._+-]+/y;
const TEXT_RUN = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+/y;
const LONG_RUN = 256;
const EMAIL_LOCAL_LONG = new RegExp(`^[A-Za-z0-9._+-]{${LONG_RUN + 1}}`);
const TEXT_LONG = new RegExp(`^[A-Za-z0-9.!#$%&'*+/=?^_\`{|}~-]{${LONG_RUN + 1}}`);

/** A text token of the whole run of `run` characters at the start of `src`, when it is longer than `LONG_RUN`; else false (marked's own rule). */
function longRunAsText(src: string, long: RegExp, run: RegExp): Tokens.Text | false {
  if (!long.test(src)) return false;
  run.lastIndex = 0;
  const text = run.exec(src)![0];
  return { type: 'text', raw: text, text, escaped: false };
}

/** Starts the emphasis budget of a new document. */
export function resetEmphasisBudget(): void {
  emphasisWork = 0;
  lastInlineRun = undefined;
}

/** marked's tokenizers, bounded: a tokenizer here returns false to let marked's own run, or a token to replace it. */
export const boundedTokenizer: MarkedExtension['tokenizer'] = {
  emStrong(src, maskedSrc) {
    const first = src[0]!;
    if ((first !== '*' && first !== '_') || !emphasisOverBudget(src, maskedSrc)) return false;
    return delimiterText(src, first) as unknown as Tokens.Em;
  },
  del(src, maskedSrc) {
    if (src[0] !== '~' || !emphasisOverBudget(src, maskedSrc)) return false;
    return delimiterText(src, '~') as unknown as Tokens.Del;
  },
  url(src) {
    return longRunAsText(src, EMAIL_LOCAL_LONG, EMAIL_LOCAL_RUN) as unknown as Tokens.Link | false;
  },
  inlineText(src) {
    return longRunAsText(src, TEXT_LONG, TEXT_RUN);
  },
};

/** The description truncated, and with container nesting flattened line by line. Linear in its length. */
export function boundMarkdown(markdown: string): BoundedMarkdown {
  const { markdown: text, truncated } = truncateDescription(markdown);
  return { markdown: text.split('\n').map(flattenContainers).join('\n'), truncated };
}

/**
 * One line with at most `maxContainerMarkers` block quote and list markers
 * before its content, and their indentation capped: marked nests one
 * container per marker, recursively, and 2 KB of `>` overflowed its stack.
 * Further markers are backslash-escaped, so they still show as typed.
 */
function flattenContainers(line: string): string {
  const { maxContainerMarkers, maxMarkerIndent } = DESCRIPTION_LIMITS;
  let at = 0;
  let markers = 0;
  let out = '';
  for (;;) {
    const spaceStart = at;
    let columns = 0;
    while (line[at] === ' ' || line[at] === '\t') {
      columns += line[at] === '\t' ? 4 - (columns % 4) : 1;
      at++;
    }
    const markerEnd = containerMarkerEnd(line, at);
    if (markerEnd < 0) return out + line.slice(spaceStart);
    // Deep indentation before a marker nests lists; beyond the cap it only costs time.
    if (columns > maxMarkerIndent) limitsHit.add('nesting');
    out += columns > maxMarkerIndent ? ' '.repeat(maxMarkerIndent) : line.slice(spaceStart, at);
    const marker = line.slice(at, markerEnd);
    markers++;
    if (markers > maxContainerMarkers) limitsHit.add('nesting');
    out += markers > maxContainerMarkers ? `${marker.slice(0, -1)}\\${marker.slice(-1)}` : marker;
    at = markerEnd;
  }
}

/** End of a block quote (`>`) or list marker (`-`, `+`, `*`, `1.`, `1)`, followed by a space or the end) at `at`, or -1. */
function containerMarkerEnd(line: string, at: number): number {
  const c = line[at];
  if (c === '>') return at + 1;
  const spaceOrEnd = (i: number) => i === line.length || line[i] === ' ' || line[i] === '\t';
  if ((c === '-' || c === '+' || c === '*') && spaceOrEnd(at + 1)) return at + 1;
  let digits = at;
  while (digits < line.length && digits - at < 9 && line[digits]! >= '0' && line[digits]! <= '9') digits++;
  if (digits > at && (line[digits] === '.' || line[digits] === ')') && spaceOrEnd(digits + 1)) return digits + 1;
  return -1;
}
