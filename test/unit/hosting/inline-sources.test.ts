/**
 * The hash sources of what a page carries inline (src/hosting/inline-sources.ts): the elements a browser would run
 * or apply, read as a browser parses the page, and nothing that only looks like one.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineSourceCollector } from '../../../src/hosting/inline-sources.ts';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const sourcesOf = (...pages: string[]) => {
  const collector = inlineSourceCollector();
  for (const page of pages) collector.add(page);
  return collector.sources();
};

describe('the inline sources of pages', () => {
  it('hashes every script a browser runs, of any JavaScript type, each once across pages, and no data block or external script', () => {
    const page = `<head><script>a()</script><script type="module">b()</script><script type=" Text/JavaScript ">c()</script>
      <script type="application/ld+json">{"name":"x"}</script><script type="application/json">{}</script><script type="text/template">d()</script>
      <script src="/e.js">ignored()</script><script></script></head>`;
    expect(sourcesOf(page, page).scripts).toEqual([hashOf('a()'), hashOf('b()'), hashOf('c()')].sort());
  });

  it('hashes the text of a script as the browser reads it, up to the first end tag, and a style the same', () => {
    const { scripts, styles } = sourcesOf('<script>\nlet t = "</scrip" + "t>";\n</script><style>p::after { content: "</b>"; }</style>');
    expect(scripts).toEqual([hashOf('\nlet t = "</scrip" + "t>";\n')]);
    expect(styles).toEqual([hashOf('p::after { content: "</b>"; }')]);
  });

  it('takes nothing from text that only looks like an element: an attribute value, a title, a comment, a template, a text area', () => {
    const page = `<head><title>&lt;script&gt;t()&lt;/script&gt;</title>
      <meta property="og:title" content="<script>a()</script><style>b{}</style>">
      <link rel="alternate" title='<script>c()</script>' href="/feed.xml"><!-- <script>d()</script> -->
      </head><body><template><script>f()</script><p style="g:h"></p></template>
      <textarea><script>i()</script></textarea><p>&lt;style&gt;j{}&lt;/style&gt;</p></body>`;
    expect(sourcesOf(page)).toEqual({ scripts: [], styles: [], styleAttributes: [] });
  });

  it('hashes the value of each style attribute, on HTML and SVG elements, entities decoded', () => {
    const page = '<body><p style="--sl-icon-size: 1em;"></p><svg><path style="fill: red"/></svg><div style="content: &quot;a&quot;"></div><p style=""></p></body>';
    expect(sourcesOf(page).styleAttributes).toEqual([hashOf('--sl-icon-size: 1em;'), hashOf('fill: red'), hashOf('content: "a"')].sort());
  });
});
