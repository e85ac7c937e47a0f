import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_LIMITS, plainTextHtml, retranslatedTruncationNote } from '../../../src/descriptions/description-limits.ts';
import { boundElementDepth } from '../../../src/descriptions/element-depth.ts';
import { renderDescription, renderMarkdown } from '../../../src/descriptions/markdown.ts';

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured markdown', () => {
    const html = renderMarkdown('**bold** and a list:\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<table>');
  });

  it('starts headings at h3, below the page h1 and section h2, and never skips a level', () => {
    expect(renderMarkdown('# Top\n\n#### Deep')).toBe('<h3>Top</h3>\n<h4>Deep</h4>\n');
    // The description's own highest level is h3, whatever it is in markdown; going back up is fine, going down is one step.
    expect(renderMarkdown('## A\n\n#### B\n\n### C\n\n## D\n\n###### E')).toBe('<h3>A</h3>\n<h4>B</h4>\n<h4>C</h4>\n<h3>D</h3>\n<h4>E</h4>\n');
    expect(renderMarkdown('#### Only')).toBe('<h3>Only</h3>\n');
  });

  it('removes scripts, event handlers and forbidden elements', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script><img src="https://x/y.png" onerror="alert(1)"><style>*{}</style><iframe src="https://x"></iframe><form><input></form><svg><script>1</script></svg><math><mi>x</mi></math><p style="color:red" data-x="1">ok</p>',
    );
    expect(html).not.toMatch(/<script|onerror|<style|<iframe|<form|<input|<svg|<math|style=|data-x/i);
    expect(html).toContain('<img src="https://x/y.png"');
    expect(html).toContain('<p>ok</p>');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '<img src="data:image/png;base64,iVBORw0KGgo=">',
  ])('drops the URL of %s', (markdown) => {
    expect(renderMarkdown(markdown)).not.toMatch(/javascript|vbscript|data:/i);
  });

  it('keeps http, https, mailto and relative links, marking external ones', () => {
    const html = renderMarkdown('[a](https://example.com) [b](mailto:x@example.com) [c](/issues/1/) [d](#top)');
    expect(html).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">a</a>');
    expect(html).toContain('<a href="mailto:x@example.com">b</a>');
    expect(html).toContain('<a href="/issues/1/">c</a>');
    expect(html).toContain('<a href="#top">d</a>');
  });

  it('neutralises <xmp> and markup split across tags', () => {
    const html = renderMarkdown('<xmp><img src=x onerror=alert(1)></xmp><<script>script>alert(1)<</script>/script>');
    expect(html).not.toMatch(/<script|onerror=|<xmp/i);
  });

  it('keeps https images, lazily loaded, and drops any other image', () => {
    const html = renderMarkdown('![a](https://cdn.example.com/a.png) ![b](http://cdn.example.com/b.png) ![c](/c.png)');
    expect(html).toContain('<img src="https://cdn.example.com/a.png" alt="a" loading="lazy" decoding="async">');
    expect(html.match(/<img/g)).toHaveLength(1);
  });

  it('drops a heading left empty by sanitising', () => {
    expect(renderMarkdown('# <script>alert(1)</script>\n\ntext')).toBe('\n<p>text</p>\n');
  });

  it('renders nothing for blank input', () => {
    expect(renderMarkdown(null)).toBe('');
    expect(renderMarkdown('   ')).toBe('');
  });
});

/** The most elements named `tag` any element of `root` lies inside, itself included. */
function deepest(root: Element, tag: string): number {
  let most = 0;
  for (const element of root.getElementsByTagName('*')) {
    let depth = 0;
    for (let at: Element | null = element; at; at = at.parentElement) if (at.tagName === tag) depth++;
    most = Math.max(most, depth);
  }
  return most;
}

