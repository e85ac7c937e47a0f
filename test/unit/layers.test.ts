/**
 * The layer rules of .dependency-cruiser.cjs hold for the `.astro` files as for the .ts files (test/support/layer-check.ts
 * reads their imports with Astro's compiler), and the check fails on the imports that break them.
 * And test/unit/ mirrors src/ (test/support/unit-layout.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOADERS_MODULE } from '../../src/integration/loaders-external.ts';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { astroFiles, astroSpecifiers, cruisedGraphs, reachable, specifiersIn, violations, withAstroFiles, type Graph } from '../support/layer-check.ts';
import { projectFiles, unmatchedUnitTests } from '../support/unit-layout.ts';

let cruised: Graph;
let runtime: Graph;
let files: string[];
// dependency-cruiser reads every module of src/: 2 s on an idle machine, several times that on a busy one.
beforeAll(async () => {
  ({ all: cruised, runtime } = await cruisedGraphs());
  files = astroFiles();
});

/** The real graph with `planted` files added (path → text), and what they break. */
function plant(planted: Record<string, string>): string[] {
  const texts = new Map(Object.entries(planted));
  const all = [...files, ...texts.keys()];
  return violations(withAstroFiles(cruised, all, texts).graph, all);
}

describe('the layer rules, .astro files included', () => {
  it('reads the imports of every .astro file of src/, each resolved to a file', () => {
    expect(files).toContain('src/layouts/Base.astro');
    expect(files.filter((file) => file.startsWith('src/routes/')).length).toBeGreaterThan(10);
    const { graph, unresolved } = withAstroFiles(cruised, files);
    expect(unresolved).toEqual([]);
    // What Base.astro's frontmatter imports, and SiteSearch.astro's <script>, by path.
    expect(graph.get('src/layouts/Base.astro')).toEqual(expect.arrayContaining(['src/components/Head.astro', 'src/route-data/roadmap.ts']));
    expect(graph.get('src/components/SiteSearch.astro')).toEqual(expect.arrayContaining(['src/client-scripts/search-loader.ts']));
  });

  it('counts type-only imports, the compiled component’s runtime and the page’s bundled scripts', () => {
    const source = `---\nimport type { Roadmap } from '../route-data/roadmap.ts';\n---\n<p>x</p>\n<script>\n  import '../client-scripts/embed-height.ts';\n</script>\n<script is:inline src="/theme.js"></script>\n`;
    const imports = astroSpecifiers('src/components/Planted.astro', source);
    expect(imports).toEqual(expect.arrayContaining(['../route-data/roadmap.ts', '../client-scripts/embed-height.ts']));
    expect(imports.some((specifier) => specifier.startsWith('astro/'))).toBe(true);
    expect(imports).not.toContain('/theme.js');
  });

  it('no .astro file breaks a rule, and no folders import each other', () => {
    expect(violations(withAstroFiles(cruised, files).graph, files)).toEqual([]);
  });

  it('fails on an Astro import in the lowest layer', () => {
    const broken = plant({ 'src/shared/Planted.astro': `---\nimport type { AstroIntegration } from 'astro';\n---\n<p>x</p>\n` });
    expect(broken).toContain('no-astro-below-the-astro-layer: src/shared/Planted.astro imports astro');
  });

  it('fails on an .astro import that makes a folder circle', () => {
    // Base.astro (layouts/) uses components/Head.astro: a component that uses a layout closes the circle.
    const broken = plant({ 'src/components/Planted.astro': `---\nimport Base from '../layouts/Base.astro';\n---\n<Base><p>x</p></Base>\n` });
    expect(broken).toContain('no-circular-folders: src/components ↔ src/layouts import each other');
  });

  it('fails on a component that reads the collections itself', () => {
    const broken = plant({
      'src/components/Planted.astro': `---\nimport { getCollection } from 'astro:content';\nconst issues = await getCollection('issues');\n---\n<p>{issues.length}</p>\n`,
    });
    expect(broken).toContain('pages-read-collections-through-route-data: src/components/Planted.astro imports astro:content');
  });

  it('fails on .astro files that import each other', () => {
    const broken = plant({
      'src/components/PlantedA.astro': `---\nimport B from './PlantedB.astro';\n---\n<B />\n`,
      'src/components/PlantedB.astro': `---\nimport A from './PlantedA.astro';\n---\n<A />\n`,
    });
    expect(broken).toContain('no-circular: src/components/PlantedA.astro ↔ src/components/PlantedB.astro import each other');
  });
});

describe('the content sync', () => {
  // Astro's sync loads the content config through Vite's module runner, one transformed module at a time (with its
  // source map): the 38 modules of the loaders cost it about 0.3 s of every build. The content config only hands the
  // settings to portal-roadmap/loaders, which Node loads (src/integration/loaders-external.ts).
  it('has Vite transform one module of ours: the content config imports the settings and the loaders, nothing else', () => {
    const imported = specifiersIn(readFileSync(join(PROJECT_ROOT, 'src/content/collections.ts'), 'utf8'));
    expect(new Set(imported)).toEqual(new Set(['virtual:portal-roadmap/settings', LOADERS_MODULE]));
  });

  it('loads no translations: the loaders read the words they need from the settings', () => {
    const loaded = reachable(runtime, 'src/content/loaders.ts');
    expect(loaded.has('src/content/loader.ts')).toBe(true);
    expect([...loaded].filter((module) => module.startsWith('src/i18n/'))).toEqual([]);
  });
});

describe('the unit tests', () => {
  it('mirror src/: each is named after the module it tests, in that module’s folder (test/support/unit-layout.ts)', () => {
    const { tests, sources } = projectFiles();
    expect(tests).toContain('test/unit/feeds/atom.test.ts');
    expect(unmatchedUnitTests(tests, sources)).toEqual([]);
  });

  it('fail on a test that names no module, or sits outside its module’s folder', () => {
    const { tests, sources } = projectFiles();
    const planted = ['test/unit/atom.test.ts', 'test/unit/feeds/nowhere.test.ts', 'test/unit/history/atom.test.ts'];
    expect(unmatchedUnitTests([...tests, ...planted], sources)).toEqual(planted);
    expect(unmatchedUnitTests(['test/unit/publish/rebuild.live-history.test.ts', 'test/unit/view/issue-page.test.ts'], sources)).toEqual([]);
  });
});
