/** Runs a real `astro build` of this project. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';
import { ROADMAP_ENV_NAMES } from '../../src/config/env.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ASTRO_BIN = join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');

/**
 * Where tests build: inside the project, because Astro stages a build whose
 * output is outside the working directory in the project's one .astro/
 * folder, so two such builds at once overwrite each other's files. The global
 * setup clears out what is a day old.
 */
export const SCRATCH_ROOT = join(PROJECT_ROOT, 'node_modules/.cache/portal-roadmap-tests');

/** A new empty directory in SCRATCH_ROOT. */
export function scratchDir(prefix: string): string {
  mkdirSync(SCRATCH_ROOT, { recursive: true });
  return mkdtempSync(join(SCRATCH_ROOT, prefix));
}

/** What a build writes in the project itself, which `ownProjectRoot` leaves out so that each build writes its own. */
const PER_BUILD_ENTRIES = new Set(['.astro', '.roadmap', 'dist']);
/** The files test configs name (notes, CSS): copied, as a config's files must be inside the project once links are followed. */
const CONFIG_NAMED_FILES = 'test/fixtures';

/**
 * A project root of a test build's own: `dir`, holding a link to each of the project's files and folders but those a
 * build writes (`.astro/`, `.roadmap/`, `dist/`), and a copy of test/fixtures/. Astro writes the content layer's
 * modules (`content-assets.mjs`, the imports of content images such as a release note's; `content-modules.mjs`) in
 * `<root>/.astro/`, which no option moves (astro/dist/core/config/settings.js), and reads them back later in the
 * build: two builds at once in one root rewrite each other's, and a content image then fails to resolve. Vite
 * resolves the links to the files they point at, so the output is a build's in the project's own root. The files a
 * config names are checked to be inside the root once links are followed (src/config/roadmap-config.ts,
 * `projectFile`), so those are copies, and a fixture's own files (its config, brand images) are written in `dir`.
 */
export function ownProjectRoot(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(PROJECT_ROOT)) {
    if (PER_BUILD_ENTRIES.has(entry) || existsSync(join(dir, entry))) continue;
    if (entry === CONFIG_NAMED_FILES.split('/')[0]) cpSync(join(PROJECT_ROOT, CONFIG_NAMED_FILES), join(dir, CONFIG_NAMED_FILES), { recursive: true });
    else symlinkSync(join(PROJECT_ROOT, entry), join(dir, entry));
  }
  return dir;
}

export interface BuildResult {
  code: number | null;
  output: string;
  outDir: string;
}

/**
 * Every variable portal-roadmap reads is cleared, so only `env` decides. So
 * are the ones vitest puts in process.env (Vite's `import.meta.env` names): a
 * child build that inherits `BASE_URL=/` renders `import.meta.env.BASE_URL`
 * as `/` whatever the config's `base`, and `MODE=test`/`DEV=1` are not a build's.
 */
export const SOURCE_VARIABLES: readonly string[] = [...ROADMAP_ENV_NAMES, 'BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'];

/**
 * A test build's variables: `base` without SOURCE_VARIABLES, then `env`. The description cache goes to `cacheDir`
 * too, so no test build reads or writes the project's own .roadmap/.
 */
export function buildEnv(base: NodeJS.ProcessEnv, env: Record<string, string>, cacheDir: string): Record<string, string> {
  const kept = Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== undefined && !SOURCE_VARIABLES.includes(entry[0]));
  return {
    ...Object.fromEntries(kept),
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    ROADMAP_CACHE_DIR: cacheDir,
    ROADMAP_RENDER_CACHE: join(cacheDir, 'render-cache.json'),
    ...env,
  };
}

export interface BuildDirs {
  outDir?: string;
  /** Astro's cache (the content layer's data store) and the description cache; builds that share one see each other's entries. */
  cacheDir?: string;
}

/** Each build gets its own output, project root and content cache unless told otherwise, so builds can run side by side. */
export function buildSite(env: Record<string, string> = {}, dirs: BuildDirs = {}): Promise<BuildResult> {
  const outDir = dirs.outDir ?? scratchDir('dist-');
  const cacheDir = dirs.cacheDir ?? mkdtempSync(join(tmpdir(), 'roadmap-cache-'));
  const root = ownProjectRoot(scratchDir('root-'));
  return new Promise((resolve, reject) => {
    // In the project (the working directory), so that Astro stages the server bundle in the build's own outDir.
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--root', root, '--outDir', outDir], {
      cwd: PROJECT_ROOT,
      env: buildEnv(process.env, env, cacheDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, outDir }));
  });
}

/** Every file below `dir`, as paths relative to it. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/**
 * A built page as a DOM, parsed by linkedom: six times as fast as jsdom on these pages (3.7 against 23 ms a page,
 * measured on the languages fixture), and the HTML-only checks read thousands of them. Only the browser tier runs
 * scripts or lays pages out.
 */
export function readPage(outDir: string, path: string): Document {
  return parseHTML(readFileSync(join(outDir, path), 'utf8')).document as unknown as Document;
}
