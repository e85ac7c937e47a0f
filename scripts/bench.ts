/**
 * `npm run bench [-- --quick] [-- --rounds N] [-- --json FILE]`: reproducible
 * figures of how fast portal-roadmap is, each next to its floor.
 * Deterministic synthetic workspaces (1,000 issues / 50 projects; 10,000 / 500
 * unless --quick). Every key of the JSON is snake_case.
 *   build_ratio             cold `astro build` from a snapshot with an empty description cache / a cold bare Astro build of
 *                           as many trivial pages (about 150 bytes, nothing else) at the same Astro settings (build_concurrency)
 *   fair_build_ratio        cold `astro build` with the description cache kept (a CI change run) / the fair floor: bare Astro
 *                           with as many pages at our pages' paths and languages, each of our pages' median size, the same CSP
 *                           and a sitemap, and Pagefind over exactly the searchable elements of our indexed pages, handed
 *                           over as ours are (scripts/bench/floor.ts; the table says whether its index came out the same as ours)
 *                           Each round builds all four in a rotating order; each ratio is the median of the rounds' own
 *                           ratios, with the least and greatest, and the load average the rounds ran at. Cold: Astro's
 *                           cache, node_modules/.vite and node_modules/.astro cleared before each build. An untimed build
 *                           of ours first tells the floors the pages and leaves the description cache the cached builds keep.
 *   warm_change_ratio       the next CI build after one issue's description changed / that round's cold build; median of
 *                           the rounds, with the least and greatest. As a scheduled rebuild runs it: node_modules/.vite and
 *                           node_modules/.astro cleared as `npm ci` leaves them; from the state folder the workflow restores,
 *                           the cold build's description cache, its page digests and a copy of its Astro cache folder (the
 *                           content store, `ROADMAP_CACHE_DIR`, as src/publish/astro-cache.ts hands it over); the cold
 *                           build's output as the live site whose unchanged pages it keeps; beside it the same ratio of CPU
 *                           seconds (the whole process tree of each build), which load distorts less
 *   fetch_ratio             fetch from the fake portal, which refuses past the documented read limits (a minute's reads, and
 *                           a burst of 2x that rate over 10 s; scaled to a tenth at 1k) / the least time those limits allow
 *                           for as many requests (scripts/bench/fetch.ts)
 *   rate_limited_responses  429s the fetch drew, and the most requests the portal counted in any 10 s and any minute
 *   nochange_ratio          `npm run rebuild` on unchanged data / a full rebuild, both from the fake portal at the documented limits
 *   peak_rss_mb             peak RSS (VmHWM) of the cold builds' process: the median and the greatest of the rounds
 *   rebuild_peak_rss_mb     peak RSS of a full `portal-roadmap rebuild` (fetch and build), every process of it summed:
 *                           the CLI, `astro build` and Pagefind (scripts/bench/memory.ts)
 *                           With --rebuild-only, just these two figures: --rounds pairs of rebuilds (full, then unchanged)
 *                           a size, each ratio's median and spread with its CPU-seconds twin (the process tree's, from
 *                           /proc/self/stat), and at 10k each process's share of the memory once a second in the log
 *   output                  files and MB of a cold build's output (search index included), at each size
 *   two_languages (1k)      the same cold builds and floors at 1,000 issues in two languages (English and German): its
 *                           build_ratio and fair_build_ratio, and languages_multiplier, its median build time over the
 *                           one-language build's
 *   board_gzip_kb           board HTML + its CSS and JS, gzipped (demo and each size)
 *   board_js_gzip_kb        the board's JavaScript at load, gzipped (at most 3 KB: the filter island's loader and the search trigger; the island and the search code load only when used)
 *   filter_index_gzip_kb    the board index, every issue for the filter island (/board-index.json), gzipped; fetched only when someone filters or sorts
 *   search_index            the Pagefind index on disk: KB and files, beside the site's own file count
 *   search_query_kb         bytes one search downloads in Chromium (first query: runtime + index + results; next query)
 *   lighthouse              Lighthouse category scores (mobile, its default) of the demo board, an issue, a project and the changelog page
 *   history_mb, history_build_ratio   the history after a simulated year, and the build time it adds (scripts/bench/history.ts; alone with --history-only)
 */
import { runCommand } from '../src/cli/args.ts';
import { useTempRoot } from '../test/support/temp-root.ts';

const spec = {
  command: 'npm run bench --',
  summary:
    'Measures build, fetch, rebuild, memory, page weight and Lighthouse against their floors, and prints a table.\nFigures and progress go to stderr as they come; the table to stdout.',
  options: {
    quick: {
      type: 'boolean',
      description: 'the 1,000-issue workspace only, 3 rounds unless --rounds says, not also 10,000 (with --rounds 1: 10 minutes at a load of 15 on 2 CPUs)',
    },
    rounds: {
      type: 'string',
      value: 'N',
      description:
        'rounds of builds per workspace (default 5, 3 with --quick; each: ours cold with an empty description cache and with it kept, both floors cold, ours after one change)',
    },
    concurrency: { type: 'string', value: 'N', description: "Astro's build.concurrency for ours and the floor alike (default: portal-roadmap's, twice the CPUs, at most 8)" },
    json: { type: 'string', value: 'FILE', description: 'also write every figure as JSON to FILE' },
    'history-only': { type: 'boolean', description: 'only the history figures: its size after a simulated year, and the build time it adds' },
    'rebuild-only': {
      type: 'boolean',
      description: 'only the rebuild figures, nochange_ratio and rebuild_peak_rss_mb: --rounds full and unchanged rebuilds a size, with their CPU seconds',
    },
  },
} as const;

// Loaded once the options are read: `--help` and a mistyped option answer without loading the bench.
await runCommand(spec, async (values) => {
  // Every folder the bench and its builds make goes in one, removed when it ends.
  useTempRoot('portal-roadmap-bench-');
  return (await import('./bench/main.ts')).main(values);
});
