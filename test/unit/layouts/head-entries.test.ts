import { describe, expect, it } from 'vitest';
import { headEntries } from '../../../src/layouts/head-entries.ts';

describe("the roadmap's head as Starlight's head entries", () => {
  const html = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Dark mode · Acme roadmap</title>',
    '<meta name="color-scheme" content="light dark">',
    '<link rel="icon" href="/roadmap/brand/favicon.svg" type="image/svg+xml">',
    '<link rel="alternate" hreflang="de-DE" href="https://docs.example.com/roadmap/de/">',
    '<meta property="og:title" content="Tom &amp; Jerry&#39;s &quot;board&quot;">',
    '<script type="application/ld+json">{"name":"a \\u003c/script> b"}</script>',
  ].join('');

  it("keeps every element as tag, attributes and text, the attributes' names and values as written", () => {
    expect(headEntries(html)).toEqual([
      { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
      { tag: 'title', attrs: {}, content: 'Dark mode · Acme roadmap' },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'de-DE', href: 'https://docs.example.com/roadmap/de/' } },
      { tag: 'meta', attrs: { property: 'og:title', content: 'Tom & Jerry\'s "board"' } },
      { tag: 'script', attrs: { type: 'application/ld+json' }, content: '{"name":"a \\u003c/script> b"}' },
    ]);
  });

  it('leaves the frame its own character set, colour scheme and favicon', () => {
    const tags = headEntries(html).map((entry) => JSON.stringify(entry));
    for (const own of ['charset', 'color-scheme', 'favicon.svg']) expect(tags.join('\n')).not.toContain(own);
  });
});