describe('renderMarkdown under hostile input', () => {
  const nestedB = (n: number) => '<b>'.repeat(n);

  it('renders a description that is only a frameset as text, instead of crashing on a document without a body', () => {
    expect(renderMarkdown('<frameset>')).toBe('&lt;frameset>');
    expect(renderMarkdown('<frameset><frame src="https://x.example">\n\nafter')).toContain('<p>after</p>');
  });

  it('flattens 2 KB of nested block quote markers instead of overflowing the stack', () => {
    const html = renderMarkdown(`${'>'.repeat(2000)} deep`);
    const { document } = new JSDOM(html).window;
    expect(document.querySelectorAll('blockquote')).toHaveLength(DESCRIPTION_LIMITS.maxContainerMarkers);
    // The markers past the limit are still there, as text.
    expect(document.body.textContent).toContain(`${'>'.repeat(2000 - DESCRIPTION_LIMITS.maxContainerMarkers)} deep`);
  });

  it('flattens 2 KB of nested list markers and of deeply indented items', () => {
    const sameLine = new JSDOM(renderMarkdown(`${'- '.repeat(1000)}deep`)).window.document;
    expect(sameLine.querySelectorAll('ul')).toHaveLength(DESCRIPTION_LIMITS.maxContainerMarkers);
    expect(sameLine.body.textContent).toContain('- - -');
    const indented = Array.from({ length: 300 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n');
    const document = new JSDOM(renderMarkdown(indented)).window.document;
    expect(document.body.textContent).toContain('item 299');
    expect(deepest(document.body, 'UL')).toBeLessThanOrEqual(DESCRIPTION_LIMITS.maxMarkerIndent / 2 + 1);
  });

  it('shows 10,000 nested inline tags past the depth limit as text', () => {
    const html = renderMarkdown(`${nestedB(10_000)}x`);
    const { document } = new JSDOM(html).window;
    expect(deepest(document.body, 'B')).toBe(DESCRIPTION_LIMITS.maxElementDepth - 1);
    expect(document.body.textContent).toContain('<b><b>');
  });

  it('renders 300 KB of the pattern marked is quadratic on (e-mail autolink runs): a hang would pass the test timeout', () => {
    for (const pattern of ['_a', 'a.', '*a']) {
      const html = renderMarkdown(pattern.repeat(150_000));
      expect(html.length, pattern).toBeGreaterThan(DESCRIPTION_LIMITS.maxChars);
    }
    expect(renderMarkdown(`${'a'.repeat(90_000)}@example.com`)).toContain('@example.com');
  });

  it('bounds the work spent on nested emphasis and shows the rest as text', () => {
    const html = renderMarkdown(`${'*a '.repeat(16_000)}x${' a*'.repeat(16_000)}`);
    const { document } = new JSDOM(html).window;
    expect(document.querySelectorAll('em').length).toBeGreaterThan(0);
    expect(document.querySelectorAll('em').length).toBeLessThan(1000);
    expect(document.body.textContent).toContain('*a *a');
  });

  it('cuts a description at the length limit with a visible note', () => {
    const html = renderMarkdown(`${'word '.repeat(30_000)}\n\nEND-MARKER`, { truncatedNote: 'Cut here.' });
    expect(html).not.toContain('END-MARKER');
    expect(html.endsWith('<p><em>Cut here.</em></p>\n')).toBe(true);
  });

  // The content layer renders once, in the main language; a page of another language (locales) says the note in its own.
  it("says a cut description's note in the page's language, and leaves every other description alone", () => {
    const cut = renderMarkdown(`${'word '.repeat(30_000)}`, { truncatedNote: 'Cut here.' });
    const german = retranslatedTruncationNote(cut, 'Cut here.', 'Hier gekürzt.');
    expect(german.endsWith('<p><em>Hier gekürzt.</em></p>\n')).toBe(true);
    expect(german).not.toContain('Cut here.');
    expect(german.slice(0, 100)).toBe(cut.slice(0, 100));
    const whole = renderMarkdown('Cut here. is a sentence of the description.', { truncatedNote: 'Cut here.' });
    expect(retranslatedTruncationNote(whole, 'Cut here.', 'Hier gekürzt.')).toBe(whole);
    expect(retranslatedTruncationNote(cut, 'Cut here.', 'Cut here.')).toBe(cut);
  });

  it('names the bounds a description ran into, and none for a normal one', () => {
    expect(renderDescription('**fine**').limits).toEqual([]);
    expect(renderDescription(`${'>'.repeat(100)} x`).limits).toEqual(['nesting']);
    expect(renderDescription(`${nestedB(500)}x`).limits).toEqual(['element depth']);
    expect(renderDescription('x'.repeat(DESCRIPTION_LIMITS.maxChars + 1)).limits).toEqual(['length']);
  });

  it('drops media elements, which the CSP would refuse to load', () => {
    const html = renderMarkdown(
      '<video src="https://x.example/v.mp4" controls><source src="https://x.example/v.webm"><track src="https://x.example/t.vtt"></video><audio src="https://x.example/a.mp3"></audio>',
    );
    expect(html).not.toMatch(/<(video|audio|source|track)/i);
  });

  it('keeps ordinary nesting, lists and e-mail links as they were', () => {
    const html = renderMarkdown('> quote\n> > inner\n\n- a\n  - b\n    - c\n\nMail me@example.com or <b><i>x</i></b>.');
    const { document } = new JSDOM(html).window;
    expect(document.querySelectorAll('blockquote')).toHaveLength(2);
    expect(document.querySelectorAll('ul')).toHaveLength(3);
    expect(document.querySelector('a[href="mailto:me@example.com"]')).not.toBeNull();
    expect(document.querySelector('b > i')?.textContent).toBe('x');
  });
});

describe('boundElementDepth', () => {
  it('shows start tags past the depth as text, and keeps the rest', () => {
    expect(boundElementDepth('<i><b>x</b></i>', 1)).toBe('<i>&lt;b>x</b></i>');
    expect(boundElementDepth('<br><hr><img src=x>', 0)).toBe('<br><hr><img src=x>');
  });

  it('reads quoted attribute values as the HTML tokenizer does, so a tag inside one is not missed or hidden', () => {
    // The `<b>` inside the value is no tag for the parser; the escaped tag's own `<` in a value must not become one either.
    expect(boundElementDepth('<i title="<b>">x', 5)).toBe('<i title="<b>">x');
    expect(boundElementDepth('<i><i title="<b>">', 1)).toBe('<i>&lt;i title="&lt;b>">');
    // `="<b` right after the name is an attribute name, not the start of a value: the `>` after it ends the tag, and the tags after it count.
    expect(boundElementDepth(`<i ="${'<b>'.repeat(3)}`, 2)).toBe('<i ="<b><b>&lt;b>');
  });

  it('counts an end tag only against an element of its name, and skips comments and raw text', () => {
    expect(boundElementDepth('<span></x><span></x><span>', 2)).toBe('<span></x><span></x>&lt;span>');
    expect(boundElementDepth('<!-- <b><b><b> --><b>', 1)).toBe('<!-- <b><b><b> --><b>');
    expect(boundElementDepth('<script><b><b></script><b>', 1)).toBe('<script><b><b></script><b>');
  });

  it('closes one open <p> or <li> by the next, as the parser does', () => {
    expect(boundElementDepth('<ul><li>a<li>b<li>c</ul>', 2)).toBe('<ul><li>a<li>b<li>c</ul>');
  });
});

describe('plainTextHtml, the fallback', () => {
  it('escapes everything and keeps paragraphs and line breaks', () => {
    expect(plainTextHtml('<img src=x onerror=alert(1)>\nline two\n\n**not bold**')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;<br>\nline two</p>\n<p>**not bold**</p>\n');
  });
});
