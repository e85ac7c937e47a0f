/**
 * portal-roadmap as a team installs it: the packed tarball in a copy of
 * examples/starter, with everything else from the registry, against the fake
 * portal. `npm run test:package` runs it (and .ci/run); it is not part of
 * `npm test`, since the install alone takes most of a minute.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakePortal, type FakePortal } from '../support/fake-portal.ts';
import { SCENARIOS, siteIssueIds } from '../support/scenarios.ts';
import { installExample, runBin, runShell, startBin, type Installed } from './install.ts';
import { PROJECT_ROOT } from '../support/build-site.ts';
import { serveStatic, type StaticSite } from '../support/static-server.ts';

/** What these tests read of a package.json. */
interface Manifest {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
}

/** What these tests read of a published history.json. */
interface PublishedHistory {
  workspace?: string;
  startedAt: string;
  recordedAt: string;
  issues: Record<string, unknown>;
  projects: Record<string, unknown>;
}

const packed = inject('packed');
let starter: Installed;
let portal: FakePortal;
let env: Record<string, string>;
const SITE = 'http://127.0.0.1:9/acme';

beforeAll(async () => {
  starter = installExample('starter', packed.tarball);
  portal = await startFakePortal({ 'ws-skip-take': SCENARIOS['ws-skip-take'] });
  // Served under a base path, from an address on this machine where nothing listens: the rebuild never reaches out.
  env = { PORTAL_API_URL: portal.apiUrl, PORTAL_WORKSPACE_ID: 'ws-skip-take', ROADMAP_SITE: SITE };
  console.log(`npm install of the starter: ${starter.installSeconds.toFixed(1)} s`);
});

afterAll(() => portal?.close());

/** How many pages a build's log says it kept from the live site (none when it names none). */
const pagesKeptOf = (output: string) => Number(/Kept (\d+) of \d+ issue, project, column, team and changelog pages unchanged/.exec(output)?.[1] ?? 0);

