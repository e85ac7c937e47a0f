/**
 * Markdown from the portal (written by teammates, or by customers whose words
 * reached an issue) to HTML that is safe to publish and to embed: marked
 * renders it, parse5 (through hast-util-from-html) parses that as a browser
 * would, hast-util-sanitize keeps only a small HTML allow-list, and
 * hast-util-to-html writes it out again. No DOM: jsdom with DOMPurify cost
 * 1.8 ms a description and 1.6 s to load in each worker; this costs about
 * 0.5 ms and loads in 0.3 s (docs/performance.md).
 *
 * What reaches marked and the HTML parser is bounded first, so that no short
 * text can overflow the stack or take minutes (see `DESCRIPTION_LIMITS`):
 * the length, the nesting of block quotes and lists, the work spent looking
 * for the end of an emphasis, and the nesting of HTML elements. The time an
 * entry may take as a whole, and its memory, are bounded by
 * `src/descriptions/render-budget.ts`.
 */
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { Marked, type Tokens } from 'marked';
import { DESCRIPTION_LIMITS, truncateDescription, truncationNote, type BoundedMarkdown, type DescriptionOptions } from './description-limits.ts';

/**
 * What a description may hold: the elements Markdown writes and the inline
 * HTML a writer reaches for; every other element is replaced by its content.
 * Forms, frames, embedded objects, media (the CSP has no media-src), SVG and
 * MathML (parsed by other rules), style and script are not on it.
 */
const ALLOWED_ELEMENTS = [
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
];

/** Elements removed with everything inside them: their content is code, styles, another document, or markup by other rules. */
const REMOVED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'svg',
  'math',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'plaintext',
  'xmp',
  'title',
  'head',
  'audio',
  'video',
  'object',
];

/**
 * The allow-list, in hast's property names. No `style`, `class`, `id` or
 * `name` (a description must not restyle the page or take an anchor of its
 * own), no `target`, no event handler, no data attribute.
 * Only http, https and mailto URLs, plus relative ones (no scheme before the
 * first `/`, `?` or `#`). `data:` is refused too, even for images: a data image
 * needs `img-src data:` in the CSP and can carry megabytes into a page.
 */
