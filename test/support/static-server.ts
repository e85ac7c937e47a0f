/**
 * Serves a built site on 127.0.0.1 the way Netlify or Cloudflare Pages would:
 * `index.html` for directories, `404.html` for anything missing, and the
 * headers of every matching `_headers` rule (same-name values merged with a
 * comma, as those hosts do). So a browser test runs under the real CSP.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const colon = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*') ? path.startsWith(rule.pattern.slice(0, -1)) : path === rule.pattern;
    if (!matches) continue;
    for (const [name, value] of rule.headers) merged[name] = merged[name] ? `${merged[name]}, ${value}` : value;
  }
  return merged;
}

export interface StaticSite {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves `root` at `base` (a site built with that base path); anything outside it is not found.
 * `gzip`: text is sent compressed to a client that accepts it, as every host the docs cover does (the bench's
 * Lighthouse runs measure what a visitor downloads; the tests read bodies as written).
 */
export async function serveStatic(root: string, base = '/', options: { gzip?: boolean } = {}): Promise<StaticSite> {
  const headersPath = join(root, '_headers');
  const rules = existsSync(headersPath) ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    let file = path.startsWith(base) ? join(root, normalize(path.slice(base.length - 1))) : undefined;
    if (!file?.startsWith(root)) file = undefined;
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    const found = file !== undefined && existsSync(file);
    const served = found ? file! : join(root, '404.html');
    // Nothing built yet (no 404.html either): a plain 404, as a host with an empty site answers.
    if (!existsSync(served)) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
      return;
    }
    const type = TYPES[extname(served)] ?? 'application/octet-stream';
    const compress = options.gzip && /^(text\/|application\/(json|xml)|image\/svg)/.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding']));
    const body = readFileSync(served);
    res.writeHead(found ? 200 : 404, { 'content-type': type, ...headersFor(rules, path), ...(compress ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}) });
    res.end(compress ? gzipSync(body) : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
