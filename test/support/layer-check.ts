/**
 * The layer rules of .dependency-cruiser.cjs, held for the `.astro` files too. dependency-cruiser cannot read them:
 * it has no transpiler for Astro, and its `extraExtensionsToScan` lists a file as a module without reading its
 * imports. So the graph here is dependency-cruiser's own (the .ts files, resolved as `npm run lint:layers` resolves
 * them) with each `.astro` file's imports added as Astro's compiler sees them:
 * - the frontmatter's, type-only imports included (tsPreCompilationDeps counts them in the .ts files);
 * - the compiled component's, which import Astro's runtime: an `.astro` file is Astro wherever it lies;
 * - its processed `<script>`s' (the client scripts the page bundles; `is:inline` ones are left as they are).
 * The rules are read from .dependency-cruiser.cjs, never written here: the path rules are checked on the `.astro`
 * files' imports (dependency-cruiser checks the others), the circle rules on the whole graph.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import ts from 'typescript';
import { PROJECT_ROOT } from './build-site.ts';

const require = createRequire(import.meta.url);
/** The rules as .dependency-cruiser.cjs writes them (`layerRules` refuses any condition it does not know). */
interface ConfigRule {
  name: string;
  scope?: string;
  from: Record<string, string | undefined>;
  to: Record<string, string | boolean | undefined>;
}
const config = require(join(PROJECT_ROOT, '.dependency-cruiser.cjs')) as { forbidden: ConfigRule[]; options: ICruiseOptions };

/** Astro's compiler, the one `astro build` compiles the components with (a dependency of astro, found through it). */
interface AstroCompiler {
  parse(source: string): { ast: { frontmatter?: { start: number; end: number } } };
  transform(source: string, options: { filename: string }): { code: string; scripts: { type: string; code?: string; src?: string }[] };
}
const astroRequire = createRequire(require.resolve('astro/package.json'));
const compiler = (await import(pathToFileURL(astroRequire.resolve('@astrojs/compiler-rs')).href)) as AstroCompiler;

/** Each module of src/ (a path from the project's root) and what it imports: a path, or a package's or virtual module's name. */
export type Graph = Map<string, string[]>;

export interface PathRule {
  name: string;
  from: { path?: string; pathNot?: string };
  to: { path?: string; pathNot?: string };
}
export interface CircleRule {
  name: string;
  scope: 'module' | 'folder';
  from: { path?: string; pathNot?: string };
}

const KNOWN = { rule: ['name', 'severity', 'comment', 'scope', 'from', 'to'], from: ['path', 'pathNot'], to: ['path', 'pathNot', 'circular'] };

/** The forbidden rules of .dependency-cruiser.cjs; a rule using a condition this check cannot apply to `.astro` imports fails loudly instead of being skipped. */
export function layerRules(): { paths: PathRule[]; circles: CircleRule[] } {
  const paths: PathRule[] = [];
  const circles: CircleRule[] = [];
  for (const rule of config.forbidden) {
    const unknown = [
      ...Object.keys(rule).filter((key) => !KNOWN.rule.includes(key)),
      ...Object.keys(rule.from).filter((key) => !KNOWN.from.includes(key)),
      ...Object.keys(rule.to).filter((key) => !KNOWN.to.includes(key)),
    ];
    if (unknown.length > 0)
      throw new Error(`.dependency-cruiser.cjs: rule ${rule.name} uses ${unknown.join(', ')}, which test/support/layer-check.ts does not apply to .astro files: teach it`);
    const from = rule.from as PathRule['from'];
    const to = rule.to as PathRule['to'] & { circular?: boolean };
    if (to.circular) circles.push({ name: rule.name, scope: rule.scope === 'folder' ? 'folder' : 'module', from });
    else paths.push({ name: rule.name, from, to: { path: to.path, pathNot: to.pathNot } });
  }
  return { paths, circles };
}

const asPattern = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('|') : value);
const excluded = asPattern((config.options?.exclude as { path?: string | string[] } | undefined)?.path);
const EXTENSIONS = (config.options?.enhancedResolveOptions?.extensions as string[] | undefined) ?? ['.ts'];

/**
 * The modules of src/ and their imports as `npm run lint:layers` resolves them, without the `.astro` files' imports:
 * `all` with the type-only imports (which the layer rules count), `runtime` without them (what a module loads).
 */
export async function cruisedGraphs(): Promise<{ all: Graph; runtime: Graph }> {
  const tsConfig = extractTSConfig(join(PROJECT_ROOT, config.options?.tsConfig?.fileName ?? 'tsconfig.json'));
  const cwd = process.cwd();
  process.chdir(PROJECT_ROOT);
  try {
    const { output } = await cruise(['src'], { ...config.options, outputType: 'json' }, {}, { tsConfig });
    const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
    const modules = result.modules.filter((module) => module.source.startsWith('src/'));
    const graph = (keep: (types: readonly string[]) => boolean): Graph =>
      new Map(modules.map((module) => [module.source, module.dependencies.filter((dependency) => keep(dependency.dependencyTypes)).map((dependency) => dependency.resolved)]));
    return { all: graph(() => true), runtime: graph((types) => !types.includes('type-only')) };
  } finally {
    process.chdir(cwd);
  }
}

