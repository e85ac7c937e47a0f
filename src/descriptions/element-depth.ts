/**
 * The nesting of HTML elements in a description, bounded before the HTML parser reads it (see
 * `DESCRIPTION_LIMITS.maxElementDepth`): a start tag deeper than the bound is shown as text.
 */
import { DESCRIPTION_LIMITS, limitsHit } from './description-limits.ts';

/** Elements without content: they never nest. `html`, `head` and `body` only add attributes to the document's own. */
const NO_NESTING = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param', 'keygen', 'html', 'head', 'body']);
/** Elements whose content the parser reads as text up to their end tag. */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title']);
/**
 * Start tags shown as text instead of parsed: a frameset replaces the body
 * (and the sanitiser then returns none), and SVG or MathML content is parsed
 * by other rules (the sanitiser removes all three anyway).
 */
const SHOWN_AS_TEXT = new Set(['frameset', 'frame', 'svg', 'math', 'plaintext']);
/** Elements whose start tag closes an open one of the same name (`<li>a<li>b`). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option']);
const WHITESPACE = new Set(['\t', '\n', '\f', '\r', ' ']);

/**
 * HTML with at most `maxElementDepth` elements open inside one another: a start tag deeper than that is shown as
 * text. An HTML parser checks every insertion against all its ancestors, so parsing n nested tags costs n² (@see
 * docs/project/performance-log.md, "Measurements behind the code"), and the hast tree is walked by recursion. This
 * reads tags as the HTML tokenizer does (quoted attribute values, raw-text elements), so a `>` inside a value cannot
 * hide a tag from it.
 */
export function boundElementDepth(html: string, maxDepth: number = DESCRIPTION_LIMITS.maxElementDepth): string {
  const open: string[] = [];
  let out = '';
  let copied = 0;
  let at = html.indexOf('<');
  while (at >= 0) {
    const next = html[at + 1] ?? '';
    if (next === '!' || next === '?' || (next === '/' && !isAsciiLetter(html[at + 2]))) {
      // A comment, doctype or bogus comment: no tags inside, as the HTML tokenizer reads it.
      at = html.indexOf('<', commentEnd(html, at));
      continue;
    }
    const closing = next === '/';
    const nameStart = at + (closing ? 2 : 1);
    if (!isAsciiLetter(html[nameStart])) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < html.length && !WHITESPACE.has(html[nameEnd]!) && html[nameEnd] !== '/' && html[nameEnd] !== '>') nameEnd++;
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    const end = tagEnd(html, nameEnd);
    if (end < 0) break;
    if (!closing && SELF_CLOSING_SIBLINGS.has(name) && open.at(-1) === name) open.pop();
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index >= 0) open.length = index;
    } else if (SHOWN_AS_TEXT.has(name) || (!NO_NESTING.has(name) && open.length >= maxDepth)) {
      if (!SHOWN_AS_TEXT.has(name)) limitsHit.add('element depth');
      // Every `<` of the tag becomes text, including any in its attribute values, which would otherwise start tags of
      // their own.
      out += `${html.slice(copied, at)}${html.slice(at, end).replaceAll('<', '&lt;')}`;
      copied = end;
    } else if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi');
      close.lastIndex = end;
      at = close.exec(html)?.index ?? -1;
      continue;
    } else if (!NO_NESTING.has(name)) {
      open.push(name);
    }
    at = html.indexOf('<', end);
  }
  return out + html.slice(copied);
}

const isAsciiLetter = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

/** Index just past a comment (`<!--…-->`) or bogus comment (`<!…>`, `<?…>`, `</ …>`) starting at `at`. */
function commentEnd(html: string, at: number): number {
  if (html.startsWith('<!--', at)) {
    if (html.startsWith('>', at + 4)) return at + 5;
    if (html.startsWith('->', at + 4)) return at + 6;
    const ends = [html.indexOf('-->', at + 4), html.indexOf('--!>', at + 4)].filter((i) => i >= 0);
    if (!ends.length) return html.length;
    const first = Math.min(...ends);
    return first + (html.startsWith('-->', first) ? 3 : 4);
  }
  const close = html.indexOf('>', at + 2);
  return close < 0 ? html.length : close + 1;
}

/** Index just past the `>` that ends a tag whose name ends at `at`, or -1 when the text ends first. */
function tagEnd(html: string, at: number): number {
  let i = at;
  const skipSpace = () => {
    while (i < html.length && WHITESPACE.has(html[i]!)) i++;
  };
  for (;;) {
    // Before an attribute name: spaces and slashes.
    while (i < html.length && (WHITESPACE.has(html[i]!) || html[i] === '/')) i++;
    if (i >= html.length) return -1;
    if (html[i] === '>') return i + 1;
    // The attribute name: its first character is taken whatever it is (even `=` or a quote).
    i++;
    while (i < html.length && !WHITESPACE.has(html[i]!) && html[i] !== '/' && html[i] !== '>' && html[i] !== '=') i++;
    skipSpace();
    if (html[i] !== '=') continue;
    i++;
    skipSpace();
    const quote = html[i];
    if (quote === '"' || quote === "'") {
      const close = html.indexOf(quote, i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else {
      while (i < html.length && !WHITESPACE.has(html[i]!) && html[i] !== '>') i++;
    }
  }
}
