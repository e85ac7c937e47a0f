/**
 * The order the site project's files start in. Vitest runs files with known
 * durations longest first, but a fresh clone has none, and then it runs the
 * largest files first: the page audits, four-line files that call
 * test/browser/page-audit.ts, came last and ran alone at the end (about 50 s
 * of a fresh-clone run spent on one core). So files without a recorded
 * duration start in the order of SLOWEST (their times in an idle `npm test` of
 * a fresh clone, 2026-11-28), then Vitest's own order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOWEST = [
  'test/browser/i18n.test.ts', // 74 s
  'test/browser/pages-hostile.test.ts', // 40 s
  'test/browser/pages-demo.test.ts', // 40 s
  'test/browser/board-index.test.ts', // 32 s
  'test/integration/rebuild.test.ts', // 32 s
  'test/integration/readme.test.ts', // 30 s
  'test/browser/phone.test.ts', // 27 s
  'test/browser/search.test.ts', // 21 s
  'test/browser/board.test.ts', // 8 s
  'test/integration/cli.test.ts', // 6 s
  'test/browser/embed.test.ts', // 6 s
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return sorted;
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST.findIndex((path) => spec.moduleId.endsWith(path));
      return index === -1 ? SLOWEST.length : index;
    };
    // Array.prototype.sort is stable: files of equal rank keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
