/** Runs a real `astro build` of this project into a temporary directory. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ASTRO_BIN = join(PROJECT_ROOT, 'node_modules/astro/bin/astro.mjs');

export interface BuildResult {
  code: number | null;
  output: string;
  outDir: string;
}

/** Variables that pick the data source are cleared, so only `env` decides. */
const SOURCE_VARIABLES = ['PORTAL_API_URL', 'PORTAL_WORKSPACE_ID', 'PORTAL_PROJECT_IDS', 'PORTAL_TIMEOUT_MS', 'ROADMAP_SNAPSHOT', 'ROADMAP_CONFIG', 'ROADMAP_SITE', 'ROADMAP_HISTORY'];

/** The site URL test builds use; the demo needs none, an API build does. */
export const TEST_SITE = 'https://roadmap.test';

/**
 * Each build gets its own output and its own content cache, so test files can
 * build side by side; a build that should reuse a cache passes ROADMAP_CACHE_DIR.
 */
export function buildSite(env: Record<string, string> = {}): Promise<BuildResult> {
  const outDir = mkdtempSync(join(tmpdir(), 'roadmap-dist-'));
  const cacheDir = mkdtempSync(join(tmpdir(), 'roadmap-cache-'));
  const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SOURCE_VARIABLES.includes(key)));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--outDir', outDir], {
      cwd: PROJECT_ROOT,
      env: { ...baseEnv, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', ROADMAP_CACHE_DIR: cacheDir, ...(env.PORTAL_API_URL || env.ROADMAP_SNAPSHOT ? { ROADMAP_SITE: TEST_SITE } : {}), ...env },
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

export function readPage(outDir: string, path: string): Document {
  return new JSDOM(readFileSync(join(outDir, path), 'utf8')).window.document;
}
