/**
 * The route data's fixture (test/fixtures/route-data/): a roadmap.config.json, a small workspace in the demo's API
 * shape and a history, resolved into settings as a build resolves them, and the previous build a build that keeps
 * pages would find. ./plugins.ts gives them to src/route-data/ as `virtual:portal-roadmap/settings`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { resolveSettings, type Settings } from '../../../src/config/settings.ts';
import { pageDigest, PAGE_DIGESTS_FORMAT, PAGE_DIGESTS_VERSION, type PageDigestsFile } from '../../../src/fingerprint/page-digests.ts';
import { settingsModulePlugin } from '../../../src/integration/virtual-settings.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export const FIXTURE_DIR = join(PROJECT_ROOT, 'test/fixtures/route-data');
/** Where the fixture's build keeps its state: the previous build's output and page digests (written here), the card cache. */
export const FIXTURE_STATE_DIR = join(PROJECT_ROOT, 'node_modules/.cache/route-data-fixture');
export const FIXTURE_SITE = 'https://roadmap.example.org';
/** The build's fingerprint (the integration's, in a real build). */
export const FIXTURE_FINGERPRINT = 'route-data-fixture';

/**
 * Pages of the previous build, for the page-reuse tests: what each showed (its digest's inputs) and whether its
 * file is still in the previous output.
 */
export const PREVIOUS_PAGES: readonly { folder: string; inputs: unknown; file: boolean }[] = [
  { folder: 'fixture/unchanged/', inputs: { title: 'Unchanged' }, file: true },
  { folder: 'fixture/changed/', inputs: { title: 'Before the change' }, file: true },
  { folder: 'fixture/file-gone/', inputs: { title: 'File gone' }, file: false },
];

/** The project whose description is longer than a description may be (`DESCRIPTION_LIMITS.maxChars`): the content layer cuts it and adds the note. */
export const CUT_PROJECT = 'proj-billing';

/** The fixture's workspace as the build reads it: portal.json, with CUT_PROJECT's description made 120,000 characters long (too large to keep in the repository). */
const PORTAL_FILE = join(FIXTURE_STATE_DIR, 'portal.json');

function writePortal(): void {
  const portal = JSON.parse(readFileSync(join(FIXTURE_DIR, 'portal.json'), 'utf8')) as { projects: { id: string; description: string }[] };
  for (const project of portal.projects) if (project.id === CUT_PROJECT) project.description += `\n\n${'More about billing. '.repeat(6_000)}`;
  mkdirSync(FIXTURE_STATE_DIR, { recursive: true });
  writeFileSync(PORTAL_FILE, JSON.stringify(portal));
}

/** The fixture's settings, resolved as a build resolves them from its config file, with the fixture's data, history and page reuse. */
export function fixtureSettings(): Settings {
  const settings = resolveSettings(FIXTURE_DIR, { ROADMAP_SITE: FIXTURE_SITE });
  return {
    ...settings,
    source: { kind: 'demo', file: PORTAL_FILE },
    historyFile: join(FIXTURE_DIR, 'history.json'),
    // The fixture's workspace is not the demo's: none of the demo's release notes, whose issues it lacks.
    releaseNotesDir: join(FIXTURE_DIR, settings.config.releaseNotes.folder),
    descriptionCacheFile: join(FIXTURE_STATE_DIR, 'description-cache.json'),
    pageReuse: { digestsFile: join(FIXTURE_STATE_DIR, 'page-digests.json'), previousOutput: join(FIXTURE_STATE_DIR, 'previous'), fingerprint: FIXTURE_FINGERPRINT },
  };
}

/** Writes the previous build's output and digests (PREVIOUS_PAGES) where the fixture's settings name them. */
function writePreviousBuild({ pageReuse }: Settings): void {
  const { digestsFile, previousOutput } = pageReuse!;
  rmSync(previousOutput!, { recursive: true, force: true });
  const digests: PageDigestsFile = { format: PAGE_DIGESTS_FORMAT, version: PAGE_DIGESTS_VERSION, fingerprint: FIXTURE_FINGERPRINT, pages: {} };
  for (const { folder, inputs, file } of PREVIOUS_PAGES) {
    digests.pages[folder] = pageDigest(FIXTURE_FINGERPRINT, folder, inputs);
    mkdirSync(join(previousOutput!, folder), { recursive: true });
    if (file) writeFileSync(join(previousOutput!, folder, 'index.html'), '<!doctype html><title>previous</title>');
  }
  writeFileSync(digestsFile, JSON.stringify(digests));
}

/**
 * The integration's own plugin (src/integration/virtual-settings.ts) with the fixture's settings, once the
 * previous build is written.
 */
export function settingsModule(): Plugin {
  const settings = fixtureSettings();
  writePortal();
  writePreviousBuild(settings);
  return settingsModulePlugin(settings);
}
