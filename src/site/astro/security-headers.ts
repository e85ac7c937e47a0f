/** Writes `_headers` next to the built pages; the rules come from `src/site/headers.ts`. */
import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { headersFile } from '../headers.ts';

/** `languageDirs`: the URL folders of the site's other languages (`de`), which hold embed pages of their own. */
export function securityHeaders(options: { base: string; embedOrigins: readonly string[]; languageDirs?: readonly string[] }): AstroIntegration {
  return {
    name: 'portal-roadmap:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const topLevel = await readdir(outDir);
        const languageDirs = Object.fromEntries(await Promise.all((options.languageDirs ?? []).map(async (dir) => [dir, await readdir(`${outDir}/${dir}`)] as const)));
        await writeFile(`${outDir}/_headers`, headersFile({ base: options.base, topLevel, embedOrigins: options.embedOrigins, languageDirs }));
        logger.info('Wrote _headers (CSP, frame-ancestors, nosniff, referrer policy)');
      },
    },
  };
}
