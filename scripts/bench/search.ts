/**
 * What search costs a built site: the index on disk (bytes and files, next to
 * the site's own file count, which is what hosts limit) and what one search
 * downloads, measured in Chromium: open the board, type a query in the header
 * field, wait for the results, and add up every response of the search code
 * and of `pagefind/`. A second query shows what a visitor pays once the
 * runtime is loaded.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { folderSize } from '../../src/integration/steps/search-index.ts';
import { SEARCH_DIR } from '../../src/hosting/headers.ts';
import { launchChromium } from '../../test/support/browser.ts';
import { serveStatic } from '../../test/support/static-server.ts';
import { round } from './stats.ts';

export interface QueryDownload {
  query: string;
  results: number;
  requests: number;
  /** As served by a host that sends the files as they are. */
  raw_kb: number;
  /** With the host's gzip on the files it would compress (Pagefind's own index files are gzipped already). */
  gzip_kb: number;
}

export interface SearchFigures {
  index_files: number;
  index_kb: number;
  site_files: number;
  first_query: QueryDownload;
  next_query: QueryDownload;
}

const isSearchDownload = (url: string) => {
  const path = new URL(url).pathname;
  return path.includes(`/${SEARCH_DIR}/`) || /\/_astro\/search\.[\w-]+\.js$/.test(path);
};

async function query(page: Page, text: string): Promise<QueryDownload> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: Response) => {
    if (isSearchDownload(response.url())) bodies.push(response.body());
  };
  page.on('response', onResponse);
  const status = page.locator('[data-search-status]');
  await page.locator('#site-search-input').fill(text);
  // The status is written once the first results have their text (search.ts awaits every one), so their downloads are done.
  await page.waitForFunction((q) => (document.querySelector('[data-search-status]')?.textContent ?? '').includes(q), text, { timeout: 60_000 });
  page.off('response', onResponse);
  const sizes = await Promise.all(bodies);
  const results = Number(((await status.textContent()) ?? '').replace(/[^\d]/g, '')) || 0;
  return {
    query: text,
    results,
    requests: sizes.length,
    raw_kb: round(sizes.reduce((sum, b) => sum + b.length, 0) / 1024, 1),
    gzip_kb: round(sizes.reduce((sum, b) => sum + Math.min(b.length, gzipSync(b, { level: 9 }).length), 0) / 1024, 1),
  };
}

export async function searchFigures(outDir: string, queries: [string, string]): Promise<SearchFigures> {
  const index = await folderSize(join(outDir, SEARCH_DIR));
  const siteFiles = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  const site = await serveStatic(outDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    const first = await query(page, queries[0]);
    const next = await query(page, queries[1]);
    return { index_files: index.files, index_kb: round(index.bytes / 1024, 0), site_files: siteFiles, first_query: first, next_query: next };
  } finally {
    await browser.close();
    await site.close();
  }
}
