/**
 * The floor of a build: a bare Astro project that renders the same number of
 * trivial pages from an in-memory array, at the same Astro build settings as
 * ours (astro.config.mjs): directory format, trailing slash, external
 * stylesheets and the same `build.concurrency`. What it costs is the cost of
 * Astro itself, so ours / floor is what portal-roadmap adds.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FloorSettings {
  site: string;
  /** Astro's `build.concurrency`, as ours resolves it (`Settings.buildConcurrency`). */
  concurrency: number;
}

export function createFloorProject(root: string, pages: number, settings: FloorSettings): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench-floor', private: true, type: 'module' }));
  const config = {
    site: settings.site,
    trailingSlash: 'always',
    build: { format: 'directory', inlineStylesheets: 'never', concurrency: settings.concurrency },
  };
  writeFileSync(join(dir, 'astro.config.mjs'), `import { defineConfig } from 'astro/config';\nexport default defineConfig(${JSON.stringify(config)});\n`);
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
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
