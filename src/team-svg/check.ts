/**
 * Whether an SVG of the team's (a brand image: src/config/brand.ts; a release note's image:
 * src/content/release-notes.ts) may be published. It is served as a file of the roadmap's origin, and a browser that
 * opens it on its own (a click on the image's URL) runs what it holds with no page around it; the `_headers` CSP
 * blocks scripts, but GitHub Pages sends no headers. So the file is read as a browser reads it, by a conforming XML
 * parser (saxes: well-formedness, namespaces, entities and character references decoded; the one jsdom parses XML
 * with), and every element and attribute is held to an allow-list (src/team-svg/allow-list.ts), every link to the
 * file's own elements (`href="#id"`), every style to src/team-svg/style.ts. A file with a DOCTYPE that declares
 * anything, a processing instruction (`<?xml-stylesheet?>`) or an encoding other than UTF-8 is refused too.
 * Refused, not cleaned: the team sees what to remove, and the image published is the one they drew. Pure.
 */
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import {
  EDITOR_NAMESPACES,
  isLinkAttribute,
  isTextAttribute,
  NAMESPACED_ATTRIBUTES,
  REFUSED_BECAUSE,
  SVG_ATTRIBUTE_PATTERN,
  SVG_ATTRIBUTES,
  SVG_ELEMENTS,
  SVG_NAMESPACE,
  XMLNS_NAMESPACE,
} from './allow-list.ts';
import { isFragment, quoted, styleProblem } from './style.ts';

/** What to do about a refused SVG, for the end of its one-line message. */
export const SVG_FIX = 'Remove it; docs/security.md lists what a published SVG may hold.';

/** The first thing parsing found that may not be published; thrown to stop the parser there. */
class Refusal {
  readonly problem: string;
  constructor(problem: string) {
    this.problem = problem;
  }
}

/**
 * What makes `file` unsafe to publish, as `a <script> element (line 3): a script runs when the image is opened on
 * its own`, or undefined when nothing does. Bytes are read as UTF-8, which a file that is not cannot be.
 */
export function svgProblem(file: string | Uint8Array): string | undefined {
  let text: string;
  try {
    text = typeof file === 'string' ? file : new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return 'bytes that are not UTF-8: save the file as UTF-8';
  }
  const parser = new SaxesParser({ xmlns: true, position: true });
  const refuse = (problem: string): never => {
    throw new Refusal(problem);
  };
  const open: { element: SaxesTagNS; style: string }[] = [];
  let root = true;
  parser.on('xmldecl', ({ version, encoding }) => {
    if (version !== '1.0') refuse(`XML version ${quoted(version ?? '')} (line ${parser.line}): only XML 1.0 is read alike by every browser`);
    if (encoding !== undefined && !/^utf-8$/i.test(encoding)) refuse(`the encoding ${quoted(encoding)} (line ${parser.line}): save the file as UTF-8`);
  });
  parser.on('doctype', (doctype) => {
    if (doctype.includes('[')) refuse(`a DOCTYPE with declarations (line ${parser.line}): they define entities, which may hide what the file holds`);
  });
  parser.on('processinginstruction', ({ target }) => refuse(`a processing instruction <?${target}?> (line ${parser.line}): it may load a stylesheet`));
  parser.on('opentag', (element) => {
    if (root && (element.uri !== SVG_NAMESPACE || element.local !== 'svg'))
      refuse(`a root element <${element.name}> of ${namespaceName(element.uri)} (line ${parser.line}): an SVG's is <svg xmlns="${SVG_NAMESPACE}">`);
    root = false;
    if (isStyle(open.at(-1)?.element)) refuse(`a <${element.name}> element inside <style> (line ${parser.line}): a stylesheet is text`);
    const problem = elementProblem(element) ?? attributesProblem(element);
    if (problem) refuse(`${problem.replace('{line}', `line ${parser.line}`)}`);
    open.push({ element, style: '' });
  });
  const addText = (text: string) => {
    const current = open.at(-1);
    if (current && isStyle(current.element)) current.style += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    const { element, style } = open.pop()!;
    const problem = style ? styleProblem(style) : undefined;
    if (problem) refuse(`${problem} (in <${element.name}>, line ${parser.line})`);
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof Refusal) return error.problem;
    return `XML that cannot be read (${error instanceof Error ? error.message : String(error)}): a browser shows an error instead of the image`;
  }
  return undefined;
}

const isStyle = (element: SaxesTagNS | undefined) => element?.uri === SVG_NAMESPACE && element.local === 'style';

const namespaceName = (uri: string) => (uri ? `namespace ${quoted(uri)}` : 'no namespace');

/** What is wrong with the element itself, with `{line}` for its line. */
function elementProblem({ name, uri, local }: SaxesTagNS): string | undefined {
  if (uri === SVG_NAMESPACE) {
    if (SVG_ELEMENTS.has(local)) return undefined;
    return `a <${name}> element ({line}): ${REFUSED_BECAUSE[local] ?? 'it is none of the SVG elements a picture is drawn with'}`;
  }
  if (EDITOR_NAMESPACES.has(uri)) return undefined;
  return `a <${name}> element of ${namespaceName(uri)} ({line}): only SVG's own elements are published, since another namespace's (HTML's) may run scripts`;
}

/** What is wrong with an attribute of the element, with `{line}` for the element's line. */
function attributesProblem({ name: element, uri: elementUri, attributes }: SaxesTagNS): string | undefined {
  // An editor's element (`<sodipodi:namedview pagecolor>`) has no behaviour: its attributes pass, but for handlers' names.
  const editorElement = EDITOR_NAMESPACES.has(elementUri);
  for (const attribute of Object.values(attributes) as SaxesAttributeNS[]) {
    const { name, uri, local, value } = attribute;
    if (uri === XMLNS_NAMESPACE || EDITOR_NAMESPACES.has(uri)) continue;
    if (editorElement && uri === '' && !local.startsWith('on')) continue;
    const allowed = uri === '' ? SVG_ATTRIBUTES.has(local) || SVG_ATTRIBUTE_PATTERN.test(local) : (NAMESPACED_ATTRIBUTES.get(uri)?.has(local) ?? false);
    const where = `on <${element}>, {line}`;
    if (!allowed) {
      const why = uri === '' && local.startsWith('on') ? 'an event handler runs code when the image is opened on its own' : 'it is none of the attributes a picture is drawn with';
      return `the attribute ${name} (${where}): ${why}`;
    }
    if (isLinkAttribute(uri, local)) {
      if (!isFragment(value)) return `the link ${name}=${quoted(value)} (${where}): a link may point only to an element of the same file, as href="#logo" does`;
    } else if (uri === '' && !isTextAttribute(local)) {
      const problem = styleProblem(value);
      if (problem) return `${problem} (in ${name} ${where})`;
    }
  }
  return undefined;
}
