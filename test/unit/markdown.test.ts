import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/content/markdown.ts';

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured markdown', () => {
    const html = renderMarkdown('**bold** and a list:\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<table>');
  });

  it('starts headings at h3, below the page h1 and section h2', () => {
    expect(renderMarkdown('# Top\n\n#### Deep')).toBe('<h3>Top</h3>\n<h6>Deep</h6>\n');
  });

  it('removes scripts, event handlers and forbidden elements', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src="https://x/y.png" onerror="alert(1)"><style>*{}</style><iframe src="https://x"></iframe><form><input></form><svg><script>1</script></svg><math><mi>x</mi></math><p style="color:red" data-x="1">ok</p>');
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
