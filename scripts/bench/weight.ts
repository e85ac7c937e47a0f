/**
 * Bytes of a page plus every stylesheet and script it loads, raw and gzipped; and of single files such as the board index.
 * Scripts count with the modules they import statically (a chunk two scripts
 * share, say), since the browser fetches those at load too; modules imported
 * with `import()` (the search code) are not loaded with the page and do not count.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Weight {
  rawKb: number;
  gzipKb: number;
  jsGzipKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`; never `import(…)`. */
const STATIC_IMPORT = /\b(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?|[\w$]+(?:\s*,\s*\{[^}]*\})?)?\s*(?:from\s*)?["']([^"']+\.js)["']/g;

/** The URL paths of `entries` and of every module they import statically, each once. */
export function staticModuleGraph(entries: readonly string[], read: (url: string) => string): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const match of read(url).matchAll(STATIC_IMPORT)) visit(posix.resolve(posix.dirname(url), match[1]!));
  };
  entries.forEach(visit);
  return [...seen];
}

export function pageWeight(outDir: string, page: string, base = '/'): Weight {
  const html = readFileSync(join(outDir, page));
  const text = html.toString('utf8');
  const asset = (url: string) => readFileSync(join(outDir, url.slice(base.length)));
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => asset(m[1]!));
  const scripts = [...text.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]!);
  const js = staticModuleGraph(scripts, (url) => asset(url).toString('utf8')).map(asset);
  const all = [html, ...css, ...js];
  return {
    rawKb: kb(all.reduce((sum, b) => sum + b.length, 0)),
    gzipKb: kb(all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)),
    jsGzipKb: kb(js.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)),
  };
}

/** One built file, gzipped as a static host would serve it, in KB. */
export function fileGzipKb(outDir: string, file: string): number {
  return kb(gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
}
