/**
 * The sanitiser against the one it replaced: DOMPurify 3 on a jsdom window,
 * with the allow-list and hooks portal-roadmap 0.2.0 used (kept here as the
 * reference, both packages being devDependencies now). For every hostile
 * payload, pathological description and demo description, as raw HTML and as
 * what marked makes of it, both outputs are parsed by jsdom (a browser's
 * parser) and nothing of the new one may be missing from the reference: no
 * element, attribute or URL gets through that the reference stopped. What the
 * new one keeps, a browser could not run or be restyled by: no event handler,
 * style, class, id, name, form, frame, script, SVG or MathML, and only http,
 * https, mailto and relative URLs.
 */
import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked } from 'marked';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boundElementDepth } from '../../../src/descriptions/element-depth.ts';
import { sanitizeHtml } from '../../../src/descriptions/sanitize.ts';
import { PATHOLOGICAL_DESCRIPTIONS, PAYLOADS } from '../../support/hostile.ts';

const REFERENCE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'object',
    'embed',
    'frame',
    'frameset',
    'link',
    'meta',
    'base',
    'svg',
    'math',
    'video',
    'audio',
    'source',
    'track',
  ],
  FORBID_ATTR: ['style', 'class', 'id', 'name', 'srcset', 'target', 'formaction'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};
const window = new JSDOM('').window;
const reference = createDOMPurify(window);
reference.addHook('uponSanitizeAttribute', (_node, data) => {
  if (/^\s*data:/i.test(data.attrValue.replace(/[\u0000-\u0020]/g, ''))) data.keepAttr = false;
});
reference.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) node.setAttribute('rel', 'nofollow noopener noreferrer');
  if (node.tagName === 'IMG') {
    if (!/^https:\/\//i.test(node.getAttribute('src') ?? '')) return void node.remove();
    node.setAttribute('loading', 'lazy');
    node.setAttribute('decoding', 'async');
  }
});
const referenceSanitize = (html: string) => String(reference.sanitize(boundElementDepth(html), REFERENCE_CONFIG));

/** Every element and attribute of an HTML fragment as a browser parses it (as the content of a body): `tag`, `tag@attr=value`. */
function markup(html: string): Set<string> {
  const { body } = window.document;
  body.innerHTML = html;
  const found = new Set<string>();
  for (const element of body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    found.add(tag);
    for (const attribute of element.attributes) found.add(`${tag}@${attribute.name}=${attribute.value}`);
  }
  return found;
}

const ALLOWED_BARE = new Set(['p', 'table', 'tbody', 'tr', 'td', 'div', 'span']);
const marked = new Marked({ gfm: true, async: false });
const demo = JSON.parse(readFileSync(new URL('../../../src/data/demo/portal.json', import.meta.url), 'utf8')) as { issues: { description?: string | null }[] };
/** Markdown that a plain marked renders (the pathological descriptions need the renderer's bounds first, so they go in as raw HTML only). */
const markdown = [
  ...PAYLOADS,
  ...PAYLOADS.map((payload) => `[link](${payload}) ![image](${payload}) <a href="${payload}">a</a> <img src="${payload}">`),
  ...demo.issues.flatMap(({ description }) => (description ? [description] : [])),
];
// The pathological descriptions that bring markup (the others are about the renderer's bounds: descriptions/markdown.test.ts).
// Reopened formatting elements take any HTML parser (parse5's and jsdom's alike) most of a minute: the render
// budget shows them as plain text (test/integration/render-budget.test.ts).
const pathological = ['frameset', 'media'].map((name) => PATHOLOGICAL_DESCRIPTIONS[name]!.markdown);
const inputs = [...markdown, ...pathological, ...markdown.map((source) => marked.parse(source) as string)];

describe('the sanitiser against DOMPurify, the one it replaced', () => {
  it(`lets nothing through that DOMPurify stopped, in ${inputs.length} hostile and ordinary inputs`, () => {
    const extra: string[] = [];
    for (const input of inputs) {
      const before = markup(referenceSanitize(input));
      // An allowed element with no attribute is no carrier of code: parse5 and DOMPurify recover from broken foreign content differently, leaving an empty <table> or <p>.
      for (const item of markup(sanitizeHtml(input))) if (!before.has(item) && !ALLOWED_BARE.has(item)) extra.push(`${item}  ← ${input.slice(0, 80)}`);
    }
    expect(extra).toEqual([]);
  });

  it('keeps no handler, style, form, frame, script, SVG or MathML, and no URL but http, https, mailto and relative ones', () => {
    for (const input of inputs) {
      for (const item of markup(sanitizeHtml(input))) {
        expect(item, input).not.toMatch(/^(script|style|form|input|button|textarea|select|iframe|frame|frameset|object|embed|svg|math|link|meta|base|video|audio|template)\b/);
        expect(item, input).not.toMatch(/@(on[a-z]+|style|class|id|name|srcset|target|formaction)=/);
        const url = /@(?:href|src|cite)=(.*)$/s.exec(item)?.[1];
        if (url !== undefined) expect(url.replace(/[\u0000-\u0020]/g, ''), input).toMatch(/^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$)|$)/i);
      }
    }
  });

  it('writes ordinary descriptions as DOMPurify did, element for element', () => {
    for (const { description } of demo.issues) {
      if (!description) continue;
      const html = marked.parse(description) as string;
      expect([...markup(sanitizeHtml(html))].sort(), description).toEqual([...markup(referenceSanitize(html))].sort());
    }
  });
});
