/**
 * The floors of a build, two bare Astro projects at the same Astro build settings as ours (astro.config.mjs and
 * src/integration/index.ts): directory format, trailing slash, external stylesheets and scripts, and the same
 * `build.concurrency`. Both render as many HTML pages as ours, from an in-memory array.
 *
 * - The trivial floor (`createFloorProject`): pages of about 150 bytes and nothing else. What it costs is the cost
 *   of Astro itself; ours / it is `build_ratio`.
 * - The fair floor (`createFairFloorProject`): what any site that publishes this roadmap must pay, done the plainest
 *   way. Ours has a CSP meta tag on every page (Astro's `security.csp`, the same directives), a sitemap
 *   (@astrojs/sitemap), pages of some kilobytes, and a search index; so has this floor: each page is at our page's
 *   path, in its language, as large as the median of our pages, and the pages ours indexes carry exactly the
 *   searchable element of ours (`data-pagefind-body`, with its filters and metadata), which a search step of a
 *   dozen lines hands to Pagefind at the end of the build. What it costs is the cost of Astro plus a
 *   search index; ours / it is `fair_build_ratio`.
 *
 * The fair floor's search step indexes with the API our build uses at the time of writing (one `addHTMLFile` per
 * page, in the order of the pages' paths, src/integration/steps/search-index.ts); if ours moves to records built
 * from the data, so should this step.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { median } from './stats.ts';

export interface FloorSettings {
  site: string;
  /** Astro's `build.concurrency`, as ours resolves it (`Settings.buildConcurrency`). */
  concurrency: number;
}

/** The Astro settings ours sets (src/integration/index.ts) that cost build time. */
const astroSettings = (settings: FloorSettings) => ({
  site: settings.site,
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: settings.concurrency },
});

function floorDir(root: string, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `bench-${name}`, private: true, type: 'module' }));
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  return dir;
}

export function createFloorProject(root: string, pages: number, settings: FloorSettings): string {
  const dir = floorDir(root, 'floor');
  writeFileSync(join(dir, 'astro.config.mjs'), `import { defineConfig } from 'astro/config';\nexport default defineConfig(${JSON.stringify(astroSettings(settings))});\n`);
  writeFileSync(
    join(dir, 'src/pages/[id].astro'),
    `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, i) => ({ params: { id: \`page-\${i}\` }, props: { n: i } }));
}
const { n } = Astro.props;
---
<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Page {n}</title></head><body><h1>Page {n}</h1></body></html>
`,
  );
  return dir;
}

export interface FairFloorSettings extends FloorSettings {
  /** Our CSP directives (`cspDirectives()`), which Astro completes with the hashes of what it inlines. */
  cspDirectives: readonly string[];
  /** The folders of the output whose pages ours indexes for search (issues, projects, release notes, in every language). */
  searchSections: readonly string[];
  /** Pagefind's options as ours sets them: one language forced, and the most fragment files. */
  pagefind: { forceLanguage?: string; maxFragments: number };
}

/** One page of the fair floor: where ours has it, its language, and the searchable element ours has on it. */
interface FloorPage {
  path: string;
  lang: string;
  searchable: string;
  filler: number;
}

export interface OurPages {
  pages: number;
  /** Median size of our HTML pages, in bytes. */
  medianBytes: number;
  /** Pages that carry a searchable element, and that element's total size. */
  searchablePages: number;
  searchableBytes: number;
}

/** The element that carries `data-pagefind-body` in a page, with everything in it (the pages nest no other such tag in it). */
export function searchableElement(html: string): string {
  const open = /<(article|main|section|div)\b[^>]*\sdata-pagefind-body[\s=>]/.exec(html);
  if (!open) return '';
  const tag = open[1]!;
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = open.index;
  let depth = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) return html.slice(open.index, match.index + match[0].length);
  }
  return html.slice(open.index);
}

