import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { excerptNodes } from '../../../src/client-scripts/search-excerpt.ts';

const { document } = new JSDOM('<!doctype html><p id="out"></p>').window;
/** The excerpt as the results list shows it: appended to an element, read back as HTML. */
const rendered = (excerpt: string) => {
  const out = document.createElement('p');
  out.append(...excerptNodes(excerpt, document));
  return out.innerHTML;
};

describe('search result excerpts', () => {
  it('keeps the text and the <mark> around matched words', () => {
    expect(rendered('phone is charging on Wi-Fi <mark>overnight</mark>, fetch')).toBe('phone is charging on Wi-Fi <mark>overnight</mark>, fetch');
  });

  it('shows escaped markup as the text it is', () => {
    expect(rendered('a &lt;script&gt;alert(1)&lt;/script&gt; <mark>tag</mark>')).toBe('a &lt;script&gt;alert(1)&lt;/script&gt; <mark>tag</mark>');
  });

  it('turns any other element into its text, attributes and all dropped', () => {
    const html = rendered('<img src=x onerror="alert(1)">x <a href="javascript:alert(1)">link</a> <mark onclick="alert(1)" class="m">hit</mark><script>alert(2)</script>');
    expect(html).toBe('x link <mark>hit</mark>alert(2)');
  });
});
