/**
 * A team's SVG (a brand image, a release note's image) is published only when it holds nothing that runs or loads
 * when a browser opens it on its own; what it holds is read as a browser reads it (entities and CSS escapes decoded).
 */
import { readFileSync } from 'node:fs';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { SVG_ATTRIBUTES, SVG_ELEMENTS } from '../../../src/team-svg/allow-list.ts';
import { svgProblem } from '../../../src/team-svg/check.ts';
import { CONFIGURED_LOGO } from '../../support/fixtures.ts';

const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`;

describe('an SVG that would run or load anything when opened on its own is refused, naming what to remove', () => {
  const refused: [string, string, RegExp][] = [
    // Names are compared once entities are decoded: an animation that makes a link of its parent.
    ['an entity-encoded attributeName', svg('<a><set attributeName="&#104;ref" to="javascript:alert(1)"/><text>x</text></a>'), /^a <set> element \(line 1\): an animation/],
    ['<set>', svg('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'), /^a <set> element/],
    ['<animate>', svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'), /^a <animate> element/],
    ['<animate> of a harmless attribute', svg('<circle r="1"><animate attributeName="r" from="1" to="2" dur="1s"/></circle>'), /^a <animate> element/],
    ['<animateTransform>', svg('<g><animateTransform attributeName="transform" type="rotate" to="90"/></g>'), /^a <animateTransform> element/],
    ['<script>', svg('<script>alert(1)</script>'), /^a <script> element \(line 1\): a script runs when the image is opened on its own$/],
    ['a prefixed <svg:script>', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'), /^a <svg:script> element/],
    ['an HTML <script>', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), /^a <h:script> element of namespace "http:\/\/www\.w3\.org\/1999\/xhtml"/],
    ['<foreignObject>', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), /^a <foreignObject> element \(line 1\): it holds HTML/],
    ['onload', svg('', ' onload="alert(1)"'), /^the attribute onload \(on <svg>, line 1\): an event handler runs code/],
    ['onclick', svg('<rect onclick="alert(1)"/>'), /^the attribute onclick \(on <rect>, line 1\): an event handler/],
    [
      'an external href',
      svg('<image href="https://tracker.example/pixel.png"/>'),
      /^the link href="https:\/\/tracker\.example\/pixel\.png" \(on <image>, line 1\): a link may point only to an element of the same file/,
    ],
    ['use of another file', svg('<use href="other.svg#logo"/>'), /^the link href="other\.svg#logo" \(on <use>/],
    ['xlink:href="javascript:…"', svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>'), /^the link xlink:href="javascript:alert\(1\)" \(on <a>/],
    ['XLink under another prefix', svg('<a l:href="javascript:alert(1)" xmlns:l="http://www.w3.org/1999/xlink"><text>x</text></a>'), /^the link l:href="javascript:alert\(1\)"/],
    ['a link behind an encoded newline', svg('<a href="&#10;javascript:alert(1)"><text>x</text></a>'), /^the link href="\\njavascript:alert\(1\)"/],
    ['xml:base', svg('<g xml:base="https://evil.example/"/>'), /^the attribute xml:base \(on <g>, line 1\): it is none of the attributes/],
    ['a DOCTYPE with entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`, /^a DOCTYPE with declarations \(line 1\)/],
    ['a stylesheet processing instruction', `<?xml-stylesheet href="https://evil.example/x.css"?>${svg('')}`, /^a processing instruction <\?xml-stylesheet\?>/],
    // CSS is read with its escapes decoded, after the XML's entities.
    [
      '&#117;rl( in a style',
      svg('<rect style="fill: &#117;rl(https://evil.example/x)"/>'),
      /^url\("https:\/\/evil\.example\/x"\), a link to another file \(in style on <rect>, line 1\)$/,
    ],
    ['u\\72l( in a style', svg('<rect style="fill: u\\72l(https://evil.example/x)"/>'), /^"u\\\\72l\(https", a url\(\) whose link is not one quoted string \(in style on <rect>/],
    ['@\\69mport in <style>', svg("<style>@\\69mport 'https://evil.example/x.css';</style>"), /^@import, which loads another stylesheet \(in <style>, line 1\)$/],
    ['@import in <style>', svg('<style>@import "https://evil.example/x.css";</style>'), /^@import, which loads another stylesheet/],
    ["image-set('…')", svg('<rect style="fill: image-set(\'https://evil.example/a.png\' 1x)"/>'), /^image-set\(\), which loads other files \(in style on <rect>/],
    [
      'a quoted url() in CDATA',
      svg('<style><![CDATA[.a { fill: url("https://evil.example/x") }]]></style>'),
      /^url\("https:\/\/evil\.example\/x"\), a link to another file \(in <style>/,
    ],
    ['@font-face', svg('<style>@font-face { font-family: x; src: local(x) }</style>'), /^@font-face, which loads a font/],
    [
      'a url() in a presentation attribute',
      svg('<rect fill="url(https://evil.example/p#g)"/>'),
      /^url\("https:\/\/evil\.example\/p#g"\), a link to another file \(in fill on <rect>/,
    ],
    ['a url() split by a comment', svg('<style>.a{fill:url(<!-- -->https://evil.example/x)}</style>'), /^url\("https:\/\/evil\.example\/x"\)/],
    ['an element in <style>', svg('<style>url(<g>#</g>https://evil.example/x)</style>'), /^a <g> element inside <style>/],
    // What a browser would read otherwise than this check.
    ['an encoding other than UTF-8', `<?xml version="1.0" encoding="ISO-8859-1"?>${svg('')}`, /^the encoding "ISO-8859-1" \(line 1\): save the file as UTF-8$/],
    ['XML that is not well-formed', svg('<rect'), /^XML that cannot be read \(1:\d+: .*\): a browser shows an error instead of the image$/],
    ['an element of no namespace', '<svg><rect/></svg>', /^a root element <svg> of no namespace/],
    ['an element no picture is drawn with', svg('<iframe src="https://evil.example/"/>'), /^a <iframe> element \(line 1\): it loads another page/],
    ['an unknown attribute', svg('<rect formaction="x"/>'), /^the attribute formaction \(on <rect>, line 1\): it is none of the attributes a picture is drawn with$/],
  ];

  it.each(refused)('%s', (_, text, problem) => {
    expect(svgProblem(text)).toMatch(problem);
  });

  it('bytes that are not UTF-8 (a browser would read them in another encoding)', () => {
    expect(svgProblem(Buffer.concat([Buffer.from(svg('<text>')), Buffer.from([0xff, 0xfe]), Buffer.from('</text>')]))).toBe('bytes that are not UTF-8: save the file as UTF-8');
  });

  it('names the line of what to remove', () => {
    expect(svgProblem(`<?xml version="1.0"?>\n${svg('\n  <rect/>\n  <script>alert(1)</script>\n')}`)).toMatch(/^a <script> element \(line 4\)/);
  });

  it('keeps what the file holds harmless in the one-line message: quoted, escaped, cut', () => {
    const problem = svgProblem(svg(`<a href="javascript:alert(1)//\u001b[31m\n::error::${'x'.repeat(200)}"/>`))!;
    expect(problem).not.toMatch(/[\u0000-\u001f]/);
    expect(problem.length).toBeLessThan(260);
  });
});

describe('a logo of shapes, text, gradients, filters and links to its own elements is published as drawn', () => {
  const drawn: [string, string][] = [
    [
      'gradients, a filter, text, use href="#id", url(#grad) fills and a stylesheet',
      `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 40" role="img" aria-label="Acme">
  <title>Acme &amp; co</title>
  <defs>
    <linearGradient id="grad" x1="0" x2="1" gradientTransform="rotate(45)"><stop offset="0" stop-color="#123"/><stop offset="1" stop-color="rgb(1 2 3 / 50%)"/></linearGradient>
    <radialGradient id="glow"><stop offset="0%" stop-color="hsl(200 50% 50%)"/></radialGradient>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur in="SourceAlpha" stdDeviation="2"/><feOffset dx="1" dy="1" result="o"/><feMerge><feMergeNode in="o"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
    <clipPath id="clip"><circle cx="20" cy="20" r="18"/></clipPath>
    <path id="mark" d="M0 0h10v10z"/>
  </defs>
  <style><![CDATA[.a { fill: url(#grad); } @media (prefers-color-scheme: dark) { .a { fill: url("#glow"); } } text:not(.b) { font: 600 12px "Inter", sans-serif; }]]></style>
  <g clip-path="url(#clip)" filter="url(#shadow)" transform="translate(2 2) scale(1.5)">
    <rect class="a" width="40" height="40" rx="6" style="fill: url('#grad'); stroke: currentColor"/>
    <use href="#mark" x="5"/><use xlink:href="#mark" x="15"/>
  </g>
  <a href="#mark"><text x="50" y="26" font-family="Inter" font-weight="700" fill="url(#grad)">Acme<tspan dx="2">co</tspan></text></a>
</svg>`,
    ],
    [
      "Illustrator's export: a DOCTYPE without declarations, data-name, enable-background",
      `<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
	 viewBox="0 0 100 100" style="enable-background:new 0 0 100 100;" xml:space="preserve">
<style type="text/css">
	.st0{fill:#1D4ED8;}
</style>
<g data-name="Layer 2"><polygon class="st0" points="10,90 50,10 90,90 "/></g>
</svg>`,
    ],
    [
      "Inkscape's own SVG: editor state and licence metadata",
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" viewBox="0 0 10 10" inkscape:version="1.3" sodipodi:docname="logo.svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="1"/>
  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:type rdf:resource="http://purl.org/dc/dcmitype/StillImage"/></cc:Work></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer"><ellipse cx="5" cy="5" rx="4" ry="3" style="fill:#0e7490;stroke-width:0.5"/></g>
</svg>`,
    ],
    ['the package favicon (src/assets/favicon.svg)', readFileSync(new URL('../../../src/assets/favicon.svg', import.meta.url), 'utf8')],
    ["the configured fixture's logo", CONFIGURED_LOGO],
  ];

  it.each(drawn)('%s', (_, text) => {
    expect(svgProblem(text)).toBeUndefined();
    expect(svgProblem(Buffer.from(`\uFEFF${text}`))).toBeUndefined();
  });
});

describe('the allow-list', () => {
  it("allows nothing DOMPurify's SVG profiles remove, but <use>, role and enable-background", () => {
    // Every allowed element, and every allowed attribute on one of them, through DOMPurify (its HTML parser adjusts SVG's case).
    const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    const attributes = [...SVG_ATTRIBUTES].map((name) => `${name}="${name === 'href' ? '#a' : '1'}"`).join(' ');
    const elements = [...SVG_ELEMENTS].filter((name) => name !== 'svg').map((name) => `<${name}></${name}>`);
    purify.sanitize(svg(`<g ${attributes} aria-label="A" data-name="B" xml:space="preserve" xlink:href="#a" xlink:title="C"></g>${elements.join('')}`), {
      USE_PROFILES: { svg: true, svgFilters: true },
    });
    const removed = purify.removed.map((entry) => ('element' in entry ? entry.element.nodeName : `@${entry.attribute?.name}`)).filter((name) => name !== 'BODY');
    // <use>: held here to links of the same file; role: DOMPurify's HTML profile allows it; enable-background: inert.
    expect(removed.sort()).toEqual(['@enable-background', '@role', 'use']);
  });
});
