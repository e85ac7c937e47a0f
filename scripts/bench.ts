/**
 * `npm run bench [-- --quick] [-- --rounds N] [-- --json FILE]`: reproducible
 * figures of how fast portal-roadmap is, each next to its floor.
 * Deterministic synthetic workspaces (1,000 issues / 50 projects; 10,000 / 500
 * unless --quick). Every key of the JSON is snake_case.
 *   build_ratio             cold `astro build` from a snapshot / a cold bare Astro build of as many trivial pages at the same
 *                           Astro settings (build_concurrency); each round builds both, in alternating order; the median of
 *                           the rounds' ratios, with the least and greatest. Cold: Astro's cache, node_modules/.vite and
 *                           node_modules/.astro cleared and an empty description cache, before each build.
 *   warm_change_ratio       the next CI build after one issue's description changed (node_modules/.vite and Astro's cache
 *                           cleared as `npm ci` leaves them, the description cache of the cold build kept as the workflow
 *                           keeps .roadmap/) / that round's cold build; median of the rounds, with the least and greatest
 *   fetch_ratio             fetch from the fake portal under a scaled-down rate limit / the least time that limit allows
 *   rate_limited_responses  429s the fetch drew
 *   nochange_ratio          `npm run rebuild` on unchanged data / a full rebuild
 *   peak_rss_mb             peak RSS (VmHWM) of the cold builds: the median and the greatest of the rounds
 *   output                  files and MB of a cold build's output (search index included), at each size
 *   two_languages (1k)      the same cold builds and floor at 1,000 issues in two languages (English and German): its
 *                           build_ratio against a floor of as many pages, and languages_multiplier, its median build time
 *                           over the one-language build's
 *   board_gzip_kb           board HTML + its CSS and JS, gzipped (demo and each size)
 *   board_js_gzip_kb        the board's JavaScript at load, gzipped (at most 3 KB: the filter island's loader and the search trigger; the island and the search code load only when used)
 *   filter_index_gzip_kb    the board index, every issue for the filter island (/board-index.json), gzipped; fetched only when someone filters or sorts
 *   search_index            the Pagefind index on disk: KB and files, beside the site's own file count
 *   search_query_kb         bytes one search downloads in Chromium (first query: runtime + index + results; next query)
 *   lighthouse              Lighthouse category scores (mobile, its default) of the demo board, an issue, a project and the changelog page
 *   history_mb, history_build_ratio   the history after a simulated year, and the build time it adds (scripts/bench/history.ts; alone with --history-only)
 */
import { runCommand } from '../src/cli/args.ts';

/** Rounds of builds per workspace unless --rounds says. */
const DEFAULT_ROUNDS = 5;

const spec = {
  command: 'npm run bench --',
  summary:
    'Measures build, fetch, rebuild, memory, page weight and Lighthouse against their floors, and prints a table.\nFigures and progress go to stderr as they come; the table to stdout.',
  options: {
    quick: { type: 'boolean', description: 'the 1,000-issue workspace only (a few minutes), not also 10,000' },
    rounds: { type: 'string', value: 'N', default: String(DEFAULT_ROUNDS), description: 'rounds of builds per workspace (each: ours cold, the floor cold, ours after one change)' },
    concurrency: { type: 'string', value: 'N', description: "Astro's build.concurrency for ours and the floor alike (default: portal-roadmap's, twice the CPUs, at most 8)" },
    json: { type: 'string', value: 'FILE', description: 'also write every figure as JSON to FILE' },
    'history-only': { type: 'boolean', description: 'only the history figures: its size after a simulated year, and the build time it adds' },
  },
} as const;

// Loaded once the options are read: `--help` and a mistyped option answer without loading the bench.
await runCommand(spec, async (values) => (await import('./bench/main.ts')).main(values));
