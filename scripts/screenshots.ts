/**
 * `npm run screenshots [-- --from DIR]`: the screenshots the README and the
 * docs show, taken from a real build of the bundled demo in Debian's Chromium
 * under the site's own headers, so that they show the site as it is. Run it
 * after a change people can see, and commit the images it writes.
 *   board-1280.png, board-375.png         the board's first screen on a laptop and on a phone, light
 *   board-1280-dark.png                   the same laptop screen in dark mode
 *   timeline.png                          an issue's facts and its history (FN-101 of the demo), on a 1280 px screen
 *   now-next-later-1280.png               the board of the demo built with the Now / Next / Later recipe of docs/site.md
 * and, for a person to look at and not to commit, the demo in Arabic (right to left, at the root) and Japanese
 * (in ja/), built with those two languages: test-results/screenshots/{ar,ja}-{board,issue,embed-board}-{375,1280}.png
 * (Japanese has no embed shot: its markup is Arabic's, left to right).
 *
 * `--all DIR`: instead, a whole-page shot of every page type (board, column page, issue, project, team, shipped,
 * changelog, a release note (one with an image when there is one), changes, embeds, 404) at 375 and 1280 px, light and dark, into DIR (outside the repository: for a
 * before/after comparison), with DIR/heights.json: each page's height and where its first card starts.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand, UsageError } from '../src/cli/args.ts';
import { astroBin, BUILD_NODE_FLAGS, runNode } from '../src/publish/run-node.ts';
import { ROADMAP_ENV_NAMES } from '../src/config/env.ts';
import { launchChromium } from '../test/support/browser.ts';
import { serveStatic } from '../test/support/static-server.ts';
import { nowNextLaterRecipe } from '../test/support/now-next-later.ts';

const ROOT = process.cwd();
const ASSETS = join(ROOT, '.github/assets');
const SCRIPT_SHOTS = join(ROOT, 'test-results', 'screenshots');
/** The demo issue whose page shows a history with moves (the history of src/data/demo). */
const TIMELINE_ISSUE = 'FN-101';

const spec = {
  command: 'npm run screenshots --',
  summary: `Builds the bundled demo and saves the README's and the docs' screenshots to ${ASSETS}.`,
  options: {
    from: { type: 'string', value: 'DIR', description: 'take them from this built demo instead of building one' },
    all: { type: 'string', value: 'DIR', description: 'instead, shoot every page type at 375 and 1280 px, light and dark, into DIR' },
  },
} as const;

/** Builds the bundled demo into a new folder, whatever the caller's environment says; `config`: a roadmap.config.json of its own. */
async function buildDemo(config?: object): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'screenshots-'));
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } as NodeJS.ProcessEnv;
  for (const key of ROADMAP_ENV_NAMES) delete env[key];
  if (config) {
    env.ROADMAP_CONFIG = `${outDir}.config.json`;
    writeFileSync(env.ROADMAP_CONFIG, JSON.stringify(config));
  }
  process.stderr.write(`Building the demo${config ? ` with ${JSON.stringify(config)}` : ''}…\n`);
  const result = await runNode([...BUILD_NODE_FLAGS, astroBin(ROOT), 'build', '--outDir', outDir], { cwd: ROOT, env });
  if (result.code !== 0) throw new Error(`the demo build failed:\n${result.output.slice(-2000)}`);
  return outDir;
}

await runCommand(spec, async (values) => {
  let outDir = values.from;
  let built: string | undefined;
  if (!outDir) built = outDir = await buildDemo();
  const demo = JSON.parse(readFileSync(join(ROOT, 'src/data/demo/portal.json'), 'utf8')) as { issues: { id: string; identifier: string }[]; projects?: { id: string }[] };
  const timelineIssue = demo.issues.find((issue) => issue.identifier === TIMELINE_ISSUE);
  if (!timelineIssue) throw new UsageError(`the demo has no issue ${TIMELINE_ISSUE}`);
  if (values.all) {
    try {
      await everyPageType(outDir, values.all, timelineIssue.id, demo);
    } finally {
      if (built) rmSync(built, { recursive: true, force: true });
    }
    return;
  }

  const site = await serveStatic(outDir);
  const browser = await launchChromium();
  try {
    const shot = async (name: string, path: string, options: { width: number; height: number; colorScheme?: 'light' | 'dark'; upTo?: string }) => {
      const page = await browser.newPage({ viewport: { width: options.width, height: options.height }, colorScheme: options.colorScheme ?? 'light', reducedMotion: 'reduce' });
      await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const file = join(ASSETS, name);
      // `upTo`: from the top of the page's content to the end of that element, as wide as the content column.
      const clip = options.upTo
        ? await page.evaluate((selector) => {
            const main = document.querySelector('main')!.getBoundingClientRect();
            // Block elements span the whole column; the text and the marks in it say how wide the content is.
            const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
            const range = document.createRange();
            let right = 0;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              range.selectNodeContents(node);
              right = Math.max(right, range.getBoundingClientRect().right);
            }
            for (const graphic of document.querySelectorAll('main svg, main img')) right = Math.max(right, graphic.getBoundingClientRect().right);
            const end = document.querySelector(selector)!.getBoundingClientRect().bottom;
            const margin = 24;
            return {
              x: Math.max(0, main.left),
              y: Math.max(0, main.top),
              width: Math.min(right + margin, window.innerWidth) - Math.max(0, main.left),
              height: end + margin - Math.max(0, main.top),
            };
          }, options.upTo)
        : undefined;
      await page.screenshot({ path: file, ...(clip ? { clip } : {}) });
      await page.close();
      process.stdout.write(`${file}\n`);
    };
    await shot('board-1280.png', '/', { width: 1280, height: 800 });
    await shot('board-1280-dark.png', '/', { width: 1280, height: 800, colorScheme: 'dark' });
    await shot('board-375.png', '/', { width: 375, height: 812 });
    await shot('timeline.png', `/issues/${timelineIssue.id}/`, { width: 1280, height: 900, upTo: '.history' });
  } finally {
    await browser.close();
    await site.close();
    if (built) rmSync(built, { recursive: true, force: true });
  }
  await recipeShot();
  await scriptShots(`/issues/${timelineIssue.id}/`);
});