/** A paragraph of plain words, the filler that brings each floor page to our median size; never searchable. */
const FILLER = '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>\n';

/**
 * Writes the fair floor of the build in `ourOutDir` (see the top of this file) and returns its folder, with what it
 * read of our pages.
 */
export function createFairFloorProject(root: string, ourOutDir: string, settings: FairFloorSettings): { dir: string; ours: OurPages } {
  const dir = floorDir(root, 'fair-floor');
  const files = readdirSync(ourOutDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(ourOutDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  const sizes: number[] = [];
  const pages: FloorPage[] = [];
  let searchableBytes = 0;
  for (const file of files) {
    const html = readFileSync(join(ourOutDir, file), 'utf8');
    sizes.push(Buffer.byteLength(html));
    const indexed = settings.searchSections.some((section) => file.startsWith(`${section}/`));
    const searchable = indexed ? searchableElement(html) : '';
    searchableBytes += searchable.length;
    // `issues/x/index.html` → `issues/x`; `404.html` → `404` (a page of its own, as many pages as ours).
    const path = file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
    pages.push({ path, lang: /<html\b[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? 'en', searchable, filler: 0 });
  }
  const medianBytes = Math.round(median(sizes));
  // The page's frame (head, CSP meta tag, header) is about 1 KB once Astro has written it; the filler makes up the rest.
  for (const page of pages) page.filler = Math.max(0, Math.round((medianBytes - 1024 - Buffer.byteLength(page.searchable)) / FILLER.length));
  writeFileSync(join(dir, 'pages.json'), JSON.stringify(pages));
  const config = {
    ...astroSettings(settings),
    security: { csp: { algorithm: 'SHA-256', directives: settings.cspDirectives } },
    markdown: { syntaxHighlight: false },
    vite: { build: { assetsInlineLimit: 0 } },
  };
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import * as pagefind from 'pagefind';

const SECTIONS = ${JSON.stringify(settings.searchSections)};

// The search step: every page of the searchable sections handed to Pagefind in the order of its path, then the index written.
const search = {
  name: 'fair-floor:search',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const outDir = fileURLToPath(dir);
      const { index } = await pagefind.createIndex(${JSON.stringify(settings.pagefind)});
      const paths = SECTIONS.flatMap((section) => {
        try {
          return readdirSync(join(outDir, section), { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
            .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
        } catch {
          return [];
        }
      }).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const added = await Promise.all(paths.map((sourcePath) => index.addHTMLFile({ sourcePath, content: readFileSync(join(outDir, sourcePath), 'utf8') })));
      const errors = added.flatMap((answer) => answer.errors);
      if (errors.length) throw new Error(errors.join('; '));
      await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
      await pagefind.close();
    },
  },
};

export default defineConfig({ ...${JSON.stringify(config)}, integrations: [sitemap(), search] });
`,
  );
  writeFileSync(
    join(dir, 'src/pages/[...path].astro'),
    `---
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function getStaticPaths() {
  const pages = JSON.parse(readFileSync(join(process.cwd(), 'pages.json'), 'utf8'));
  return pages.map((page) => ({ params: { path: page.path || undefined }, props: page }));
}
const { path, lang, searchable, filler } = Astro.props;
const title = path || 'Home';
---
<!doctype html>
<html lang={lang}>
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title}</title>
    <link rel="canonical" href={new URL(path ? \`\${path}/\` : '', Astro.site)} />
  </head>
  <body>
    <header><a href="/">Roadmap</a> <nav><a href="/issues/">Issues</a> <a href="/projects/">Projects</a></nav></header>
    <main>
      <Fragment set:html={searchable} />
      <Fragment set:html={${JSON.stringify(FILLER)}.repeat(filler)} />
    </main>
  </body>
</html>
`,
  );
  return { dir, ours: { pages: pages.length, medianBytes, searchablePages: pages.filter((p) => p.searchable).length, searchableBytes } };
}
