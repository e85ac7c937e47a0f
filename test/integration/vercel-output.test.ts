/**
 * `.vercel/output/` made from two shared fixture builds (the configured site
 * under /fieldnote/ with framing origins and a subscribe form, and the nine
 * languages with their folders): every file of the site is there at its URL
 * path, and every path, files and an unknown one, gets from Vercel's routes
 * the headers the build's own `_headers` gives it on Netlify and Cloudflare
 * Pages (read by the test server's parser, test/support/static-server.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localeSegment } from '../../src/i18n/locale-segment.ts';
import { writeVercelOutput } from '../../src/integration/steps/vercel-output.ts';
import { listFiles } from '../support/build-site.ts';
import { CONFIGURED_BASE, CONFIGURED_CONFIG, CONFIGURED_SUBSCRIBE_ACTION, LANGUAGES_LOCALES } from '../support/fixtures.ts';
import { headersFor, parseHeadersFile } from '../support/static-server.ts';

const fixtures = inject('fixtures');
const work = mkdtempSync(join(tmpdir(), 'vercel-output-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cases = [
  {
    name: 'configured',
    base: CONFIGURED_BASE,
    embedOrigins: CONFIGURED_CONFIG.embed.allowedOrigins,
    formOrigin: new URL(CONFIGURED_SUBSCRIBE_ACTION).origin,
    languages: [] as string[],
  },
  { name: 'languages', base: '/', embedOrigins: [] as string[], formOrigin: undefined, languages: LANGUAGES_LOCALES.slice(1).map(localeSegment) },
] as const;

describe('.vercel/output of a built site', () => {
  for (const { name, base, embedOrigins, formOrigin, languages } of cases) {
    it(`${name}: every file at its URL path, and every path with the headers of the build's _headers`, () => {
      const outDir = fixtures[name].outDir;
      const target = join(work, name);
      const topLevel = readdirSync(outDir);
      const languageDirs = Object.fromEntries(languages.map((dir) => [dir, readdirSync(join(outDir, dir))]));
      writeVercelOutput(outDir, target, { base, topLevel, embedOrigins, languageDirs, formOrigin });

      const files = listFiles(outDir).filter((file) => file !== '_headers');
      expect(listFiles(join(target, 'static', base)).sort()).toEqual(files.sort());
      const config = JSON.parse(readFileSync(join(target, 'config.json'), 'utf8')) as {
        version: number;
        routes: { src?: string; headers?: Record<string, string>; handle?: string; status?: number; dest?: string }[];
      };
      expect(config.version).toBe(3);
      expect(config.routes.at(-1)).toEqual({ src: `^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*$`, dest: `${base}404.html`, status: 404 });

      const reference = parseHeadersFile(readFileSync(join(outDir, '_headers'), 'utf8'));
      const headerRoutes = config.routes.slice(
        0,
        config.routes.findIndex((route) => route.handle === 'filesystem'),
      );
      const paths = [...files.map((file) => `${base}${file.replace(/index\.html$/, '')}`), `${base}no/such/page/`];
      let checked = 0;
      for (const path of paths) {
        const matching = headerRoutes.filter((route) => new RegExp(route.src!).test(path));
        expect(matching.length, path).toBe(1);
        expect(matching[0]!.headers, path).toEqual(headersFor(reference, path));
        checked++;
      }
      expect(checked).toBe(files.length + 1);
    });
  }
});