/** `cruisedGraphs().all`. */
export const cruisedGraph = async (): Promise<Graph> => (await cruisedGraphs()).all;

/** The modules of `graph` that `from` loads, itself included, following every import. */
export function reachable(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length) {
    const module = stack.pop()!;
    if (seen.has(module)) continue;
    seen.add(module);
    stack.push(...(graph.get(module) ?? []));
  }
  return seen;
}

/** The `.astro` files of src/ (paths from the project's root), but those the config excludes. */
export function astroFiles(): string[] {
  return globSync('src/**/*.astro', { cwd: PROJECT_ROOT })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => !excluded || !new RegExp(excluded).test(file))
    .sort();
}

/** What the TypeScript or JavaScript `code` imports and re-exports from, as written. */
export const specifiersIn = (code: string) => ts.preProcessFile(code, true, true).importedFiles.map((file) => file.fileName);

const specifiersOf = new Map<string, string[]>();

/** What the `.astro` file at `file` (its text `source`) imports, as written. */
export function astroSpecifiers(file: string, source: string): string[] {
  const key = `${file}\n${source}`;
  if (!specifiersOf.has(key)) specifiersOf.set(key, compiledSpecifiers(file, source));
  return specifiersOf.get(key)!;
}

function compiledSpecifiers(file: string, source: string): string[] {
  const { frontmatter } = compiler.parse(source).ast;
  const compiled = compiler.transform(source, { filename: join(PROJECT_ROOT, file) });
  return [
    ...new Set([
      ...(frontmatter ? specifiersIn(source.slice(frontmatter.start, frontmatter.end).replace(/^\s*---|---\s*$/g, '')) : []),
      ...specifiersIn(compiled.code),
      ...compiled.scripts.flatMap((script) => (script.code !== undefined ? specifiersIn(script.code) : script.src ? [script.src] : [])),
    ]),
  ];
}

/**
 * A specifier of `file` as dependency-cruiser reports it: a relative one as the path of the file it names (the
 * config's resolve extensions tried when it has none; undefined when no file is there), any other by its name.
 */
export function resolveSpecifier(file: string, specifier: string, exists = (path: string) => existsSync(join(PROJECT_ROOT, path))): string | undefined {
  const bare = specifier.replace(/[?#].*$/, '');
  if (!bare.startsWith('.')) return bare;
  const path = posix.join(posix.dirname(file), bare);
  return [path, ...EXTENSIONS.map((extension) => path + extension), ...EXTENSIONS.map((extension) => `${path}/index${extension}`)].find(exists);
}

/** `graph` with the `.astro` files' imports added; `texts` gives a file's text (planted files in the tests), else it is read from disk. */
export function withAstroFiles(graph: Graph, files: string[], texts: ReadonlyMap<string, string> = new Map()): { graph: Graph; unresolved: string[] } {
  const combined = new Map(graph);
  const unresolved: string[] = [];
  const exists = (path: string) => texts.has(path) || existsSync(join(PROJECT_ROOT, path));
  for (const file of files) {
    const source = texts.get(file) ?? readFileSync(join(PROJECT_ROOT, file), 'utf8');
    const imports = astroSpecifiers(file, source).map((specifier) => resolveSpecifier(file, specifier, exists) ?? (unresolved.push(`${file} imports ${specifier}`), specifier));
    combined.set(file, [...new Set([...(combined.get(file) ?? []), ...imports])]);
  }
  return { graph: combined, unresolved };
}

const matches = (pattern: string | undefined, value: string, otherwise: boolean) => (pattern === undefined ? otherwise : new RegExp(pattern).test(value));
const selects = (selector: { path?: string; pathNot?: string }, value: string) => matches(selector.path, value, true) && !matches(selector.pathNot, value, false);

/** Groups of nodes that reach each other (Tarjan's strongly connected components), those of two or more only. */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** Module edges inside src/, or folder edges (each module's own folder, as dependency-cruiser's folder scope). */
function edgesAt(graph: Graph, scope: CircleRule['scope']): Map<string, Set<string>> {
  const at = (path: string) => (scope === 'folder' ? posix.dirname(path) : path);
  const edges = new Map<string, Set<string>>();
  for (const [source, imports] of graph) {
    for (const target of imports) {
      if (!target.startsWith('src/') || at(source) === at(target)) continue;
      edges.set(at(source), (edges.get(at(source)) ?? new Set()).add(at(target)));
    }
  }
  return edges;
}

/** Each broken rule, as `rule: what breaks it`: the path rules on the imports of `astroSources`, the circle rules on the whole graph. */
export function violations(graph: Graph, astroSources: readonly string[], rules = layerRules()): string[] {
  const broken: string[] = [];
  for (const source of astroSources) {
    for (const target of graph.get(source) ?? []) {
      for (const rule of rules.paths) if (selects(rule.from, source) && selects(rule.to, target)) broken.push(`${rule.name}: ${source} imports ${target}`);
    }
  }
  for (const rule of rules.circles) {
    for (const group of circles(edgesAt(graph, rule.scope))) {
      if (group.some((node) => selects(rule.from, node))) broken.push(`${rule.name}: ${group.join(' ↔ ')} import each other`);
    }
  }
  return broken;
}
