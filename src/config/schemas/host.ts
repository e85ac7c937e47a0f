/** The host the site is published to (its limits: src/hosting/host-limits.ts). */
import { z } from 'zod';

/** The hosts `host` names. */
export const HOSTS = ['github-pages', 'netlify', 'cloudflare-pages', 'vercel'] as const;
export type Host = (typeof HOSTS)[number];

export const hostOptions = {
  /**
   * Where the site is hosted: `github-pages`, `netlify`, `cloudflare-pages` or `vercel`. The build then warns,
   * naming the limit and the way out, when its output passes a limit that host documents (Cloudflare Pages:
   * 20,000 files, 25 MiB a file, 100 `_headers` rules, 2,000 characters a `_headers` line; GitHub Pages: 1 GB).
   * Unset: only `_headers` is checked, against the limits of Cloudflare Pages, which reads it. With `vercel`, the
   * build also writes `.vercel/output/` (Vercel's Build Output API: the site, and the `_headers` rules as routes),
   * which Vercel deploys with those headers.
   */
  host: z.enum(HOSTS, { error: `use one of ${HOSTS.map((host) => `"${host}"`).join(', ')}` }).optional(),
};
