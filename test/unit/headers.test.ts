import { describe, expect, it } from 'vitest';
import { headersFile } from '../../src/site/headers.ts';
import { headersFor, parseHeadersFile } from '../support/static-server.ts';

const topLevel = ['index.html', '404.html', 'issues', 'projects', 'embed', '_astro', 'site.css', '_headers'];
const rules = (embedOrigins: string[] = [], base = '/') => parseHeadersFile(headersFile({ base, topLevel, embedOrigins }));
/** The policies a host would send for a path: the merged header split back into its policies. */
const policies = (r: ReturnType<typeof rules>, path: string) => (headersFor(r, path)['Content-Security-Policy'] ?? '').split(', ');

describe('_headers', () => {
  it('gives every path, unknown ones too, the strict policy and the common headers', () => {
    for (const path of ['/', '/issues/x/', '/embed/', '/no/such/page/', '/_astro/a.css']) {
      const headers = headersFor(rules(), path);
      expect(policies(rules(), path)[0], path).toMatch(/^default-src 'none';.*script-src 'self'; style-src 'self'$/);
      expect(headers['X-Content-Type-Options'], path).toBe('nosniff');
      expect(headers['Referrer-Policy'], path).toBe('strict-origin-when-cross-origin');
    }
  });

  it('never allows unsafe-inline or unsafe-eval', () => {
    expect(headersFile({ base: '/', topLevel, embedOrigins: ['https://docs.example.com'] })).not.toMatch(/unsafe-(inline|eval)/);
  });

  it("forbids framing everywhere by default, embed pages included", () => {
    for (const path of ['/', '/issues/x/', '/projects/y/', '/index.html', '/embed/']) {
      expect(policies(rules(), path), path).toContain("frame-ancestors 'none'");
    }
    expect(headersFor(rules(), '/issues/x/')['X-Frame-Options']).toBe('DENY');
  });

  it('lets only the configured origins frame the embed pages, and nothing else', () => {
    const r = rules(['https://docs.example.com']);
    expect(policies(r, '/embed/projects/p/')).toEqual([expect.any(String), "frame-ancestors 'self' https://docs.example.com"]);
    expect(headersFor(r, '/embed/')['X-Frame-Options']).toBeUndefined();
    expect(policies(r, '/issues/x/')).toContain("frame-ancestors 'none'");
    expect(policies(r, '/')).toContain("frame-ancestors 'none'");
  });

  it('lets the embed pages of every language be framed, and nothing else in a language folder', () => {
    const r = parseHeadersFile(
      headersFile({ base: '/', topLevel: [...topLevel, 'de'], embedOrigins: ['https://docs.example.com'], languageDirs: { de: ['index.html', 'issues', 'embed', 'rss.xml'] } }),
    );
    expect(policies(r, '/de/embed/')).toEqual([expect.any(String), "frame-ancestors 'self' https://docs.example.com"]);
    expect(policies(r, '/de/embed/projects/p/')).toEqual([expect.any(String), "frame-ancestors 'self' https://docs.example.com"]);
    expect(headersFor(r, '/de/embed/')['X-Frame-Options']).toBeUndefined();
    for (const path of ['/de/', '/de/issues/x/', '/de/rss.xml', '/de/index.html']) expect(policies(r, path), path).toContain("frame-ancestors 'none'");
    expect(policies(r, '/embed/')).toEqual([expect.any(String), "frame-ancestors 'self' https://docs.example.com"]);
  });

  it('follows the base path', () => {
    const r = rules([], '/roadmap');
    expect(policies(r, '/roadmap/issues/x/')).toContain("frame-ancestors 'none'");
    expect(headersFor(r, '/issues/x/')['Content-Security-Policy']).toBeUndefined();
  });
});
