/**
 * Where a unit test lives: test/unit/ mirrors src/, a test of `src/<folder>/<module>.ts` (or `.astro`) being
 * `test/unit/<folder>/<module>.test.ts`, or `<module>.<aspect>.test.ts` for a second file on one module
 * (e.g. `test/unit/publish/rebuild.live-history.test.ts` tests src/publish/rebuild.ts).
 * Checked by test/unit/layers.test.ts.
 */
import { globSync } from 'node:fs';
import { posix } from 'node:path';
import { PROJECT_ROOT } from './build-site.ts';

/**
 * The unit tests of no one module: each checks a rule across the project, or a script of scripts/. Keep this short:
 * a test of one module goes beside that module's mirror instead.
 */
export const CROSS_CUTTING_TESTS: Readonly<Record<string, string>> = {
  'test/unit/cited-paths.test.ts': 'every path the docs and comments cite exists',
  'test/unit/commit-check.test.ts': 'commit messages keep the rule of CONTRIBUTING.md (scripts/check-commits.ts)',
  'test/unit/config-reference.test.ts': 'docs/reference/ agrees with the schema, the env and the CLIs (scripts/config-reference.ts)',
  'test/unit/layers.test.ts': 'the layer rules of .dependency-cruiser.cjs, and this layout',
  'test/unit/lint-rules.test.ts': 'oxlint and ESLint apply the same rules',
  'test/unit/package-links.test.ts': 'the Markdown of the tarball links only what it ships',
  'test/unit/release-check.test.ts': 'the release workflow (scripts/check-release.ts)',
  'test/unit/spec-citations.test.ts': 'citations of docs/portal-api.md land on its sections',
  'test/unit/workflow.test.ts': 'the example GitHub workflow',
};

const MODULE_EXTENSIONS = ['.ts', '.astro'];

/**
 * The unit test files (paths from the project root) that match no module of `sources` (paths from the project root,
 * e.g. `src/feeds/atom.ts`) and are not cross-cutting: `test/unit/feeds/atom.test.ts` matches `src/feeds/atom.ts`,
 * `test/unit/atom.test.ts` matches nothing.
 */
export function unmatchedUnitTests(tests: readonly string[], sources: readonly string[]): string[] {
  const modules = new Set(sources);
  return tests.filter((test) => {
    if (test in CROSS_CUTTING_TESTS) return false;
    const relative = posix.relative('test/unit', test);
    const module = posix.join('src', posix.dirname(relative), posix.basename(relative).split('.')[0]!);
    return !MODULE_EXTENSIONS.some((extension) => modules.has(module + extension));
  });
}

/** The unit test files and the source files of the project, as paths from its root. */
export function projectFiles(): { tests: string[]; sources: string[] } {
  const list = (pattern: string) => globSync(pattern, { cwd: PROJECT_ROOT }).map((file) => file.split('\\').join('/'));
  return { tests: list('test/unit/**/*.test.ts'), sources: list('src/**/*.{ts,astro}') };
}
