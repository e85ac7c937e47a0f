/**
 * The HTML of a description made safe to publish and to embed: parse5 (through hast-util-from-html) parses it as
 * a browser would, hast-util-sanitize keeps only the allow-list below, a walk of the tree finishes the elements
 * kept (links, images, empty headings), and hast-util-to-html writes it out again. No DOM (see
 * src/descriptions/markdown.ts).
 */
import type { Element, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { boundElementDepth } from './element-depth.ts';

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
