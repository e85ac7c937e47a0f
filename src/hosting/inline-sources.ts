/**
 * What a mounted roadmap's pages carry inline, as CSP hash sources (`'sha256-…'`): the text of each inline script
 * and style element, and the value of each `style` attribute. Pages are parsed as a browser parses them (parse5,
 * through hast-util-from-html), so only real elements count: `<script>` written inside an attribute's value, as in
 * an issue's title quoted by `<meta property="og:title" content="…">` (Astro escapes no `<` in attributes), is
 * text of the data, and never reaches a policy. Pure.
 *
 * @see https://www.w3.org/TR/CSP3/#match-element-to-source-list (hashes of elements and, with 'unsafe-hashes', of attributes)
 */
import { createHash } from 'node:crypto';
import type { Element, Nodes } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';

/** Each list holds a hash source once, sorted. */
export interface InlineSources {
  /** Inline scripts a browser runs (`script-src`). */
  scripts: string[];
  /** `<style>` elements (`style-src`). */
  styles: string[];
  /** `style` attribute values (`style-src` with `'unsafe-hashes'`): Starlight's icons and search dialog set some. */
  styleAttributes: string[];
}

/**
 * The `type` values of a script a browser runs, and so holds to `script-src`: none, `module`, `importmap` and the
 * JavaScript MIME type essences. Any other type is a data block (`application/ld+json`, whose structured data
 * quotes titles from the portal), which runs nowhere and is left out.
 * @see https://html.spec.whatwg.org/multipage/scripting.html#prepare-the-script-element
 * @see https://mimesniff.spec.whatwg.org/#javascript-mime-type
 */
const RUNNING_SCRIPT_TYPES = new Set([
  '',
  'module',
  'importmap',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Collects the hash sources of page after page: `add(html)` for each, then `sources()`. */
export function inlineSourceCollector() {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const styleAttributes = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === 'element') collect(node);
    // A <template>'s content is a fragment of its own (`content`), not its children: nothing in it runs or applies.
    if ('children' in node) for (const child of node.children) visit(child);
  };
  const collect = (element: Element) => {
    const { style, src, type } = element.properties;
    if (typeof style === 'string' && style) styleAttributes.add(hashSource(style));
    const text = element.tagName === 'script' || element.tagName === 'style' ? toString(element) : '';
    if (!text) return;
    if (element.tagName === 'style') styles.add(hashSource(text));
    else if (
      src === undefined &&
      RUNNING_SCRIPT_TYPES.has(
        String(type ?? '')
          .trim()
          .toLowerCase(),
      )
    )
      scripts.add(hashSource(text));
  };
  return {
    add(html: string): void {
      visit(fromHtml(html));
    },
    sources(): InlineSources {
      return { scripts: [...scripts].sort(), styles: [...styles].sort(), styleAttributes: [...styleAttributes].sort() };
    },
  };
}