/** Issue pages of a built site, by folder name. */
const issuePages = (dist: string) =>
  readdirSync(join(dist, 'issues'), { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(join(dist, 'issues', entry.name, 'index.html')));

describe('the tarball', () => {
  it('holds the package, its licence, its docs (a config error points at docs/reference/config.md) and their screenshots, nothing else of the repository: no tests, fixtures, bench, examples, workflows or demo config', () => {
    expect(packed.files).toContain('bin/portal-roadmap.mjs');
    expect(packed.files).toContain('lib/cli/main.js');
    expect(packed.files).toContain('lib/descriptions/render-worker.js');
    expect(packed.files).toContain('lib/integration/index.js');
    expect(packed.files).toContain('lib/integration/starlight.js');
    expect(packed.files).toContain('lib/content/loaders.js');
    expect(packed.files).toContain('src/integration/index.ts');
    expect(packed.files).toContain('CHANGELOG.md');
    expect(packed.files).toContain('docs/reference/config.md');
    expect(packed.files).toContain('LICENSE');
    expect(packed.files).toContain('.github/assets/board-1280.png');
    expect(
      packed.files.filter((file) => /^(test|scripts|examples|\.ci)\/|^\.github\/(?!assets\/)/.test(file) || file === 'astro.config.mjs' || file === 'src/content.config.ts'),
    ).toEqual([]);
  });
});

describe('the starter with the tarball installed', () => {
  it('is a plain Astro project, as the examples are: Node from .nvmrc and engines, no `node` package, and its npm scripts run on the Node first on PATH', async () => {
    const repository = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as Manifest;
    for (const example of ['starter', 'docs-site']) {
      const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'examples', example, 'package.json'), 'utf8')) as Manifest;
      // The npm package `node` is about 50 MB on every uncached install, and npm asks to allow its install script.
      expect({ ...manifest.dependencies, ...manifest.devDependencies }, example).not.toHaveProperty('node');
      expect(manifest.allowScripts ?? {}, example).not.toHaveProperty('node');
      expect(manifest.engines?.node, example).toBe(repository.engines?.node);
      expect(readFileSync(join(PROJECT_ROOT, 'examples', example, '.nvmrc'), 'utf8').trim(), example).toBe('24');
    }
    expect(existsSync(join(starter.dir, 'node_modules/node'))).toBe(false);
    // What `npm run build` runs on here: the harness's Node (this repository's `node` devDependency), not the system's.
    const harnessNode = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules/node/package.json'), 'utf8')) as { version: string }).version;
    const run = await runShell(starter.dir, `npm exec --call 'node -p process.version'`);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(new RegExp(`^v${harnessNode.replaceAll('.', '\\.')}$`, 'm'));
  });

  it('starts each description thread from one module: the installed worker bundles marked and the sanitiser, and imports only Node’s own modules', () => {
    const worker = readFileSync(join(starter.dir, 'node_modules/portal-roadmap/lib/descriptions/render-worker.js'), 'utf8');
    const imported = [...worker.matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map((match) => match[1] ?? match[2]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((specifier) => !specifier!.startsWith('node:'))).toEqual([]);
    // esbuild names each bundled module in a comment.
    expect(worker).toContain('node_modules/marked/');
    expect(worker).toContain('node_modules/hast-util-sanitize/');
  });

  it('portal-roadmap fetch writes a snapshot of the workspace', async () => {
    const run = await runBin(starter.dir, 'portal-roadmap', ['fetch', '--out', 'snapshot.json'], env);
    expect(run.code, run.output).toBe(0);
    const snapshot = JSON.parse(readFileSync(join(starter.dir, 'snapshot.json'), 'utf8')) as { issues: { id: string }[] };
    expect(snapshot.issues.length).toBeGreaterThanOrEqual(siteIssueIds().length);
  });

  it('Node loads the integration and the Starlight plugin itself, so Astro loads astro.config.mjs without a Vite server', async () => {
    // Node strips no TypeScript types under node_modules: an import of the sources failed there, and Astro then loaded
    // the config through Vite, module by module.
    const script =
      "const [main, starlight] = await Promise.all([import('portal-roadmap'), import('portal-roadmap/starlight')]); console.log(typeof main.default, typeof main.portalRoadmap, typeof starlight.default, main.default().name);";
    const run = await runShell(starter.dir, `node --input-type=module -e "${script}"`);
    expect(run.code, run.output).toBe(0);
    expect(run.output.trim()).toBe('function function function portal-roadmap');
  });

  it('portal-roadmap rebuild publishes the site, with a page per published issue; run again, it has no changes', async () => {
    // The first publish: no live site yet whose history could be continued.
    const first = await runBin(starter.dir, 'portal-roadmap', ['rebuild', '--out', 'dist', '--state', '.roadmap', '--fresh-history'], env);
    expect(first.code, first.output).toBe(0);
    console.log(`portal-roadmap rebuild in the starter: ${first.seconds.toFixed(1)} s`);
    const dist = join(starter.dir, 'dist');
    expect(issuePages(dist)).toHaveLength(siteIssueIds().length);
    // The starter's config reaches the pages.
    const board = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(board).toContain('<title>Acme roadmap</title>');
    // Every link of the board stays under the base path.
    const links = [...board.matchAll(/\shref="(\/[^"]*)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(siteIssueIds().length);
    expect(links.filter((link) => !link.startsWith('/acme/'))).toEqual([]);
    for (const file of ['_headers', 'sitemap-index.xml', 'rss.xml', 'roadmap.json', 'pagefind/pagefind.js']) expect(existsSync(join(dist, file)), file).toBe(true);
    // The package's own favicon, though the starter has no public/ folder.
    expect(board).toMatch(/<link rel="icon" href="\/acme\/brand\/favicon-[0-9a-f]{8}\.svg" type="image\/svg\+xml">/);
    expect(readdirSync(join(dist, 'brand')).filter((name) => /^favicon-[0-9a-f]{8}\.svg$/.test(name))).toHaveLength(1);

    const second = await runBin(starter.dir, 'portal-roadmap', ['rebuild', '--out', 'dist', '--state', '.roadmap'], env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/no changes/i);
  });

  it('portal-roadmap rebuild renders every page over an output another build replaced, and with --force', async () => {
    const dist = join(starter.dir, 'dist');
    // A plain build into the live site, as a user may run after rebuilds: its pages have no history. The rebuild
    // sees that the output is not what it published, keeps none of its pages, and publishes over it.
    const plain = await runBin(starter.dir, 'astro', ['build'], env);
    expect(plain.code, plain.output).toBe(0);
    const replaced = await runBin(starter.dir, 'portal-roadmap', ['rebuild', '--out', 'dist', '--state', '.roadmap'], env);
    expect(replaced.code, replaced.output).toBe(0);
    expect(replaced.output).toMatch(/dist is not what the last rebuild published .*every page is rendered/);
    expect(replaced.output).toContain('(changed: the output was replaced by another build)');
    expect(pagesKeptOf(replaced.output)).toBe(0);
    // The published history and the state's agree again (the pages are rendered from it).
    expect(readFileSync(join(dist, 'history.json'), 'utf8')).toBe(readFileSync(join(starter.dir, '.roadmap/history.json'), 'utf8'));
    expect((await runBin(starter.dir, 'portal-roadmap', ['rebuild', '--out', 'dist', '--state', '.roadmap'], env)).output).toMatch(/no changes/i);

    // Forced: every page rendered, none kept from the live site.
    const forced = await runBin(starter.dir, 'portal-roadmap', ['rebuild', '--out', 'dist', '--state', '.roadmap', '--force'], env);
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toContain('--force: every page is rendered, none kept from the live site');
    expect(pagesKeptOf(forced.output)).toBe(0);
    expect(issuePages(dist)).toHaveLength(siteIssueIds().length);
  });

  it('a config change is published by the next rebuild', async () => {
    const configFile = join(starter.dir, 'roadmap.config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(configFile, JSON.stringify({ ...config, title: 'Acme plans' }));
    const run = await runBin(starter.dir, 'portal-roadmap', ['rebuild', '--out', 'dist', '--state', '.roadmap'], env);
    expect(run.code, run.output).toBe(0);
    // The report names the key that changed, and nothing of its value.
    expect(run.output).toContain('(changed: the config (title))');
    expect(readFileSync(join(starter.dir, 'dist/index.html'), 'utf8')).toContain('<title>Acme plans</title>');
  });

  describe("a host's build (the command of netlify.toml), in a tree with no state", () => {
    // The live site: the last publish's output, served under its base path as the host serves its last deploy.
    let live: StaticSite;
    let liveHistory: PublishedHistory;
    const command = /^\s*command\s*=\s*"([^"]+)"/m.exec(readFileSync(join(PROJECT_ROOT, 'examples/starter/netlify.toml'), 'utf8'))?.[1];
    const publishFolder = /^\s*publish\s*=\s*"([^"]+)"/m.exec(readFileSync(join(PROJECT_ROOT, 'examples/starter/netlify.toml'), 'utf8'))?.[1];
    // Netlify's own variables in a production build (its docs, "Build environment variables").
    const netlify = { NETLIFY: 'true', CONTEXT: 'production' };

    beforeAll(async () => {
      const liveDir = join(starter.dir, 'live-site');
      renameSync(join(starter.dir, 'dist'), liveDir);
      liveHistory = JSON.parse(readFileSync(join(liveDir, 'history.json'), 'utf8')) as PublishedHistory;
      live = await serveStatic(liveDir, '/acme/');
      // A fresh checkout, as every host build starts from: no state folder, no output.
      rmSync(join(starter.dir, '.roadmap'), { recursive: true, force: true });
    });
    afterAll(() => live?.close());

    it('continues the history the live site publishes: the same startedAt, the same events', async () => {
      expect(command).toBeDefined();
      const run = await runShell(starter.dir, command!, { ...env, ...netlify, ROADMAP_SITE: `${live.url}/acme` });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toContain(`continuing the one the live site publishes, ${live.url}/acme/history.json`);
      const history = JSON.parse(readFileSync(join(starter.dir, publishFolder!, 'history.json'), 'utf8')) as PublishedHistory;
      expect(history.startedAt).toBe(liveHistory.startedAt);
      expect(Date.parse(history.recordedAt)).toBeGreaterThan(Date.parse(liveHistory.recordedAt));
      // The same data read again: nothing new, so every issue's and project's events are the live site's.
      expect(Object.keys(liveHistory.issues).length).toBeGreaterThan(0);
      expect(history.issues).toEqual(liveHistory.issues);
      expect(history.projects).toEqual(liveHistory.projects);
      expect(history.workspace).toBe(liveHistory.workspace);
    });

    it('fails loudly when the live history cannot be read: non-zero, one line naming the cause and the fix, nothing published', async () => {
      // A fresh checkout again: the build before left its state and its output.
      for (const folder of [publishFolder!, '.roadmap']) rmSync(join(starter.dir, folder), { recursive: true, force: true });
      // Nothing listens there: the live site cannot be asked.
      const run = await runShell(starter.dir, command!, { ...env, ...netlify, ROADMAP_SITE: SITE });
      expect(run.code, run.output).not.toBe(0);
      const errors = run.output.split('\n').filter((line) => line.startsWith('error: '));
      expect(errors, run.output).toHaveLength(1);
      expect(errors[0]).toMatch(/^error: Could not read the published history http:\/\/127\.0\.0\.1:9\/acme\/history\.json: .*--fresh-history/);
      expect(existsSync(join(starter.dir, publishFolder!))).toBe(false);
    });
  });

  it('astro build builds the bundled demo with no variables set', async () => {
    const run = await runBin(starter.dir, 'astro', ['build', '--outDir', 'demo-dist']);
    expect(run.code, run.output).toBe(0);
    console.log(`astro build of the demo in the starter: ${run.seconds.toFixed(1)} s`);
    const demo = JSON.parse(readFileSync(new URL('../../src/data/demo/portal.json', import.meta.url), 'utf8')) as { issues: unknown[] };
    expect(issuePages(join(starter.dir, 'demo-dist')).length).toBeGreaterThan(0);
    expect(issuePages(join(starter.dir, 'demo-dist')).length).toBeLessThanOrEqual(demo.issues.length);
  });
});

