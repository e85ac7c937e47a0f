/**
 * `npm run screenshots -- --frames`: the roadmap in each frame a team puts it in, for a person to look at (not to
 * commit): the demo in a light-only layout of the site's own (test/fixtures/layouts/light-only.astro), in a dark-only
 * one that places the search field in its header (dark-only.astro), in its own frame, and in Starlight
 * (examples/docs-site, installed from the packed tarball as test/package/ does). Each frame's board and an issue page
 * at 375 and 1280 px, with the system light and dark, into test-results/screenshots/frames/{frame}-{page}-{width}-{scheme}.png;
 * frames.json beside them lists, per shot, the console errors under the site's own `_headers` and what a search for
 * an issue's title found from that page's search field (null: no field, or no result).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { installExample, pack, runBin } from '../test/package/install.ts';
import { launchChromium, watchPage } from '../test/support/browser.ts';
import { serveStatic } from '../test/support/static-server.ts';

const LAYOUTS = join(process.cwd(), 'test/fixtures/layouts');
const WIDTHS = [375, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
/** A header link the config hands to a layout (`nav`), so a layout's shots show where it puts them. */
const NAV = [{ href: '/changelog/', label: 'Changelog' }];

interface Frame {
  name: string;
  outDir: string;
  /** Where the roadmap is in the site: '' at the root, '/roadmap' in the docs site. */
  prefix: string;
  /** What to remove afterwards: the build, its config, the installed project. */
  remove: string[];
}

interface ShotReport {
  consoleErrors: string[];
  /** The address of the first result a search for the issue's title found, or null. */
  searchFound: string | null;
}

/**
 * Builds the four frames (`buildDemo`: the demo with a config of its own, as scripts/screenshots.ts builds it) and
 * shoots them into `into`. `issue`: the demo issue whose page is shot, with its title to search for.
 */
export async function frameShots(into: string, issue: { id: string; title: string }, buildDemo: (config?: object) => Promise<string>): Promise<void> {
  const frames: Frame[] = [
    await demoFrame('light-layout', buildDemo, { layout: join(LAYOUTS, 'light-only.astro'), nav: NAV }),
    await demoFrame('dark-layout', buildDemo, { layout: join(LAYOUTS, 'dark-only.astro'), nav: NAV }),
    await demoFrame('own', buildDemo),
    await docsSiteFrame(),
  ];
  mkdirSync(into, { recursive: true });
  const report: Record<string, ShotReport> = {};
  const browser = await launchChromium();
  try {
    for (const frame of frames) {
      const site = await serveStatic(frame.outDir);
      try {
        for (const width of WIDTHS) {
          for (const colorScheme of SCHEMES) {
            for (const [pageName, path] of [
              ['board', '/'],
              ['issue', `/issues/${issue.id}/`],
            ] as const) {
              const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 800 }, colorScheme, reducedMotion: 'reduce' });
              const watch = watchPage(page);
              await page.goto(`${site.url}${frame.prefix}${path}`, { waitUntil: 'networkidle' });
              await page.evaluate(() => document.fonts.ready);
              const key = `${frame.name}-${pageName}-${width}-${colorScheme}`;
              await page.screenshot({ path: join(into, `${key}.png`) });
              const searchFound = await search(page, issue.title);
              report[key] = { consoleErrors: watch.consoleErrors, searchFound };
              process.stdout.write(`${key}: ${JSON.stringify(report[key])}\n`);
              await page.close();
            }
          }
        }
      } finally {
        await site.close();
      }
    }
  } finally {
    await browser.close();
    for (const path of frames.flatMap((frame) => frame.remove)) rmSync(path, { recursive: true, force: true });
  }
  writeFileSync(join(into, 'frames.json'), `${JSON.stringify(report, null, 2)}\n`);
}

/** The demo built in this repository, with `config` as its roadmap.config.json (buildDemo writes it beside the output). */
async function demoFrame(name: string, buildDemo: (config?: object) => Promise<string>, config?: object): Promise<Frame> {
  const outDir = await buildDemo(config);
  return { name, outDir, prefix: '', remove: [outDir, `${outDir}.config.json`] };
}

/** The docs site example with the packed tarball installed, built with the demo workspace. */
async function docsSiteFrame(): Promise<Frame> {
  process.stderr.write('Packing portal-roadmap and installing it into a copy of examples/docs-site…\n');
  const { tarball } = pack();
  const site = installExample('docs-site', tarball);
  const build = await runBin(site.dir, 'astro', ['build']);
  if (build.code !== 0) throw new Error(`the docs site's build failed:\n${build.output.slice(-2000)}`);
  return { name: 'starlight', outDir: join(site.dir, 'dist'), prefix: '/roadmap', remove: [site.dir, dirname(tarball)] };
}

/** Types `text` into the page's visible search field (Starlight's opens a dialog first) and returns the first issue found. */
async function search(page: Page, text: string): Promise<string | null> {
  const own = page.locator('search[data-search] input').first();
  const starlight = page.locator('button[data-open-modal]').first();
  let results;
  if (await own.isVisible()) {
    await own.fill(text);
    results = page.locator('.search-result a');
  } else if (await starlight.isVisible()) {
    await starlight.click();
    await page.locator('dialog input').fill(text);
    results = page.locator('dialog a[href*="/issues/"]');
  } else return null;
  try {
    await results.first().waitFor({ timeout: 15_000 });
    return await results.first().getAttribute('href');
  } catch {
    return null;
  }
}
