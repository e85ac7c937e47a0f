/**
 * Comments and the README cite the service's API by section of
 * docs/portal-api.md, e.g. `(docs/portal-api.md, Rate limits §3)`. A citation
 * must land on a heading of that file and, when it names one, on a numbered
 * point of that section; the old citations of a spec outside the repository
 * (`(spec, Limits 3)`, `spec: ...`) must not come back, since a clone cannot
 * follow them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOC_PATH = 'docs/portal-api.md';
const CITATION_PREFIX = `${DOC_PATH}, `;
const SCANNED_DIRS = ['src', 'scripts', 'test'];
const SCANNED_FILES = ['README.md', 'astro.config.mjs'];
const TEXT_EXTENSIONS = new Set(['.ts', '.mts', '.mjs', '.js', '.astro', '.css', '.md']);
/** This file spells out citation forms (and the old style) in order to check them. */
const SELF = 'test/unit/spec-citations.test.ts';
/** `(spec, Limits 3)`, `(spec: "number")`, `(spec)`, `spec: {base_url_v1}`, `// Spec, Errors:`. */
const OLD_STYLE = /\(spec\b[^)]*\)|\(spec,|\bspec:|(?:\/\/|\*)\s*spec,/i;

interface Section {
  heading: string;
  /** Numbers of the section's top-level numbered points. */
  points: Set<number>;
}

interface Doc {
  /** By every name a citation may use: the full heading and, for `A: B`, `A`. */
  sectionsByName: Map<string, Section>;
  slugs: Set<string>;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to dashes. */
function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function parseDoc(markdown: string): Doc {
  const sectionsByName = new Map<string, Section>();
  const slugs = new Set<string>();
  let current: Section | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,6}) (.+)$/.exec(line);
    if (heading) {
      slugs.add(githubSlug(heading[2]!));
      current = undefined;
      if (heading[1] === '##') {
        current = { heading: heading[2]!, points: new Set() };
        sectionsByName.set(current.heading, current);
        const shortName = current.heading.split(': ')[0]!;
        if (shortName !== current.heading) sectionsByName.set(shortName, current);
      }
      continue;
    }
    const point = /^(\d+)\. /.exec(line);
    if (point && current) current.points.add(Number(point[1]));
  }
  return { sectionsByName, slugs };
}

interface Citation {
  file: string;
  line: number;
  text: string;
}

/**
 * Problems of every `docs/portal-api.md, <Section>[ §n[–m]][; <Section>...]`
 * citation in `text`, and of every `](docs/portal-api.md#anchor)` link.
 */
