/**
 * Vercel's routes against `_headers`: for every path, the headers Vercel would
 * send (its Build Output API routes evaluated as the docs describe: each
 * route's `src` expression tried in order, `continue` going on) are the ones a
 * `_headers` host sends, computed by the test server's own reading of that
 * file (test/support/static-server.ts), not by the module under test.
 */
import { describe, expect, it } from 'vitest';
import { headerRules, headersFile, type HeaderRules } from '../../../src/hosting/headers.ts';
import { vercelOutputConfig, type VercelRoute } from '../../../src/hosting/vercel-output.ts';
import { headersFor, parseHeadersFile } from '../../support/static-server.ts';

const topLevel = ['index.html', '404.html', 'issues', 'projects', 'embed', '_astro', 'site.css', 'pagefind', 'latest.json', 'rss.xml', 'de', 'ar', '_headers'];
const site = (base: string): HeaderRules => ({
  base,
  topLevel,
  embedOrigins: ['https://docs.example.com'],
  languageDirs: { de: ['index.html', 'issues', 'embed'], ar: ['index.html', 'issues'] },
  formOrigin: 'https://buttondown.com',
});
const paths = (base: string) =>
  [
    '',
    'index.html',
    'issues/a/',
    'issues/a/feed.xml',
    'projects/p/',
    'embed/',
    'embed/projects/p/',
    '_astro/board.js',
    'site.css',
    'pagefind/pagefind-worker.js',
    'latest.json',
    'rss.xml',
    'de/',
    'de/issues/a/',
    'de/embed/',
    'ar/issues/a/',
    'ar/embed/',
    'no/such/page',
    'latest.json.bak',
    'issuesx',
    '404.html',
  ].map((path) => `${base}${path}`);

type HeaderRoute = Extract<VercelRoute, { src: string }>;

/** What Vercel sends for `path`: the headers of each header route whose expression matches, until one does not continue. */
function vercelHeaders(routes: readonly VercelRoute[], path: string): { headers: Record<string, string>; matched: number } {
  let headers: Record<string, string> = {};
  let matched = 0;
  for (const route of routes) {
    if ('handle' in route) break;
    if (!new RegExp(route.src).test(path)) continue;
    if (route.headers) {
      matched++;
      headers = { ...headers, ...route.headers };
    }
    if (!route.continue) break;
  }
  return { headers, matched };
}

describe('.vercel/output/config.json', () => {
  for (const base of ['/', '/fieldnote/']) {
    it(`sends every path under ${base} the headers _headers gives it, from exactly one route (none overlap, so no order decides)`, () => {
      const reference = parseHeadersFile(headersFile(site(base)));
      const { routes } = vercelOutputConfig(headerRules(site(base)));
      for (const path of paths(base)) {
        const expected = headersFor(reference, path);
        const { headers, matched } = vercelHeaders(routes, path);
        expect(headers, path).toEqual(expected);
        expect(matched, path).toBe(Object.keys(expected).length ? 1 : 0);
      }
    });
  }

  it('frames embed pages from the allowed origins only, and no other page at all', () => {
    const { routes } = vercelOutputConfig(headerRules(site('/')));
    const csp = (path: string) => vercelHeaders(routes, path).headers['Content-Security-Policy'];
    expect(csp('/de/embed/')).toContain("frame-ancestors 'self' https://docs.example.com");
    expect(csp('/de/issues/a/')).not.toContain('docs.example.com');
    expect(csp('/issues/a/')).toContain("frame-ancestors 'none'");
    expect(vercelHeaders(routes, '/issues/a/').headers['X-Frame-Options']).toBe('DENY');
  });

  it('is version 3: header routes that continue, then the files, then the 404 page for any path under the base', () => {
    const config = vercelOutputConfig(headerRules(site('/fieldnote/')), { base: '/fieldnote/', page: '/fieldnote/404.html' });
    expect(config.version).toBe(3);
    const handle = config.routes.findIndex((route) => 'handle' in route);
    expect(config.routes[handle]).toEqual({ handle: 'filesystem' });
    expect(config.routes.slice(0, handle).every((route) => (route as HeaderRoute).continue === true)).toBe(true);
    expect(config.routes.slice(handle + 1)).toEqual([{ src: '^/fieldnote/.*$', dest: '/fieldnote/404.html', status: 404 }]);
    // Every expression compiles, and headers are plain strings (JSON.stringify keeps them as written).
    for (const route of config.routes.slice(0, handle) as HeaderRoute[]) {
      expect(() => new RegExp(route.src)).not.toThrow();
      expect(Object.values(route.headers!).every((value) => typeof value === 'string' && !value.includes('\n'))).toBe(true);
    }
  });
});
