import { describe, expect, it } from 'vitest';
import { headersFile } from '../../../src/hosting/headers.ts';
import { headersFor, parseHeadersFile } from '../../support/static-server.ts';

const topLevel = ['index.html', '404.html', 'issues', 'projects', 'embed', '_astro', 'site.css', 'pagefind', '_headers'];
const rules = (embedOrigins: string[] = [], base = '/') => parseHeadersFile(headersFile({ base, topLevel, embedOrigins }));
/** The policies a host would send for a path: the merged header split back into its policies. */
const policies = (r: ReturnType<typeof rules>, path: string) => (headersFor(r, path)['Content-Security-Policy'] ?? '').split(', ');

/** The directives named `name` of every policy a path gets: a browser enforces each of them. */
const directives = (name: string) => (r: ReturnType<typeof rules>, path: string) =>
  policies(r, path).flatMap((policy) => policy.split('; ').filter((directive) => directive.startsWith(`${name} `)));
const scriptSources = directives('script-src');
const framing = directives('frame-ancestors');

describe('_headers', () => {
  it('gives every path, unknown ones too, the shared policy and the common headers', () => {
    for (const path of ['/', '/issues/x/', '/embed/', '/no/such/page/', '/_astro/a.css', '/pagefind/pagefind-worker.js']) {
      const headers = headersFor(rules(), path);
      expect(policies(rules(), path)[0], path).toMatch(/^default-src 'none';.*; style-src 'self'$/);
      expect(headers['X-Content-Type-Options'], path).toBe('nosniff');
      expect(headers['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('limits every page to scripts from the site, with no WebAssembly, as before search', () => {
    for (const path of ['/', '/index.html', '/issues/x/', '/projects/y/', '/embed/', '/404.html', '/_astro/a.js']) {
      expect(scriptSources(rules(), path), path).toContain("script-src 'self'");
    }
  });

  it("lets only the search worker's path compile WebAssembly, and adds nothing else there", () => {
    expect(scriptSources(rules(), '/pagefind/pagefind-worker.js')).toEqual(["script-src 'self' 'wasm-unsafe-eval'"]);
    expect(framing(rules(), '/pagefind/pagefind-worker.js')).toEqual(["frame-ancestors 'none'"]);
  });

  it('never allows unsafe-inline or unsafe-eval', () => {
    expect(headersFile({ base: '/', topLevel, embedOrigins: ['https://docs.example.com'] })).not.toMatch(/'unsafe-(inline|eval)'/);
  });

  it('forbids framing everywhere by default, embed pages included', () => {
    for (const path of ['/', '/issues/x/', '/projects/y/', '/index.html', '/embed/']) {
      expect(framing(rules(), path), path).toEqual(["frame-ancestors 'none'"]);
    }
    expect(headersFor(rules(), '/issues/x/')['X-Frame-Options']).toBe('DENY');
  });

  it('lets only the configured origins frame the embed pages, and nothing else', () => {
    const r = rules(['https://docs.example.com']);
    expect(framing(r, '/embed/projects/p/')).toEqual(["frame-ancestors 'self' https://docs.example.com"]);
    expect(headersFor(r, '/embed/')['X-Frame-Options']).toBeUndefined();
    expect(framing(r, '/issues/x/')).toEqual(["frame-ancestors 'none'"]);
    expect(framing(r, '/')).toEqual(["frame-ancestors 'none'"]);
  });

  it('lets the embed pages of every language be framed, and nothing else in a language folder, with no WebAssembly', () => {
    const r = parseHeadersFile(
      headersFile({ base: '/', topLevel: [...topLevel, 'de'], embedOrigins: ['https://docs.example.com'], languageDirs: { de: ['index.html', 'issues', 'embed', 'rss.xml'] } }),
    );
    for (const path of ['/de/embed/', '/de/embed/projects/p/', '/embed/']) expect(framing(r, path), path).toEqual(["frame-ancestors 'self' https://docs.example.com"]);
    // In a language folder the pages are kept out of frames by X-Frame-Options; on its embed pages the policy's
    // frame-ancestors overrides that header (CSP Level 2, frame-ancestors), as every current browser does.
    for (const path of ['/de/', '/de/issues/x/', '/de/rss.xml', '/de/index.html']) {
      expect(framing(r, path), path).toEqual([]);
      expect(headersFor(r, path)['X-Frame-Options'], path).toBe('DENY');
    }
    for (const path of ['/de/', '/de/issues/x/', '/de/embed/']) expect(scriptSources(r, path), path).toContain("script-src 'self'");
  });

  it('stays within the 100 rules Cloudflare Pages reads with nine languages, and within its 2,000 characters a line', () => {
    const languages = ['de', 'fr', 'es', 'pt-br', 'it', 'ja', 'ar', 'sv'];
    const entries = ['index.html', 'issues', 'projects', 'status', 'changelog', 'changes', 'shipped', 'teams', 'embed', 'rss.xml'];
    const file = headersFile({
      base: '/',
      topLevel: [...topLevel, 'teams', 'og', 'status', 'changelog', 'changes', 'shipped', 'latest.json', 'whats-new.js', 'brand', 'rss.xml', ...languages],
      embedOrigins: ['https://docs.example.com'],
      languageDirs: Object.fromEntries(languages.map((language) => [language, entries])),
      formOrigin: 'https://buttondown.com',
    });
    const parsed = parseHeadersFile(file);
    expect(parsed.length).toBeLessThanOrEqual(100);
    // The catch-all and the root, one a top-level entry but _headers, two a language folder.
    expect(parsed.length).toBe(1 + 1 + (topLevel.length - 1 + 10) + languages.length * 2);
    expect(file.split('\n').filter((line) => line.length > 2000)).toEqual([]);
  });

  it('follows the base path', () => {
    const r = rules([], '/roadmap');
    expect(framing(r, '/roadmap/issues/x/')).toEqual(["frame-ancestors 'none'"]);
    expect(scriptSources(r, '/roadmap/pagefind/pagefind.js')).toEqual(["script-src 'self' 'wasm-unsafe-eval'"]);
    expect(headersFor(r, '/issues/x/')['Content-Security-Policy']).toBeUndefined();
  });
});

describe('a roadmap mounted below a prefix', () => {
  it('adds the hashes of what its pages inline to every script and style policy, and has rules below the prefix alone', () => {
    const parsed = parseHeadersFile(
      headersFile({ base: '/roadmap', topLevel, embedOrigins: [], inline: { scripts: ["'sha256-abc='"], styles: ["'sha256-def='"] }, mounted: true }),
    );
    expect(parsed.filter((rule) => !rule.pattern.startsWith('/roadmap/')).map((rule) => rule.pattern)).toEqual([]);
    const policies = parsed.flatMap((rule) => rule.headers.filter(([name]) => name === 'Content-Security-Policy').map(([, value]) => value));
    const named = (name: string) => policies.flatMap((policy) => policy.split('; ').filter((directive) => directive.startsWith(`${name} `)));
    expect(named('script-src').length).toBe(parsed.filter((rule) => rule.headers.some(([name]) => name === 'Content-Security-Policy')).length);
    for (const directive of named('script-src')) expect(directive).toMatch(/^script-src 'self' 'sha256-abc='/);
    expect(named('style-src').length).toBeGreaterThan(0);
    for (const directive of named('style-src')) expect(directive).toBe("style-src 'self' 'sha256-def='");
  });

  const mounted = (embedOrigins: string[] = []) =>
    parseHeadersFile(
      headersFile({
        base: '/roadmap',
        topLevel: topLevel.filter((entry) => entry !== '404.html').concat('de'),
        embedOrigins,
        languageDirs: { de: ['index.html', 'issues', 'embed'] },
        mounted: true,
      }),
    );

  it("sets no header at all on a path the roadmap does not own, such as the host's 404 page under the prefix", () => {
    for (const path of ['/roadmap/no-such-page/', '/roadmap/404.html', '/roadmap', '/', '/guides/x/']) expect(headersFor(mounted(), path), path).toEqual({});
  });

  it('gives each path it owns one policy with what the catch-all and its own rule gave it before', () => {
    const r = mounted(['https://docs.example.com']);
    for (const path of ['/roadmap/', '/roadmap/issues/x/', '/roadmap/embed/', '/roadmap/de/issues/x/', '/roadmap/_astro/a.js']) {
      expect(policies(r, path)[0], path).toMatch(/^default-src 'none';.*; style-src 'self'/);
      expect(scriptSources(r, path), path).not.toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(headersFor(r, path)['X-Content-Type-Options'], path).toBe('nosniff');
    }
    expect(policies(r, '/roadmap/issues/x/')).toHaveLength(1);
    expect(scriptSources(r, '/roadmap/pagefind/pagefind-worker.js')).toEqual(["script-src 'self' 'wasm-unsafe-eval'"]);
    expect(framing(r, '/roadmap/issues/x/')).toEqual(["frame-ancestors 'none'"]);
    expect(framing(r, '/roadmap/embed/')).toEqual(["frame-ancestors 'self' https://docs.example.com"]);
    expect(framing(r, '/roadmap/de/embed/')).toEqual(["frame-ancestors 'self' https://docs.example.com"]);
  });

  it("lets pages in Starlight's frame show images from data: URLs (its search box's icons), and allows no script more", () => {
    const r = parseHeadersFile(headersFile({ base: '/roadmap', topLevel, embedOrigins: [], mounted: true, dataImages: true }));
    expect(directives('img-src')(r, '/roadmap/issues/x/')).toEqual(["img-src 'self' https: data:"]);
    expect(directives('img-src')(mounted(), '/roadmap/issues/x/')).toEqual(["img-src 'self' https:"]);
    expect(scriptSources(r, '/roadmap/issues/x/')).toEqual(["script-src 'self'"]);
  });
});
