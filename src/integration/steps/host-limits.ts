/**
 * After `_headers` is written: the output against the limits of the host the config names, and with none named,
 * `_headers` against the limits of the hosts that read it (src/hosting/host-limits.ts).
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Host } from '../../config/schemas/host.ts';
import { hostLimitWarnings, type OutputStats } from '../../hosting/host-limits.ts';

export function outputStats(outDir: string): OutputStats {
  let files = 0;
  let bytes = 0;
  let largestFile: OutputStats['largestFile'];
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const size = statSync(path).size;
    files++;
    bytes += size;
    if (!largestFile || size > largestFile.bytes) largestFile = { path: relative(outDir, path), bytes: size };
  }
  const headers = existsSync(join(outDir, '_headers')) ? readFileSync(join(outDir, '_headers'), 'utf8').split('\n') : [];
  const longest = headers.reduce((longest, line) => (line.length > longest.length ? line : longest), '');
  return {
    files,
    bytes,
    largestFile,
    headerRules: headers.filter((line) => line.startsWith('/')).length,
    longestHeaderLine: longest.length,
    longestHeaderLineHashes: longest.match(/'sha256-/g)?.length ?? 0,
  };
}

export function hostLimits(host: Host | undefined): AstroIntegration {
  return {
    name: 'portal-roadmap:host-limits',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        for (const warning of hostLimitWarnings(host, outputStats(fileURLToPath(dir)))) logger.warn(warning);
      },
    },
  };
}
