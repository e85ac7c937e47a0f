/**
 * Security headers for static hosts. The policy is strict: scripts and styles
 * only from the site itself (no 'unsafe-inline', no 'unsafe-eval'), images from
 * the site and https (descriptions may show screenshots), nothing else.
 *
 * `_headers` (the Netlify and Cloudflare Pages format) applies every rule whose
 * path matches a request and merges same-name headers. A catch-all CSP rule
 * would therefore also carry `frame-ancestors 'none'` onto the embed pages, so
 * the CSP rules are written per top-level path and never overlap.
 */

/** CSP directives shared by every page; Astro adds its hashes to `script-src` and `style-src` in the page's meta tag. */
export const CSP_DIRECTIVES = [
  "default-src 'none'",
  "img-src 'self' https:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
] as const;

/** The header form adds what a meta tag cannot carry. */
export function contentSecurityPolicy(frameAncestors: readonly string[]): string {
  const ancestors = frameAncestors.length ? frameAncestors.join(' ') : "'none'";
  return [...CSP_DIRECTIVES, "script-src 'self'", "style-src 'self'", `frame-ancestors ${ancestors}`].join('; ');
}

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Top-level output entry that holds the embed pages. */
export const EMBED_DIR = 'embed';

export interface HeaderRules {
  /** Path prefix of the site, e.g. `/` or `/roadmap/`. */
  base: string;
  /** Names of the files and directories at the top of the output. */
  topLevel: readonly string[];
  /** Origins allowed to frame the embed pages. */
  embedOrigins: readonly string[];
}

/** The `_headers` file: one catch-all rule without CSP, then non-overlapping CSP rules. */
export function headersFile({ base, topLevel, embedOrigins }: HeaderRules): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  const rule = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const pagePolicy = { 'Content-Security-Policy': contentSecurityPolicy([]), 'X-Frame-Options': 'DENY' };
  const rules = [
    '# Written by portal-roadmap at build time. Netlify and Cloudflare Pages read this file.',
    rule(`${root}*`, { ...COMMON_HEADERS }),
    rule(root, pagePolicy),
  ];
  for (const entry of [...topLevel].sort()) {
    if (entry === '_headers') continue;
    const isDirectory = !entry.includes('.');
    if (entry === EMBED_DIR) {
      const ancestors = embedOrigins.length ? ["'self'", ...embedOrigins] : [];
      rules.push(rule(`${root}${entry}/*`, { 'Content-Security-Policy': contentSecurityPolicy(ancestors) }));
    } else {
      rules.push(rule(isDirectory ? `${root}${entry}/*` : `${root}${entry}`, pagePolicy));
    }
  }
  return `${rules.join('\n\n')}\n`;
}
