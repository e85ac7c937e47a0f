/**
 * What an SVG of the team's may hold, by name: the elements and attributes a picture is drawn with, and nothing
 * that runs, animates or loads. Derived from DOMPurify's SVG allow-lists (`svg`, `svgFilters`, the `svg` and `xml`
 * attributes of dompurify 3.4, its tags and attrs modules), spelled as SVG spells them (XML is case-sensitive:
 * `linearGradient`, `viewBox`), less what a still image needs none of: the animations (`animateColor`,
 * `animateMotion`, `animateTransform`, `mpath` and their timing attributes), SVG 1.1 fonts (`font`, `glyph`,
 * `altGlyph*`, `hkern`, `vkern`, `tref`), which no browser draws. `use` is added (DOMPurify refuses it for the
 * links it may follow; here every link is held to the file's own elements, `#id`), and so are `role`, `aria-*`
 * and `data-*` (DOMPurify allows them by default) and Illustrator's `enable-background`.
 * test/unit/team-svg/check.test.ts holds these lists to DOMPurify's: nothing allowed here that DOMPurify removes, but `use`.
 * @see https://github.com/cure53/DOMPurify/blob/main/src/tags.ts
 */

export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
export const XLINK_NAMESPACE = 'http://www.w3.org/1999/xlink';
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** The SVG elements a picture is drawn with: shapes, text, paint servers, clipping, masks, filters, structure. */
export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  ...['svg', 'g', 'defs', 'symbol', 'use', 'switch', 'a', 'view', 'title', 'desc', 'metadata', 'style'],
  ...['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'image', 'marker', 'pattern'],
  ...['text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'filter'],
  ...['feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting'],
  ...['feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR'],
  ...['feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight'],
  ...['feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence'],
]);

/**
 * The attributes (of no namespace) any of them may carry: geometry, presentation, paint, text, filters. Their
 * values are CSS where SVG reads them as CSS (`fill="url(#g)"`), and are held to the style rules
 * (src/team-svg/style.ts); `href` is held to the file's own elements.
 */
export const SVG_ATTRIBUTES: ReadonlySet<string> = new Set([
  // Structure and geometry.
  ...['id', 'class', 'style', 'version', 'viewBox', 'preserveAspectRatio', 'zoomAndPan', 'width', 'height', 'x', 'y'],
  ...['x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'pathLength', 'transform'],
  ...['transform-origin', 'href', 'type', 'media', 'lang', 'tabindex', 'systemLanguage', 'role'],
  // Gradients, patterns, markers, clipping and masks.
  ...['offset', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits'],
  ...['patternTransform', 'markerUnits', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'clipPathUnits'],
  ...['maskUnits', 'maskContentUnits', 'mask-type'],
  // Presentation.
  ...['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap'],
  ...['stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color', 'display'],
  ...['visibility', 'overflow', 'clip', 'clip-path', 'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid'],
  ...['marker-end', 'paint-order', 'vector-effect', 'shape-rendering', 'image-rendering', 'color-interpolation'],
  ...['color-interpolation-filters', 'color-rendering', 'color-profile', 'stop-color', 'stop-opacity', 'flood-color'],
  ...['flood-opacity', 'lighting-color', 'pointer-events', 'enable-background'],
  // Text.
  ...['font-family', 'font-size', 'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight'],
  ...['text-anchor', 'text-decoration', 'text-rendering', 'text-orientation', 'dominant-baseline'],
  ...['alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'kerning', 'writing-mode'],
  ...['direction', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'path'],
  // Filters.
  ...['filterUnits', 'primitiveUnits', 'in', 'in2', 'result', 'mode', 'operator', 'k1', 'k2', 'k3', 'k4', 'values'],
  ...['tableValues', 'slope', 'intercept', 'amplitude', 'exponent', 'stdDeviation', 'edgeMode', 'kernelMatrix'],
  ...['kernelUnitLength', 'order', 'divisor', 'bias', 'targetX', 'targetY', 'preserveAlpha', 'surfaceScale'],
  ...['diffuseConstant', 'specularConstant', 'specularExponent', 'azimuth', 'elevation', 'z', 'scale'],
  ...['xChannelSelector', 'yChannelSelector', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'radius'],
]);

/** Attributes of no namespace allowed by pattern: `aria-label`, `data-name` (Illustrator's layer names). */
export const SVG_ATTRIBUTE_PATTERN = /^(?:aria|data)-[a-z][a-z0-9-]*$/;

/** Attributes of the XML and XLink namespaces, by namespace: `xml:space`, `xlink:href` (held to `#id` as `href` is). */
export const NAMESPACED_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [XML_NAMESPACE, new Set(['space', 'lang'])],
  [XLINK_NAMESPACE, new Set(['href', 'title'])],
]);

/** The attributes that name another resource, by namespace and local name: only `#id` of the same file is allowed. */
export const isLinkAttribute = (uri: string, local: string) => local === 'href' && (uri === '' || uri === XLINK_NAMESPACE);

/** The attributes whose value is text, not CSS: not held to the style rules (an `aria-label` may say "url("). */
export const isTextAttribute = (local: string) => local === 'id' || local === 'lang' || local === 'role' || SVG_ATTRIBUTE_PATTERN.test(local);

/**
 * The namespaces of drawing programs' own data, which browsers give no behaviour to (an element of an unknown
 * namespace is a plain `Element`): Inkscape's and Sodipodi's editor state, and the RDF, Creative Commons and Dublin
 * Core licence data it writes in `<metadata>`. Their elements and attributes pass; what they hold is checked as well.
 */
export const EDITOR_NAMESPACES: ReadonlySet<string> = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://web.resource.org/cc/',
  'http://purl.org/dc/elements/1.1/',
]);

/** Why a known element is refused, where more can be said than "not an element a picture is drawn with". */
export const REFUSED_BECAUSE: Readonly<Record<string, string>> = {
  script: 'a script runs when the image is opened on its own',
  foreignObject: 'it holds HTML, which may run scripts',
  set: 'an animation can turn any attribute into a link or an event handler',
  animate: 'an animation can turn any attribute into a link or an event handler',
  animateColor: 'an animation can turn any attribute into a link or an event handler',
  animateMotion: 'an animation can turn any attribute into a link or an event handler',
  animateTransform: 'an animation can turn any attribute into a link or an event handler',
  discard: 'it belongs to animations',
  mpath: 'it belongs to animations',
  iframe: 'it loads another page',
  cursor: 'it loads a cursor image',
};