const SCHEMA: Schema = {
  tagNames: ALLOWED_ELEMENTS,
  strip: REMOVED_WITH_CONTENT,
  attributes: {
    '*': ['title', 'lang', 'dir'],
    a: ['href'],
    img: ['src', 'alt', 'width', 'height'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'dateTime'],
    ins: ['cite', 'dateTime'],
    time: ['dateTime'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    td: ['align', 'colSpan', 'rowSpan', 'headers'],
    th: ['align', 'colSpan', 'rowSpan', 'headers', 'scope', 'abbr'],
    col: ['span'],
    colgroup: ['span'],
    details: ['open'],
  },
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https'], cite: ['http', 'https'] },
  // Table parts only inside a table, as a browser would read them.
  ancestors: { tbody: ['table'], td: ['table'], th: ['table'], thead: ['table'], tfoot: ['table'], tr: ['table'], caption: ['table'], col: ['table'], colgroup: ['table'] },
  clobber: [],
  clobberPrefix: '',
  allowComments: false,
  allowDoctypes: false,
};

/**
 * Description headings start at h3: the page's own h1 and h2 ("Description") come first. A description's
 * headings keep their order but lose their gaps: its highest level becomes h3, and none is more than one level
 * below the heading before it, so `## A` then `#### B` is h3 then h4 (an outline skipping a level is invalid
 * HTML to the Nu checker and a puzzle to a screen reader's heading list).
 */
const FIRST_HEADING_LEVEL = 3;

/** The heading levels of a description, as `FIRST_HEADING_LEVEL` says, by their markdown depths in order. */
export function descriptionHeadingLevels(depths: readonly number[]): number[] {
  const top = Math.min(...depths);
  let previous = FIRST_HEADING_LEVEL - 1;
  return depths.map((depth) => (previous = Math.min(6, depth - top + FIRST_HEADING_LEVEL, previous + 1)));
}

/** A bound that changed how a description renders: the build log names the entry and the bound. */
export type DescriptionLimit = 'length' | 'nesting' | 'emphasis' | 'element depth';

/** The bounds the current document ran into; reset by `renderDescription`. */
let limitsHit = new Set<DescriptionLimit>();

/** Work spent on emphasis in the current document (see `maxEmphasisWork`); reset by `renderDescription`. */
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
 * `aaa…@` costs the square of its length (300 KB took 2½ minutes). A run
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

const marked = new Marked({
  gfm: true,
  async: false,
  // A tokenizer here returns false to let marked's own run, or a token to replace it.
  tokenizer: {
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
  },
});

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
 * HTML with at most `maxElementDepth` elements open inside one another: a
 * start tag deeper than that is shown as text. An HTML parser checks every
 * insertion against all its ancestors, so parsing n nested tags costs n²
 * (10,000 took jsdom 21 s), and the hast tree is walked by recursion. This
 * reads tags as the HTML tokenizer does (quoted attribute values, raw-text
 * elements), so a `>` inside a value cannot hide a tag from it.
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
      // Every `<` of the tag becomes text, including any in its attribute values, which would otherwise start tags of their own.
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

/** Sanitises an HTML fragment with the allow-list above. */
export function sanitizeHtml(html: string): string {
  // Parsed as the content of a document's body, as a browser parses the page it lands in (not as a template's).
  const document = fromHtml(`<!doctype html><body>${boundElementDepth(html)}`);
  const body = findBody(document);
  if (!body) throw new Error('the HTML parser returned no body');
  const fragment = sanitize({ type: 'root', children: body.children }, SCHEMA) as Root;
  finishElements(fragment);
  return toHtml(fragment, { characterReferences: { useNamedReferences: true } });
}

function findBody(document: Root): Element | undefined {
  const html = document.children.find((node): node is Element => node.type === 'element' && node.tagName === 'html');
  return html?.children.find((node): node is Element => node.type === 'element' && node.tagName === 'body');
}

/**
 * After the allow-list, in one walk with a stack of its own, not recursion (deep nesting must not overflow the
 * call stack): an attribute whose value holds `<` or `>` goes (markup inside an attribute is how mutation XSS
 * and naive feed readers are fooled, and no link, title or image needs it); links out of the site get
 * `rel="nofollow noopener noreferrer"`; an image stays only with an https address (the CSP allows `img-src 'self' https:`, and a relative path would point into this site, not the
 * tracker) and loads lazily; a heading left with nothing to read (its content was all markup) goes, since an
 * empty heading misleads screen readers. Headings are judged after their images are.
 */
function finishElements(root: Root): void {
  const headings: { parent: Root | Element; heading: Element }[] = [];
  const pending: (Root | Element)[] = [root];
  for (let parent = pending.pop(); parent; parent = pending.pop()) {
    parent.children = parent.children.filter((child: RootContent) => {
      if (child.type !== 'element') return true;
      for (const [name, value] of Object.entries(child.properties)) if (/[<>]/.test(Array.isArray(value) ? value.join(' ') : String(value))) delete child.properties[name];
      if (child.tagName === 'img') {
        if (!/^https:\/\//i.test(String(child.properties.src ?? ''))) return false;
        child.properties.loading = 'lazy';
        child.properties.decoding = 'async';
      }
      if (child.tagName === 'a' && /^https?:/i.test(String(child.properties.href ?? ''))) child.properties.rel = ['nofollow', 'noopener', 'noreferrer'];
      if (/^h[1-6]$/.test(child.tagName)) headings.push({ parent, heading: child });
      pending.push(child);
      return true;
    });
  }
  for (const { parent, heading } of headings.reverse()) {
    if (!hasText(heading)) parent.children = parent.children.filter((child) => child !== heading);
  }
}

/** True when an element holds text that is not white space, or an image. */
function hasText(element: Element): boolean {
  const pending: RootContent[] = [...element.children];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'text' && node.value.trim()) return true;
    if (node.type === 'element') {
      if (node.tagName === 'img') return true;
      pending.push(...node.children);
    }
  }
  return false;
}

export interface RenderedMarkdown {
  html: string;
  /** The bounds this description ran into, if any (see `DESCRIPTION_LIMITS`). */
  limits: DescriptionLimit[];
}

/** Markdown to sanitised HTML, with the bounds it ran into. Bounded as `DESCRIPTION_LIMITS` says; `truncatedNote` is shown after a description that was cut. */
export function renderDescription(markdown: string | null, options: DescriptionOptions = {}): RenderedMarkdown {
  if (!markdown?.trim()) return { html: '', limits: [] };
  limitsHit = new Set();
  emphasisWork = 0;
  lastInlineRun = undefined;
  const bounded = boundMarkdown(markdown);
  if (bounded.truncated) limitsHit.add('length');
  const tokens = marked.lexer(bounded.markdown);
  const headings: Tokens.Heading[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'heading') headings.push(token as Tokens.Heading);
  });
  const levels = descriptionHeadingLevels(headings.map((heading) => heading.depth));
  headings.forEach((heading, index) => (heading.depth = levels[index]!));
  const html = sanitizeHtml(marked.parser(tokens));
  return { html: bounded.truncated ? `${html}${truncationNote(options.truncatedNote)}` : html, limits: [...limitsHit] };
}

/** Markdown to sanitised HTML; empty for null or blank input (see `renderDescription`). */
export function renderMarkdown(markdown: string | null, options: DescriptionOptions = {}): string {
  return renderDescription(markdown, options).html;
}
