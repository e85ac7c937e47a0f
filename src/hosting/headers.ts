/**
 * Security headers for static hosts. The policy is strict: scripts and styles
 * only from the site itself (no 'unsafe-inline', no 'unsafe-eval'), images from
 * the site and https (descriptions may show screenshots), nothing else.
 *
 * `_headers` (the Netlify and Cloudflare Pages format) applies every rule whose
 * path matches and joins same-name headers with a comma. For the CSP that is
 * a list of policies, each enforced. So the catch-all rule carries the whole
 * policy but no `frame-ancestors` (it also covers 404s of unknown paths), and a
 * second policy with only `frame-ancestors` is added per top-level path:
 * `'none'` everywhere, the configured origins on the embed pages.
 *
 * Search is the one exception to the script rules. Pagefind compiles its
 * WebAssembly in a dedicated worker (`/pagefind/pagefind-worker.js`), and a
 * worker's CSP is the one its own response carries, not the page's. So
 * `'wasm-unsafe-eval'` (and nothing more) is allowed for the `pagefind/`
 * path alone: the catch-all allows it, and the per-path policy of every other
 * top-level path takes it away again with `script-src 'self'`. Pages, even
 * the ones that search, keep exactly the policy they had. (A path no file
 * matches gets only the catch-all, but it is answered with 404.html, whose
 * meta tag carries the page policy.)
 *
 * A roadmap mounted in a site of its own (`prefix`) owns only the paths of its
 * routes: the host's 404 page under the prefix, or any page of the host's
 * there, must keep the host's policy (a strict one of ours would block the
 * inline script of a Starlight 404). So a mounted roadmap has no catch-all:
 * the catch-all's headers are merged into each of its own rules instead (one
 * policy a rule, the narrower directive winning), which gives every path the
 * roadmap serves exactly what the two rules gave it, and no other path anything.
 */

import { LATEST_FILE } from '../exports/whats-new.ts';
import type { InlineSources } from './inline-sources.ts';

/**
 * CSP directives shared by every page; Astro adds its hashes to `script-src` and `style-src` in the page's meta tag.
 * Forms may post nowhere, but to the origin of the configured subscribe form (`subscribe.action`), if there is one.
 */
export function cspDirectives(formOrigin?: string) {
  return [
    "default-src 'none'",
    "img-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    `form-action ${formOrigin ?? "'none'"}`,
    "object-src 'none'",
  ] as const;
}

/** The origin forms may post to: the subscribe form's (an https URL, checked by the config schema), or none. */
export function subscribeFormOrigin(subscribe: { action: string } | undefined): string | undefined {
  return subscribe ? new URL(subscribe.action).origin : undefined;
}

/** Scripts from the site itself only: every page, in its meta tag and its headers. */
export const STRICT_SCRIPTS = "script-src 'self'";

/** The search worker's policy: the page policy plus compiling WebAssembly, which Pagefind needs and nothing else. */
function searchWorkerPolicy(formOrigin?: string): string {
  return [...cspDirectives(formOrigin), "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'"].join('; ');
}

/** The framing policy: `'none'`, or `'self'` plus the allowed origins. */
export function frameAncestors(origins: readonly string[]): string {
  return `frame-ancestors ${origins.length ? ["'self'", ...origins].join(' ') : "'none'"}`;
}

/** The catch-all rule. Its CSP is the search worker's; every top-level path but `pagefind/` narrows it to STRICT_SCRIPTS. */
export function commonHeaders(formOrigin?: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': searchWorkerPolicy(formOrigin),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  };
}

/** Top-level output entry that holds the embed pages. */
export const EMBED_DIR = 'embed';

/** Top-level output entry of the search index and Pagefind's scripts, written after the build. */
export const SEARCH_DIR = 'pagefind';

export interface HeaderRules {
  /** Path prefix of the site, e.g. `/` or `/roadmap/`. */
  base: string;
  /** Names of the files and directories at the top of the output. */
  topLevel: readonly string[];
  /** Origins allowed to frame the embed pages. */
  embedOrigins: readonly string[];
  /**
   * The folders of the site's other languages (`de`, `pt-br`), each with the
   * names of its own entries: a language folder holds embed pages of its own
   * (`/de/embed/`), so its rules are made one level down, as at the top.
   */
  languageDirs?: Readonly<Record<string, readonly string[]>>;
  /**
   * CSP sources (`'sha256-…'`) of the scripts, styles and style attributes a page carries inline
   * (./inline-sources.ts). A roadmap that is the whole site has none (every script and stylesheet is a file); one
   * mounted in a site of its own follows that site's settings, which may inline small ones, and Starlight's frame
   * sets a few style attributes, which a hash allows only beside `'unsafe-hashes'`.
   */
  inline?: Readonly<Partial<InlineSources>>;
  /** The origin the subscribe form posts to (`subscribe.action`'s), the one `form-action` allows. */
  formOrigin?: string | undefined;
  /** Mounted below a prefix in a site of its own: rules for the roadmap's own paths alone, no catch-all (see above). */
  mounted?: boolean;
  /** Images from `data:` URLs too: the icons of Starlight's search box (Pagefind's UI), on pages in Starlight's frame. */
  dataImages?: boolean;
}

