/**
 * With `host: "vercel"`, the build also writes Vercel's Build Output API
 * (https://vercel.com/docs/build-output-api): the built site copied to
 * `.vercel/output/static/` and `.vercel/output/config.json`, whose routes give
 * every response the headers `_headers` gives it on Netlify and Cloudflare
 * Pages (src/hosting/vercel-output.ts). Vercel deploys that folder when a build
 * leaves it, and `vercel deploy --prebuilt` deploys it from CI; no
 * `vercel.json` of the team's has to repeat the policy.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { headerRules, type HeaderRules } from '../../hosting/headers.ts';
import { vercelOutputConfig } from '../../hosting/vercel-output.ts';

export const VERCEL_OUTPUT_DIR = '.vercel/output';

/** Replaces `target` with the site in `outDir` and the config of its headers (and its 404 page, when it has one). */
export function writeVercelOutput(outDir: string, target: string, headers: HeaderRules): void {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const base = headers.base.endsWith('/') ? headers.base : `${headers.base}/`;
  // Vercel serves static/ at the domain's root: a site built under a base path sits in that folder of it.
  cpSync(outDir, join(target, 'static', base), { recursive: true, filter: (source) => source !== join(outDir, '_headers') });
  const notFound = existsSync(join(outDir, '404.html')) ? { base, page: `${base}404.html` } : undefined;
  writeFileSync(join(target, 'config.json'), `${JSON.stringify(vercelOutputConfig(headerRules(headers), notFound), null, 2)}\n`);
}
