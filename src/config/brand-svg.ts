/**
 * What a brand SVG may not hold: it is published as a file of the roadmap's origin, and a browser that opens it
 * directly (a click on the logo's URL) runs what it holds with no page around it. The `_headers` CSP blocks
 * scripts, but GitHub Pages sends no headers. So an SVG is refused, with the element named, when it holds a
 * script, an event handler (`on…`), a `foreignObject` (HTML inside the SVG), an animation that sets a link, a
 * reference to anything outside the file (a link, an image, a stylesheet, a `url()` or `@import` in a style),
 * or an entity declaration. A logo of shapes, text, gradients and filters needs none of them. Refused rather than
 * cleaned: the team sees what to remove, and the image published is the one they drew. Pure.
 */
import { XMLParser } from 'fast-xml-parser';

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  allowBooleanAttributes: true,
  processEntities: false,
  ignorePiTags: false,
  cdataPropName: '#cdata',
});

/** Elements that run code or hold HTML. */
const REFUSED_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
/** Animations, which may set a link or a handler (SVG 2, "Animation"): `attributeName="href"` makes a link of anything. */
const ANIMATIONS = new Set(['set', 'animate', 'animatetransform', 'animatemotion']);
/** Attributes that name another resource; only a fragment of this file (`#id`) is allowed. */
const LINK_ATTRIBUTES = new Set(['href', 'src', 'xml:base']);
/** A style that loads something: `url(` to anything but a fragment, or `@import`. */
const LOADING_STYLE = /@import|url\(\s*(?!["']?\s*#)/i;

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

/** What makes `text` unsafe to publish, as "a <script> element", or undefined when nothing does. */
export function svgProblem(text: string): string | undefined {
  if (/<!ENTITY/i.test(text)) return 'an entity declaration (<!ENTITY)';
  let nodes: XmlNode[];
  try {
    nodes = parser.parse(text) as XmlNode[];
  } catch {
    return 'XML that cannot be read';
  }
  return nodesProblem(nodes);
}

function nodesProblem(nodes: readonly XmlNode[]): string | undefined {
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@')!;
    if (name === '#text' || name === '#cdata') continue;
    if (name.startsWith('?')) {
      if (name !== '?xml') return `a processing instruction <${name}>`;
      continue;
    }
    const element = localName(name);
    if (REFUSED_ELEMENTS.has(element)) return `a <${name}> element`;
    const animated = localName(String(node[':@']?.attributeName ?? ''));
    if (ANIMATIONS.has(element) && (LINK_ATTRIBUTES.has(animated) || animated.startsWith('on'))) return `a <${name}> that sets ${animated}`;
    for (const [attribute, value] of Object.entries(node[':@'] ?? {})) {
      const local = localName(attribute);
      if (local.startsWith('on')) return `an event handler (${attribute}) on <${name}>`;
      if ((LINK_ATTRIBUTES.has(local) || attribute === 'xml:base') && !String(value).trim().startsWith('#')) return `a reference outside the file (${attribute}) on <${name}>`;
      if (local === 'style' && LOADING_STYLE.test(String(value))) return `a style that loads a resource on <${name}>`;
    }
    const children = node[name] as XmlNode[];
    if (element === 'style' && LOADING_STYLE.test(JSON.stringify(children))) return 'a <style> that loads a resource (url() or @import)';
    const problem = nodesProblem(children);
    if (problem) return problem;
  }
  return undefined;
}
