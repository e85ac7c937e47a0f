/** Writes `_headers` next to the built pages; the rules come from `src/site/headers.ts`. */
import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { headersFile } from '../headers.ts';

export function securityHeaders(options: { base: string; embedOrigins: readonly string[] }): AstroIntegration {
  return {
    name: 'portal-roadmap:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const topLevel = await readdir(outDir);
        await writeFile(`${outDir}/_headers`, headersFile({ base: options.base, topLevel, embedOrigins: options.embedOrigins }));
        logger.info('Wrote _headers (CSP, frame-ancestors, nosniff, referrer policy)');
      },
    },
  };
}