/** The board of the Now / Next / Later recipe (docs/site.md), the config read from the guide as a team copies it. */
async function recipeShot(): Promise<void> {
  const outDir = await buildDemo(nowNextLaterRecipe(ROOT));
  const site = await serveStatic(outDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', reducedMotion: 'reduce' });
    await page.goto(`${site.url}/`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const file = join(ASSETS, 'now-next-later-1280.png');
    await page.screenshot({ path: file });
    process.stdout.write(`${file}\n`);
  } finally {
    await browser.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(`${outDir}.config.json`, { force: true });
  }
}

/** Arabic and Japanese: whether each script is drawn (fonts: .ci/run installs them) and reads in its direction. */
async function scriptShots(issuePath: string): Promise<void> {
  const outDir = await buildDemo({ locales: ['ar', 'ja'] });
  const site = await serveStatic(outDir);
  const browser = await launchChromium();
  mkdirSync(SCRIPT_SHOTS, { recursive: true });
  try {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      for (const [language, folder, pages] of [
        ['ar', '', { board: '/', issue: issuePath, 'embed-board': '/embed/' }],
        ['ja', '/ja', { board: '/', issue: issuePath }],
      ] as const) {
        for (const [name, path] of Object.entries(pages)) {
          await page.goto(`${site.url}${folder}${path}`, { waitUntil: 'load' });
          const file = join(SCRIPT_SHOTS, `${language}-${name}-${width}.png`);
          await page.screenshot({ path: file, fullPage: name !== 'board' || width > 375 });
          process.stdout.write(`${file}\n`);
        }
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await site.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(`${outDir}.config.json`, { force: true });
  }
}

/** The address of a release note of the build, one with an image if any has one; undefined: the build has no notes. */
function releaseNote(outDir: string): string | undefined {
  const dir = join(outDir, 'releases');
  const notes = existsSync(dir) ? readdirSync(dir).sort() : [];
  return notes.find((note) => readFileSync(join(dir, note, 'index.html'), 'utf8').includes('<img')) ?? notes[0];
}

/** One shot of each page type, each width and each scheme, for a person comparing two versions of the look. */
async function everyPageType(outDir: string, into: string, issueId: string, demo: { projects?: { id: string }[] }): Promise<void> {
  mkdirSync(into, { recursive: true });
  const project = demo.projects?.[0]?.id;
  const pages: Record<string, string> = {
    board: '/',
    column: '/status/planned/',
    issue: `/issues/${issueId}/`,
    ...(project ? { project: `/projects/${project}/`, 'embed-project': `/embed/projects/${project}/` } : {}),
    team: '/teams/web/',
    shipped: '/shipped/',
    changelog: '/changelog/',
    ...(releaseNote(outDir) ? { 'release-note': `/releases/${releaseNote(outDir)}/` } : {}),
    changes: '/changes/',
    embed: '/embed/',
    'embed-team': '/embed/teams/web/',
    'not-found': '/no-such-page/',
  };
  const site = await serveStatic(outDir);
  const browser = await launchChromium();
  const heights: Record<string, { height: number; firstCard: number | null; header: number | null }> = {};
  try {
    for (const width of [375, 1280]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 800 }, colorScheme, reducedMotion: 'reduce' });
        for (const [name, path] of Object.entries(pages)) {
          await page.goto(`${site.url}${path}`, { waitUntil: 'load' });
          const key = `${name}-${width}${colorScheme === 'dark' ? '-dark' : ''}`;
          heights[key] = await page.evaluate(() => ({
            height: document.documentElement.scrollHeight,
            firstCard: document.querySelector('.card')?.getBoundingClientRect().top ?? null,
            header: document.querySelector('body > header')?.getBoundingClientRect().height ?? null,
          }));
          await page.screenshot({ path: join(into, `${key}.png`), fullPage: true });
          process.stdout.write(`${key}: ${JSON.stringify(heights[key])}\n`);
        }
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
  writeFileSync(join(into, 'heights.json'), `${JSON.stringify(heights, null, 2)}\n`);
}
