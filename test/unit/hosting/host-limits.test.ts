/**
 * The hosts' documented limits against a build's output (src/hosting/host-limits.ts): a warning per limit passed,
 * naming it and the way out; nothing at or under a limit, nothing for a host with no documented limit, and with no
 * host set, `_headers` against the limits of Cloudflare Pages.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostLimitWarnings, type OutputStats } from '../../../src/hosting/host-limits.ts';
import { outputStats } from '../../../src/integration/steps/host-limits.ts';

const MIB = 1024 * 1024;
const small: OutputStats = {
  files: 1_000,
  bytes: 50 * MIB,
  largestFile: { path: 'index.html', bytes: 60_000 },
  headerRules: 30,
  longestHeaderLine: 300,
  longestHeaderLineHashes: 0,
};

describe('Cloudflare Pages', () => {
  it('warns at 20,001 files, not at 20,000, naming the limit and the way out', () => {
    expect(hostLimitWarnings('cloudflare-pages', { ...small, files: 20_000 })).toEqual([]);
    expect(hostLimitWarnings('cloudflare-pages', { ...small, files: 20_001 })).toEqual([
      '20,000 files a site (Cloudflare Pages, Free plan): the site has 20,001 files: ask for a paid plan (100,000), or build fewer languages, or search off for the other languages',
    ]);
  });

  it('warns about a file over 25 MiB, over 100 header rules and a header line over 2,000 characters, each once', () => {
    const warnings = hostLimitWarnings('cloudflare-pages', { ...small, largestFile: { path: 'roadmap.json', bytes: 26 * MIB }, headerRules: 101, longestHeaderLine: 2_001 });
    expect(warnings.map((warning) => warning.split(':')[0])).toEqual([
      '25 MiB a file (Cloudflare Pages)',
      '100 _headers rules (Cloudflare Pages)',
      '2,000 characters a _headers line (Cloudflare Pages)',
    ]);
    expect(warnings[0]).toContain('roadmap.json is 26.0 MiB');
    expect(warnings[2]).toBe('2,000 characters a _headers line (Cloudflare Pages): a _headers line has 2,001 characters: list fewer embed.allowedOrigins');
  });

  it('names the hashes of inline scripts and styles when they are in the long line, and the settings that make them files', () => {
    const [warning] = hostLimitWarnings('cloudflare-pages', { ...small, longestHeaderLine: 2_536, longestHeaderLineHashes: 40 });
    expect(warning).toBe(
      "2,000 characters a _headers line (Cloudflare Pages): a _headers line has 2,536 characters, with 40 hashes of the scripts and styles the roadmap's pages carry inline: " +
        'set build.inlineStylesheets: "never" and vite: { build: { assetsInlineLimit: 0 } } in astro.config.mjs, so that Astro writes them to files, or list fewer embed.allowedOrigins',
    );
  });
});

describe('no host set', () => {
  it('holds _headers to the limits of Cloudflare Pages, which reads it, saying why, and nothing else to any', () => {
    expect(hostLimitWarnings(undefined, { ...small, files: 50_000, bytes: 2048 * MIB, largestFile: { path: 'roadmap.json', bytes: 30 * MIB } })).toEqual([]);
    const warnings = hostLimitWarnings(undefined, { ...small, headerRules: 101, longestHeaderLine: 2_001 });
    expect(warnings.map((warning) => warning.split(':')[0])).toEqual([
      '100 _headers rules (Cloudflare Pages; no "host" is set, so _headers is held to this limit of a host that reads it)',
      '2,000 characters a _headers line (Cloudflare Pages; no "host" is set, so _headers is held to this limit of a host that reads it)',
    ]);
  });
});

describe('GitHub Pages', () => {
  it('warns past 1 GB, and about nothing Cloudflare limits', () => {
    expect(hostLimitWarnings('github-pages', { ...small, files: 50_000, headerRules: 500 })).toEqual([]);
    expect(hostLimitWarnings('github-pages', { ...small, bytes: 1025 * MIB })).toEqual([
      '1 GB a published site (GitHub Pages): the site is 1025 MiB: build fewer languages, or search off for the other languages, or host it elsewhere',
    ]);
  });
});

describe('a host with no documented limit', () => {
  it('gets no warning', () => {
    expect(hostLimitWarnings('netlify', { ...small, files: 1e6, bytes: 1e12 })).toEqual([]);
  });
});

describe('the output stats', () => {
  it('count the files, their bytes, the largest, and the rules and longest line of _headers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-limits-'));
    mkdirSync(join(dir, 'issues/a'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), 'x'.repeat(10));
    writeFileSync(join(dir, 'issues/a/index.html'), 'y'.repeat(30));
    const headers = `/*\n  A: ${'b'.repeat(40)}\n/issues/*\n  C: 'sha256-x=' 'sha256-y='\n`;
    writeFileSync(join(dir, '_headers'), headers);
    expect(outputStats(dir)).toEqual({
      files: 3,
      bytes: 10 + 30 + headers.length,
      largestFile: { path: '_headers', bytes: headers.length },
      headerRules: 2,
      longestHeaderLine: 45,
      longestHeaderLineHashes: 0,
    });
    writeFileSync(join(dir, '_headers'), `/*\n  A: b\n/issues/*\n  C: 'sha256-x=' 'sha256-y='\n`);
    expect(outputStats(dir)).toMatchObject({ longestHeaderLine: 28, longestHeaderLineHashes: 2 });
  });
});
