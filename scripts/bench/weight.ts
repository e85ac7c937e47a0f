/** Bytes of a page plus every stylesheet and script it loads, raw and gzipped; and of single files such as the filter index. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Weight {
  rawKb: number;
  gzipKb: number;
  jsGzipKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function pageWeight(outDir: string, page: string, base = '/'): Weight {
  const html = readFileSync(join(outDir, page));
  const text = html.toString('utf8');
  const asset = (url: string) => readFileSync(join(outDir, url.slice(base.length)));
  const css = [...text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => asset(m[1]!));
  const js = [...text.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => asset(m[1]!));
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