/** One `_headers` rule: a path (exact, or a prefix ending in `*`) and the headers it adds. */
export interface HeaderRule {
  path: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * The rules of `_headers`, in file order. Netlify and Cloudflare Pages apply
 * every rule that matches and join same-name headers with a comma; other hosts'
 * formats are made from these rules (src/hosting/vercel-output.ts).
 */
export function headerRules({ base, topLevel, embedOrigins, languageDirs = {}, inline, formOrigin, mounted = false, dataImages = false }: HeaderRules): HeaderRule[] {
  const root = base.endsWith('/') ? base : `${base}/`;
  // Inline scripts and styles are allowed by their hashes, wherever a policy names its sources.
  const { scripts = [], styles = [], styleAttributes = [] } = inline ?? {};
  const styleSources = [...styles, ...(styleAttributes.length ? ["'unsafe-hashes'", ...styleAttributes] : [])];
  const withInline = (policy: string) => {
    const images = dataImages ? policy.replace(/(img-src 'self' https:)/g, '$1 data:') : policy;
    return images.replace(/(script-src 'self')/g, ['$1', ...scripts].join(' ')).replace(/(style-src 'self')/g, ['$1', ...styleSources].join(' '));
  };
  const common = commonHeaders(formOrigin);
  const rule = (path: string, own: Readonly<Record<string, string>>): HeaderRule => {
    const headers = mounted ? withCommon(common, own) : own;
    return {
      path,
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, name === 'Content-Security-Policy' ? withInline(value) : value])),
    };
  };
  const strict = { 'Content-Security-Policy': `${frameAncestors([])}; ${STRICT_SCRIPTS}`, 'X-Frame-Options': 'DENY' };
  const rules = mounted ? [rule(root, strict)] : [rule(`${root}*`, common), rule(root, strict)];
  const entryRules = (prefix: string, entries: readonly string[]) => {
    for (const entry of [...entries].sort()) {
      if (entry === '_headers') continue;
      // A language folder takes two rules, whatever it holds (a rule per entry made 114 rules with 9 languages;
      // Cloudflare Pages reads 100): everything in it may run the site's scripts only and is framed by no one
      // (X-Frame-Options, which a policy with frame-ancestors overrides in every current browser), and its embed
      // pages name their framing origins. A frame-ancestors 'none' on the folder would be joined with the embed
      // pages' and forbid them too.
      if (prefix === root && languageDirs[entry]) {
        rules.push(rule(`${root}${entry}/*`, { 'Content-Security-Policy': STRICT_SCRIPTS, 'X-Frame-Options': 'DENY' }));
        if (languageDirs[entry].includes(EMBED_DIR))
          rules.push(rule(`${root}${entry}/${EMBED_DIR}/*`, { 'Content-Security-Policy': `${frameAncestors(embedOrigins)}; ${STRICT_SCRIPTS}` }));
        continue;
      }
      const path = entry.includes('.') ? `${prefix}${entry}` : `${prefix}${entry}/*`;
      if (entry === EMBED_DIR) rules.push(rule(path, { 'Content-Security-Policy': `${frameAncestors(embedOrigins)}; ${STRICT_SCRIPTS}` }));
      // The one search index serves every language (Pagefind splits it by <html lang>), so it is only ever at the top.
      else if (prefix === root && entry === SEARCH_DIR) rules.push(rule(path, { 'Content-Security-Policy': frameAncestors([]), 'X-Frame-Options': 'DENY' }));
      // The "what's new" badge in a team's app reads it from the app's own origin (src/exports/whats-new.ts).
      else if (prefix === root && entry === LATEST_FILE) rules.push(rule(path, { ...strict, 'Access-Control-Allow-Origin': '*' }));
      else rules.push(rule(path, strict));
    }
  };
  entryRules(root, topLevel);
  return rules;
}

/**
 * A rule's own headers with the catch-all's under them, as one rule: the policies as one, where a directive of the
 * rule's replaces the catch-all's of the same name (each only ever narrows it: `script-src 'self'` for the
 * catch-all's WebAssembly allowance, and `frame-ancestors`, which the catch-all leaves out).
 */
function withCommon(common: Readonly<Record<string, string>>, own: Readonly<Record<string, string>>): Record<string, string> {
  const policy = (text = '') =>
    new Map(
      text
        .split('; ')
        .filter(Boolean)
        .map((directive) => [directive.split(' ')[0]!, directive] as const),
    );
  const merged = new Map([...policy(common['Content-Security-Policy']), ...policy(own['Content-Security-Policy'])]);
  return { ...common, ...own, 'Content-Security-Policy': [...merged.values()].join('; ') };
}

/** The `_headers` file. */
export function headersFile(options: HeaderRules): string {
  const lines = headerRules(options).map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'));
  return `${['# Written by portal-roadmap at build time. Netlify and Cloudflare Pages read this file.', ...lines].join('\n\n')}\n`;
}