function checkCitations(text: string, file: string, doc: Doc): { citations: Citation[]; problems: string[] } {
  const citations: Citation[] = [];
  const problems: string[] = [];
  const names = [...doc.sectionsByName.keys()].sort((a, b) => b.length - a.length);
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const excerpt = (rest: string, length: number) => rest.split('\n')[0]!.slice(0, length);
  for (let at = text.indexOf(CITATION_PREFIX); at !== -1; at = text.indexOf(CITATION_PREFIX, at + 1)) {
    const where = `${file}:${lineOf(at)}`;
    let rest = text.slice(at + CITATION_PREFIX.length);
    citations.push({ file, line: lineOf(at), text: excerpt(rest, 80) });
    for (;;) {
      const name = names.find((candidate) => rest.startsWith(candidate));
      if (!name) {
        problems.push(`${where}: no section of ${DOC_PATH} starts "${excerpt(rest, 40)}"`);
        break;
      }
      const section = doc.sectionsByName.get(name)!;
      rest = rest.slice(name.length);
      const point = /^ §(\d+)(?:[–-](\d+))?/.exec(rest);
      if (point) {
        const first = Number(point[1]);
        const last = point[2] === undefined ? first : Number(point[2]);
        if (last < first) problems.push(`${where}: "${name} ${point[0].trim()}" is a backwards range`);
        for (let n = first; n <= last; n++) {
          if (!section.points.has(n)) problems.push(`${where}: "${section.heading}" has no point ${n}`);
        }
        rest = rest.slice(point[0].length);
      }
      if (/^[\p{L}\p{N}§]/u.test(rest) || rest.startsWith(' §')) {
        problems.push(`${where}: "${name}${excerpt(rest, 12)}" is not a section of ${DOC_PATH} (or a malformed § point)`);
        break;
      }
      if (!rest.startsWith('; ')) break;
      rest = rest.slice(2);
    }
  }
  for (const link of text.matchAll(/\]\(docs\/portal-api\.md#([^)\s]+)\)/g)) {
    if (!doc.slugs.has(link[1]!)) problems.push(`${file}:${lineOf(link.index)}: no heading of ${DOC_PATH} has the anchor #${link[1]}`);
  }
  return { citations, problems };
}

/** The comment part of a line of code (after `//` or `/*`, or a `*` continuation); prose files are all text. */
function commentText(line: string, file: string): string {
  if (file.endsWith('.md')) return line;
  const match = /\/\/|\/\*|^\s*\*/.exec(line);
  return match ? line.slice(match.index) : '';
}

function oldStyleCitations(text: string, file: string): string[] {
  return text.split('\n').flatMap((line, index) => (OLD_STYLE.test(commentText(line, file)) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

function scannedFiles(): string[] {
  const inDirs = SCANNED_DIRS.flatMap((dir) => (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).map((path) => join(dir, path)));
  return [...inDirs.filter((path) => TEXT_EXTENSIONS.has(extname(path))), ...SCANNED_FILES].filter((path) => path !== SELF).sort();
}

const SAMPLE_DOC = parseDoc(
  ['# Title', '## Rate limits', '1. one', '2. two', '   3. indented, not a point', '## List issues: GET /issues/{id}', '1. only', '## Issue resource (v1)', 'text'].join('\n'),
);

describe('the citation checker', () => {
  it('accepts sections, short names before a colon, points, ranges and lists', () => {
    const text = [
      '(docs/portal-api.md, Rate limits §2)',
      '(docs/portal-api.md, Rate limits §1–2)',
      '(docs/portal-api.md, List issues §1)',
      '(docs/portal-api.md, List issues: GET /issues/{id})',
      '(docs/portal-api.md, Issue resource (v1); Rate limits)',
      '[docs/portal-api.md, Rate limits](docs/portal-api.md#rate-limits)',
    ].join('\n');
    const { citations, problems } = checkCitations(text, 'sample', SAMPLE_DOC);
    expect(problems).toEqual([]);
    expect(citations.map((c) => c.line)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('rejects an unknown section, a missing point, a misspelt name and a dead anchor', () => {
    const text = [
      '(docs/portal-api.md, Limits 3)',
      '(docs/portal-api.md, Rate limits §3)',
      '(docs/portal-api.md, Rate limits §2–3)',
      '(docs/portal-api.md, Rate limitsX)',
      '(docs/portal-api.md, Rate limits; Errors)',
      '[x](docs/portal-api.md#rate-limit)',
    ].join('\n');
    expect(checkCitations(text, 'sample', SAMPLE_DOC).problems).toEqual([
      'sample:1: no section of docs/portal-api.md starts "Limits 3)"',
      'sample:2: "Rate limits" has no point 3',
      'sample:3: "Rate limits" has no point 3',
      'sample:4: "Rate limitsX)" is not a section of docs/portal-api.md (or a malformed § point)',
      'sample:5: no section of docs/portal-api.md starts "Errors)"',
      'sample:6: no heading of docs/portal-api.md has the anchor #rate-limit',
    ]);
  });

  it('flags the old citations of the spec, and not words that merely contain "spec"', () => {
    const text = [
      '/** Jitter (spec, Limits 3). */',
      '/** Root (spec: `{base_url_v1}`). */',
      '/** Team shape not shown (spec): a string. */',
      '// Spec, Errors: the issue list fails.',
      'const unspecified = z.unknown();',
      'export function usage(spec: CommandSpec): string {',
      'await runCommand(spec, async (values) => {',
      '// See docs/portal-api.md, Errors §1.',
    ].join('\n');
    expect(oldStyleCitations(text, 'sample')).toEqual([
      'sample:1: /** Jitter (spec, Limits 3). */',
      'sample:2: /** Root (spec: `{base_url_v1}`). */',
      'sample:3: /** Team shape not shown (spec): a string. */',
      'sample:4: // Spec, Errors: the issue list fails.',
    ]);
  });
});

describe(`citations of ${DOC_PATH} in the project`, () => {
  const doc = parseDoc(readFileSync(DOC_PATH, 'utf8'));
  const files = scannedFiles();
  const results = files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('scans the code, the tests and the README', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'src/portal/pacer.ts', 'test/support/fake-portal.ts']));
  });

  it('every citation names a section, and a point, that exist', () => {
    const checked = results.map(({ file, text }) => checkCitations(text, file, doc));
    expect(checked.flatMap((c) => c.problems)).toEqual([]);
    // Guards against a scan that silently finds nothing: the pacer's comments cite the rate-limit rules.
    expect(checked.flatMap((c) => c.citations).filter((c) => c.file === 'src/portal/pacer.ts').length).toBeGreaterThan(0);
  });

  it('links of docs/portal-api.md land on headings of it and of the README', () => {
    const readme = parseDoc(readFileSync('README.md', 'utf8'));
    const dead = [...readFileSync(DOC_PATH, 'utf8').matchAll(/\]\((\.\.\/README\.md)?#([^)\s]+)\)/g)]
      .filter(([, inReadme, anchor]) => !(inReadme ? readme : doc).slugs.has(anchor!))
      .map(([link]) => link);
    expect(dead).toEqual([]);
  });

  it('no comment cites the spec outside the repository in the old style', () => {
    expect(results.flatMap(({ file, text }) => oldStyleCitations(text, file))).toEqual([]);
  });
});
