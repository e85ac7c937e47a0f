/**
 * Writes `_headers` next to the built pages; the rules come from
 * `src/hosting/headers.ts`. A `_headers` already in the output (a site's own,
 * from its public/ folder) is kept, and the roadmap's rules are added after it.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { headersFile, type HeaderRules } from '../../hosting/headers.ts';
import { inlineSourceCollector, type InlineSources } from '../../hosting/inline-sources.ts';
import { VERCEL_OUTPUT_DIR, writeVercelOutput } from './vercel-output.ts';

interface SecurityHeadersOptions {
  base: string;
  embedOrigins: readonly string[];
  /** The URL folders of the site's other languages (`de`), which hold embed pages of their own. */
  languageDirs?: readonly string[];
  /** The output folder of a mounted roadmap's pages (its prefix): the rules cover it alone, with the hashes of what its pages inline (scripts, styles, style attributes). */
  folder?: string | undefined;
  /** The origin the subscribe form posts to, which `form-action` allows. */
  formOrigin?: string | undefined;
  /** Pages in Starlight's frame, whose search box shows icons from `data:` URLs. */
  dataImages?: boolean;
  /** With `host: "vercel"`: the project folder, where `.vercel/output/` is written with the same rules (src/integration/steps/vercel-output.ts). */
  vercelProjectRoot?: string | undefined;
}

export function securityHeaders(options: SecurityHeadersOptions): AstroIntegration {
  return {
    name: 'portal-roadmap:security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const roadmapDir = join(outDir, options.folder ?? '');
        const topLevel = await readdir(roadmapDir);
        const languageDirs = Object.fromEntries(await Promise.all((options.languageDirs ?? []).map(async (dir) => [dir, await readdir(join(roadmapDir, dir))] as const)));
        const inline = options.folder ? await inlineSources(roadmapDir) : undefined;
        const file = join(outDir, '_headers');
        const own = existsSync(file) ? `${(await readFile(file, 'utf8')).trimEnd()}\n\n` : '';
        const rules: HeaderRules = {
          base: options.base,
          topLevel,
          embedOrigins: options.embedOrigins,
          languageDirs,
          inline,
          formOrigin: options.formOrigin,
          mounted: options.folder !== undefined,
          dataImages: options.dataImages ?? false,
        };
        await writeFile(file, `${own}${headersFile(rules)}`);
        logger.info(`${own ? 'Added to' : 'Wrote'} _headers (CSP, frame-ancestors, nosniff, referrer policy)${options.folder ? ` for ${options.base}/` : ''}`);
        if (options.vercelProjectRoot && options.folder) {
          logger.warn(`host "vercel": a mounted roadmap writes no ${VERCEL_OUTPUT_DIR}/; the site's own Vercel adapter or vercel.json sends its headers (docs/vercel.md)`);
        } else if (options.vercelProjectRoot) {
          writeVercelOutput(outDir, join(options.vercelProjectRoot, VERCEL_OUTPUT_DIR), rules);
          logger.info(`Wrote ${VERCEL_OUTPUT_DIR}/ for Vercel: the site, and config.json with the _headers rules as routes`);
        }
      },
    },
  };
}

/** The CSP hash sources of what the HTML pages below `dir` carry inline (src/hosting/inline-sources.ts), each once. */
async function inlineSources(dir: string): Promise<InlineSources> {
  const collector = inlineSourceCollector();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) collector.add(await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return collector.sources();
}