describe('astro dev in the starter', () => {
  it('shows a saved roadmap.config.json without a restart by hand, and keeps serving the last valid config while the file has a mistake', async () => {
    const configFile = join(starter.dir, 'roadmap.config.json');
    const saved = readFileSync(configFile, 'utf8');
    const config = JSON.parse(saved) as { title: string };
    const dev = startBin(starter.dir, 'astro', ['dev', '--host', '127.0.0.1', '--port', '0']);
    // Vite's file watcher (chokidar) drops a second change of one file within 50 ms of the first, as an editor's saves
    // never are: each save here waits longer than that after the last.
    const save = async (text: string) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      writeFileSync(configFile, text);
    };
    /** Resolves once Astro has said its dev server restarted `times` times in all. */
    const restarted = (times: number) => dev.waitFor(new RegExp(`(?:server restarted[\\s\\S]*){${times}}`));
    try {
      const [, url] = await dev.waitFor(/Local\s+(http:\/\/127\.0\.0\.1:\d+\/)/);
      const title = async () => /<title>([^<]*)<\/title>/.exec(await (await fetch(url!)).text())?.[1];
      expect(await title()).toBe(config.title);
      await save(JSON.stringify({ ...config, title: 'Acme, live' }));
      await restarted(1);
      expect(await title()).toBe('Acme, live');
      // A mistake is named, and the page stays as it was: the dev server does not end.
      await save(JSON.stringify({ ...config, titel: 'Acme, misspelt' }));
      await dev.waitFor(/Continuing with previous valid configuration/);
      expect(dev.output()).toContain('unknown key "titel"');
      expect(await title()).toBe('Acme, live');
      await save(saved);
      await restarted(2);
      expect(await title()).toBe(config.title);
    } finally {
      await dev.stop();
      writeFileSync(configFile, saved);
    }
  });
});
