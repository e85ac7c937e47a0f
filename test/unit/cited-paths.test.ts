/**
 * A `src/…` path cited in the guides (docs/, README.md, CONTRIBUTING.md) or in a comment under src/, test/ or
 * scripts/ must exist: a file or a folder of this repository, or of one of the examples (whose own `src/` is
 * a team's project). So must a file a comment cites relative to its own folder (a path that starts `./` or
 * `../`). A move that leaves a citation behind fails here with the file, line and path. CHANGELOG.md
 * is history: it names files as they were.
 *
 * Comments of `.ts`/`.mjs`/`.js`/`.cjs` files are read with the TypeScript parser (strings and code are not
 * citations); an `.astro` file's comments (`//`, `/* … *\/`, `<!-- … -->`) are found by pattern.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../', import.meta.url).pathname;
const SCANNED_DIRS = ['src', 'test', 'scripts'];
const SCANNED_DOCS = ['README.md', 'CONTRIBUTING.md'];
const CODE_EXTENSIONS = new Set(['.ts', '.mts', '.mjs', '.js', '.cjs']);
/** Folders whose `src/` is a team's project, where a guide's `src/…` path may be instead. */
const PROJECT_ROOTS = [
  '',
  ...readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `examples/${e.name}/`),
];

/**
 * `src/` then path characters; not after a letter, `/`, `.` or `-` (so `../src/x`, `https://host/src/x` and
 * `my-src/x` are not citations of ours). `[...lang]` is a folder name of Astro's routes.
 */
const CITED_PATH = /(?<![\w/.-])src\/(?:\[\.\.\.[a-z]+\]|[\w.*{},-])+(?:\/(?:\[\.\.\.[a-z]+\]|[\w.*{},-])+)*\/?/g;

/**
 * `./` or `../` then a file name with a source or text extension, in a comment: a file next to the commenting one.
 * Not after a quote (`import "./x.js"` is an example of code) or `](` (a Markdown link of a JSDoc that the config
 * reference renders elsewhere), and not `./src/…` (an example path of a team's project).
 */
const RELATIVE_PATH = /(?<![\w/.'"-]|\]\()\.\.?\/(?!src\/)(?:[\w.[\]-]+\/)*[\w[\]-]+(?:\.[\w-]+)*\.(?:ts|astro|css|mjs|js|cjs|json|md)(?![\w/])/g;

export interface Citation {
  file: string;
  line: number;
  path: string;
}

/**
 * The `src/…` paths a text cites, with their line numbers (1-based, counted from `firstLine`); with `relative`, also
 * the paths it cites relative to `file`'s folder, as paths from the repository's root.
 */
export function citedPaths(text: string, file: string, firstLine = 1, relative = false): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(CITED_PATH)) {
      // A sentence's full stop or a list's comma is not part of the path.
      const path = match[0].replace(/[.,]+$/, '');
      if (path !== 'src/') found.push({ file, line: firstLine + index, path });
    }
    if (relative) for (const match of line.matchAll(RELATIVE_PATH)) found.push({ file, line: firstLine + index, path: posix.join(posix.dirname(file), match[0]) });
  });
  return found;
}

/** Whether a cited path exists: `*` and `{a,b}` stand for any name, so their folder must exist. */
export function pathExists(path: string, root = ROOT): boolean {
  const pattern = path.replace(/\/$/, '');
  const wildcard = pattern.search(/[*{]/);
  const literal = wildcard < 0 ? pattern : pattern.slice(0, pattern.lastIndexOf('/', wildcard));
  return PROJECT_ROOTS.some((project) => existsSync(join(root, project, literal)));
}

/** The comments of a source file, each with the line it starts on. */
function comments(text: string, file: string): { text: string; line: number }[] {
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  if (!CODE_EXTENSIONS.has(extname(file))) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->|(?<![:\w])\/\/[^\n]*/g)].map((match) => ({ text: match[0], line: lineOf(match.index) }));
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const range of [...(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []), ...(ts.getTrailingCommentRanges(text, node.getEnd()) ?? [])])
      ranges.set(range.pos, range);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const range of ts.getLeadingCommentRanges(text, source.endOfFileToken.getFullStart()) ?? []) ranges.set(range.pos, range);
  return [...ranges.values()].map((range) => ({ text: text.slice(range.pos, range.end), line: lineOf(range.pos) }));
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'data' ? [] : filesUnder(path);
    return [path];
  });
}

