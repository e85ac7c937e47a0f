/**
 * Classic scripts: the few browser scripts that must run as the <head> is parsed (before the first paint), which a
 * module cannot (a module runs after parsing), and the what's-new script a team's app loads with a plain `<script
 * src>` (it finds its address through `document.currentScript`, which a module has not). Each is a TypeScript module
 * of src/client-scripts/, type-checked and
 * linted like the others; a route imports it with `?classic` and gets the script's text, one IIFE with what it
 * imports bundled in, which the route serves under its fixed name (src/routes/theme.js.ts serves
 * `import script from '../client-scripts/site-theme.ts?classic'`).
 *
 * Bundled by esbuild, a devDependency, never in a team's build: Vite 8 bundles with Rolldown and lists esbuild only
 * as an optional peer, so a team's install need not have it. A checkout bundles its sources when a build or the dev
 * server first asks; an installed package reads the bundles `npm pack` made into lib/
 * (`npm run build:lib`, scripts/bundle-classic-scripts.ts), as the description worker does
 * (src/descriptions/worker-script.ts).
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';
import { INSTALLED, PACKAGE_ROOT, packageFile } from '../shared/package-files.ts';

/** The classic scripts, by their path below src/: what `npm pack` bundles into lib/ (as `.js`). */
export const CLASSIC_SCRIPTS = ['client-scripts/site-theme.ts', 'client-scripts/embed-theme.ts', 'client-scripts/whats-new.ts'] as const;

const SUFFIX = '?classic';

/** A stylesheet a classic script imports with Vite's `?inline` (`import css from './panel.css?inline'`): its text, minified. */
const CSS_AS_TEXT = /\.css\?inline$/;

/** Lets a classic script import its CSS as a string, as Vite's `?inline` does, minified by esbuild's CSS minifier. */
const cssAsText = {
  name: 'portal-roadmap:css-as-text',
  setup(build) {
    build.onResolve({ filter: CSS_AS_TEXT }, (args) => ({ path: resolve(args.resolveDir, args.path.replace(/\?inline$/, '')), suffix: '?inline' }));
    build.onLoad({ filter: /\.css$/ }, async (args) => {
      if (args.suffix !== '?inline') return undefined;
      const { transform } = await import('esbuild');
      const { code } = await transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true });
      return { contents: code.trimEnd(), loader: 'text' };
    });
  },
} satisfies Plugin;

/** How a classic script is bundled, in a checkout and for the package alike: one IIFE, minified, headed by its source's name. */
export function classicBundleOptions(source: string) {
  return {
    entryPoints: [packageFile(`src/${source}`)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    minify: true,
    banner: { js: `/* portal-roadmap: src/${source} */` },
    logLevel: 'silent',
    plugins: [cssAsText],
  } satisfies BuildOptions;
}

/** The bundled text of a classic script (`source`: its path below src/) and the files it was made from. */
export async function classicScript(source: string): Promise<{ code: string; inputs: string[] }> {
  if (INSTALLED) {
    const bundle = packageFile(`lib/${source.replace(/\.ts$/, '.js')}`);
    const code = await readFile(bundle, 'utf8').catch(() => {
      throw new Error(`${bundle} is missing: this copy of portal-roadmap was not packed with \`npm pack\`. Reinstall it from the registry or from a packed tarball.`);
    });
    return { code, inputs: [] };
  }
  const { build } = await import('esbuild');
  // From the package's folder, which the metafile then names its inputs from.
  const { outputFiles, metafile } = await build({ ...classicBundleOptions(source), absWorkingDir: PACKAGE_ROOT, write: false, metafile: true });
  return { code: outputFiles[0]!.text, inputs: Object.keys(metafile.inputs).map((input) => packageFile(input.replace(/\?.*$/, ''))) };
}

/** Resolves `…/src/client-scripts/x.ts?classic` imports to a module whose default export is the bundled script. */
export function classicScriptsPlugin(): VitePlugin {
  const srcFolder = packageFile('src');
  return {
    name: 'portal-roadmap:classic-scripts',
    enforce: 'pre',
    async load(id) {
      if (!id.endsWith(SUFFIX)) return undefined;
      const source = relative(srcFolder, id.slice(0, -SUFFIX.length)).split('\\').join('/');
      if (!(CLASSIC_SCRIPTS as readonly string[]).includes(source)) {
        throw new Error(`${id}: only the scripts of CLASSIC_SCRIPTS (src/integration/classic-scripts.ts) are bundled as classic scripts; add it there.`);
      }
      const { code, inputs } = await classicScript(source);
      // `astro dev` bundles again when one of the script's files changes.
      for (const input of inputs) this.addWatchFile(input);
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
