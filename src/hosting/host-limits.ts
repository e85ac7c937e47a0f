/**
 * The documented limits of the hosts a roadmap is deployed to, and the build's
 * warnings when its output passes one of them, each naming the limit and the
 * way out. Only limits a host documents are here; a host with none known gets
 * no warning. With no `host` set, `_headers` is still held to the limits of
 * Cloudflare Pages, which reads it: the build writes the file for every site. Pure.
 */
import type { Host } from '../config/schemas/host.ts';

export interface OutputStats {
  files: number;
  bytes: number;
  largestFile: { path: string; bytes: number } | undefined;
  /** Rules of `_headers` (lines that start a path), its longest line, and the hash sources (`'sha256-…'`) in that line. */
  headerRules: number;
  longestHeaderLine: number;
  longestHeaderLineHashes: number;
}

const MIB = 1024 * 1024;
const FEWER_FILES = 'fewer languages, or search off for the other languages';

interface Limit {
  /** What the limit is, as the host says it, with where it says it. */
  name: string;
  exceeded: (stats: OutputStats) => string | undefined;
}

/**
 * What makes a `_headers` line long: the allowed embed origins, or the hashes of what a mounted roadmap's pages
 * inline (src/hosting/inline-sources.ts), which Astro's settings can turn into files instead.
 */
function longHeaderLine({ longestHeaderLine, longestHeaderLineHashes }: OutputStats): string {
  const length = `a _headers line has ${longestHeaderLine.toLocaleString('en')} characters`;
  if (!longestHeaderLineHashes) return `${length}: list fewer embed.allowedOrigins`;
  return (
    `${length}, with ${longestHeaderLineHashes} hashes of the scripts and styles the roadmap's pages carry inline: set build.inlineStylesheets: "never" and ` +
    'vite: { build: { assetsInlineLimit: 0 } } in astro.config.mjs, so that Astro writes them to files, or list fewer embed.allowedOrigins'
  );
}

// Cloudflare Pages, "Headers": 100 rules, 2,000 characters a line.
const HEADERS_FILE_LIMITS: Limit[] = [
  {
    name: '100 _headers rules (Cloudflare Pages)',
    exceeded: ({ headerRules }) =>
      headerRules > 100 ? `_headers has ${headerRules} rules, and the ones past 100 are ignored: build fewer languages, or set the headers in the dashboard` : undefined,
  },
  {
    name: '2,000 characters a _headers line (Cloudflare Pages)',
    exceeded: (stats) => (stats.longestHeaderLine > 2000 ? longHeaderLine(stats) : undefined),
  },
];

const LIMITS: Record<Host, Limit[]> = {
  // Cloudflare Pages, "Limits": 20,000 files a site on the Free plan, 25 MiB a file.
  'cloudflare-pages': [
    {
      name: '20,000 files a site (Cloudflare Pages, Free plan)',
      exceeded: ({ files }) => (files > 20_000 ? `the site has ${files.toLocaleString('en')} files: ask for a paid plan (100,000), or build ${FEWER_FILES}` : undefined),
    },
    {
      name: '25 MiB a file (Cloudflare Pages)',
      exceeded: ({ largestFile }) =>
        largestFile && largestFile.bytes > 25 * MIB ? `${largestFile.path} is ${(largestFile.bytes / MIB).toFixed(1)} MiB: no page or file of the site may be larger` : undefined,
    },
    ...HEADERS_FILE_LIMITS,
  ],
  // GitHub Pages, "GitHub Pages limits": a published site may be no larger than 1 GB.
  'github-pages': [
    {
      name: '1 GB a published site (GitHub Pages)',
      exceeded: ({ bytes }) => (bytes > 1024 * MIB ? `the site is ${(bytes / MIB).toFixed(0)} MiB: build ${FEWER_FILES}, or host it elsewhere` : undefined),
    },
  ],
  netlify: [],
  vercel: [],
};

/**
 * One warning per limit the output passes: `{limit}: {what and the way out}`. With no `host`, the limits of
 * `_headers` alone, the limit's name saying why: `2,000 characters a _headers line (Cloudflare Pages; no "host" is set …)`.
 */
export function hostLimitWarnings(host: Host | undefined, stats: OutputStats): string[] {
  return (host ? LIMITS[host] : HEADERS_FILE_LIMITS).flatMap((limit) => {
    const problem = limit.exceeded(stats);
    const name = host ? limit.name : limit.name.replace(/\)$/, `; no "host" is set, so _headers is held to this limit of a host that reads it)`);
    return problem ? [`${name}: ${problem}`] : [];
  });
}