/** Every citation of the guides and of the comments of the source, tests and scripts. */
function allCitations(): Citation[] {
  const docs = [...SCANNED_DOCS, ...filesUnder('docs').filter((file) => file.endsWith('.md'))];
  const fromDocs = docs.flatMap((file) => citedPaths(readFileSync(join(ROOT, file), 'utf8'), file));
  const sources = SCANNED_DIRS.flatMap(filesUnder).filter((file) => CODE_EXTENSIONS.has(extname(file)) || extname(file) === '.astro');
  const fromComments = sources.flatMap((file) => comments(readFileSync(join(ROOT, file), 'utf8'), file).flatMap((comment) => citedPaths(comment.text, file, comment.line, true)));
  return [...fromDocs, ...fromComments];
}

describe('src/ paths cited in docs and comments', () => {
  it('all exist', () => {
    const citations = allCitations();
    // The scan finds the citations there are (hundreds): an empty list would mean a broken pattern, not a clean tree.
    expect(citations.length).toBeGreaterThan(200);
    const missing = citations.filter((citation) => !pathExists(citation.path)).map(({ file, line, path }) => `${file}:${line}: ${path}`);
    expect(missing).toEqual([]);
  });

  it('finds a cited path that does not exist, in prose and in a comment, and none in code', () => {
    const prose = 'The feeds are in src/site/feeds.ts, the view in `src/view/roadmap-view.ts`.';
    expect(citedPaths(prose, 'x.md').map((citation) => [citation.path, pathExists(citation.path)])).toEqual([
      ['src/site/feeds.ts', false],
      ['src/view/roadmap-view.ts', true],
    ]);
    const code = "// Rendered by src/cli/rebuild/swap.ts.\nconst file = 'src/nowhere.ts';\n/** See src/routes/[...lang]/index.astro and src/cli/*.ts. */\n";
    const cited = comments(code, 'x.ts').flatMap((comment) => citedPaths(comment.text, 'x.ts', comment.line));
    expect(cited.map(({ line, path }) => [line, path, pathExists(path)])).toEqual([
      [1, 'src/cli/rebuild/swap.ts', false],
      [3, 'src/routes/[...lang]/index.astro', true],
      [3, 'src/cli/*.ts', true],
    ]);
    expect(pathExists('src/nowhere/*.ts')).toBe(false);
    expect(statSync(join(ROOT, 'src/routes/[...lang]')).isDirectory()).toBe(true);
  });

  it('resolves a path a comment cites relative to its own file, and takes no quoted code, link or example for one', () => {
    const code = '// Written by ./feed-files.ts and (../feeds/atom.ts); `import "./x.js"`, [notify](../notify.md), `./src/layouts/Site.astro`.\n';
    const cited = comments(code, 'src/route-data/x.ts').flatMap((comment) => citedPaths(comment.text, 'src/route-data/x.ts', comment.line, true));
    expect(cited.map(({ path }) => [path, pathExists(path)])).toEqual([
      ['src/route-data/feed-files.ts', false],
      ['src/feeds/atom.ts', true],
    ]);
  });

  it('does not take a relative path or a URL for a citation of ours', () => {
    expect(citedPaths('../../src/x.ts, https://github.com/o/r/blob/main/src/y.ts, node_modules/portal-roadmap/src/z.ts', 'x.md')).toEqual([]);
  });
});
