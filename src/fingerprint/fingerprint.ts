/**
 * Everything that shapes the published site, one digest per part, so that a
 * rebuild says "no changes" only when none of them changed, and names the
 * parts that did. Kept beside published.json as `fingerprint.json`.
 *
 * What portal-roadmap's own code does is covered by its version and by the
 * render version; an edit to the code without either is not seen here (the
 * example workflow forces a rebuild on a push for that reason). The site's own
 * code is: its `src/`, its Astro config and its lockfile (the versions of Astro
 * and every other package), so an edit to a mounted site's docs publishes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { formatIssues } from '../shared/friendly-errors.ts';
import type { Settings } from '../config/settings.ts';
import { RENDER_VERSION } from '../descriptions/render-version.ts';
import { compareCodeUnits } from '../shared/values.ts';
import { contentDigest } from '../snapshot/digest.ts';
import { packageVersion } from '../shared/package-files.ts';
import { isNoteFile } from '../release-notes/frontmatter.ts';
import { isScheduled, writtenNoteDate } from '../release-notes/schedule.ts';

export const FINGERPRINT_FILE = 'fingerprint.json';
export const FINGERPRINT_FORMAT = 'portal-roadmap.fingerprint';
export const FINGERPRINT_VERSION = 1;

/** The parts, in the order reports list them. */
export const FINGERPRINT_PARTS = ['data', 'config', 'renderVersion', 'packageVersion', 'publicAssets', 'customCss', 'siteSource'] as const;
export type FingerprintPart = (typeof FINGERPRINT_PARTS)[number];
export type Fingerprint = Record<FingerprintPart, string>;

/** How reports name each part. */
export const PART_NAMES: Record<FingerprintPart, string> = {
  data: 'the portal data',
  config: 'the config',
  renderVersion: 'the render version',
  packageVersion: 'the portal-roadmap version',
  publicAssets: 'the public/ assets',
  customCss: 'the custom CSS',
  siteSource: "the site's source (src/, the Astro config, the lockfile)",
};

const digestValue = z.string().min(1);
/** Parts a file of an older version may lack: the first run after an upgrade counts each as changed, and says so. */
const LATER_PARTS = new Set<FingerprintPart>(['siteSource']);

export const FingerprintFileSchema = z.strictObject({
  format: z.literal(FINGERPRINT_FORMAT),
  version: z.literal(FINGERPRINT_VERSION),
  parts: z.strictObject(
    Object.fromEntries(FINGERPRINT_PARTS.map((part) => [part, LATER_PARTS.has(part) ? digestValue.optional() : digestValue])) as Record<FingerprintPart, typeof digestValue>,
  ),
  /** A digest per top-level config key, so a report names the keys that changed; absent in files of older versions. */
  configKeys: z.record(z.string(), digestValue).optional(),
  /**
   * The address the site was published at (its root URL, with the base path): where `portal-roadmap notify` links
   * its news, whatever its own variables say. Absent in files of older versions.
   */
  siteRoot: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * A digest of the published output's `history.json` and `roadmap.json` (src/publish/output-marker.ts): another one
   * there means another build replaced the output, whose pages the next rebuild then renders anew. Absent in files of
   * older versions.
   */
  output: digestValue.optional(),
});

/** Keys of the resolved config that the config file does not have: what they come from is named instead. */
const DERIVED_CONFIG_KEYS = new Set(['languageTexts', 'textFallbacks', 'labelsInEveryLanguage']);

/**
 * Keys of the resolved config that no page, file or header of the site reads, so a change to them publishes nothing:
 * `notify` (read by `portal-roadmap notify` after the deploy), and what the loader notes about the file for its
 * warnings and build notes (`givenOptions`: the options the file gives rather than takes by default, which changes
 * with any key added, `notify` included; `renamedKeys`: the warnings of keys renamed since).
 */
const OFF_SITE_CONFIG_KEYS = new Set(['notify', 'givenOptions', 'renamedKeys']);

/** The resolved config as far as the site reads it: without `OFF_SITE_CONFIG_KEYS`. */
function siteConfig(config: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !OFF_SITE_CONFIG_KEYS.has(key)));
}

/** Whether the change report may name a key: one of the config file's that shapes the site (or `site`, `base`, `shipDates`). */
const namedConfigKey = (key: string) => !DERIVED_CONFIG_KEYS.has(key) && !OFF_SITE_CONFIG_KEYS.has(key);

/**
 * A digest per top-level key of the resolved config (with `site` and `base`): the change report names the keys
 * whose digest changed ("the config: theme, title"). Digests only: no value of the config reaches the state
 * folder or a log through them.
 */
export function configKeyDigests(settings: { config: object; site: string; base: string; shipDates?: Readonly<Record<string, string>> }): Record<string, string> {
  // `shipDates` names a file: its digest covers what the file says, so an edit to the file names the key too.
  const shipDates =
    settings.shipDates && Object.keys(settings.shipDates).length ? { shipDates: { file: (settings.config as { shipDates?: string }).shipDates, dates: settings.shipDates } } : {};
  const entries = Object.entries({ ...settings.config, ...shipDates, site: settings.site, base: settings.base }).filter(([key]) => namedConfigKey(key));
  return Object.fromEntries(entries.map(([key, value]) => [key, contentDigest(value ?? null)]).sort(([a], [b]) => compareCodeUnits(a!, b!)));
}

/**
 * The keys whose digests differ, or are in one and not the other, sorted. A state of an older version recorded keys
 * that are not named now (`givenOptions`, `notify`): they are left out, never named as changed.
 */
export function changedConfigKeys(previous: Readonly<Record<string, string>>, next: Readonly<Record<string, string>>): string[] {
  return [...new Set([...Object.keys(previous), ...Object.keys(next)])].filter((key) => namedConfigKey(key) && previous[key] !== next[key]).sort(compareCodeUnits);
}

/** Written for a part that does not exist (no public/ folder, no custom CSS). */
const NONE = 'none';

/** The site's files besides `src/` that shape its pages: its Astro config and its lockfile, whichever it has. */
const SITE_FILES = ['astro.config.mjs', 'astro.config.ts', 'astro.config.mts', 'astro.config.js', 'package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock'];

/**
 * The parts besides the data, from the resolved settings: the config as
 * resolved (with the site and base path, and what the shipDates file says), the render version, the version of
 * the installed portal-roadmap package, every file under public/, the custom CSS file's contents, and the site's
 * source: every file under src/, its Astro config and its lockfile, and its release notes where their folder
 * (`releaseNotes.folder`) is outside src/: a note added there publishes, and so `notify` posts it. And the notes
 * dated after the build's day (src/release-notes/schedule.ts): the first rebuild on a note's day publishes it.
 */
export function siteFingerprint(
  settings: Pick<Settings, 'projectRoot' | 'config' | 'site' | 'base' | 'brand' | 'shipDates' | 'buildDay' | 'releaseNotesDir' | 'releaseNotesMdx'>,
  installedVersion = packageVersion(),
): Omit<Fingerprint, 'data'> {
  const { projectRoot: root, config, site, base, brand, shipDates } = settings;
  // The notes that wait for a later day: when one's day comes the list changes, and the rebuild of that day publishes it.
  const scheduled = scheduledNoteFiles(settings.releaseNotesDir, settings.buildDay, settings.releaseNotesMdx);
  const css = config.theme.customCss ? resolve(root, config.theme.customCss) : undefined;
  // Only outside src/ (which counts it already), so a site whose notes are in the default folder keeps its digest.
  const notes = resolve(root, config.releaseNotes.folder);
  const notesOutsideSrc = relative(join(root, 'src'), notes).startsWith('..');
  return {
    // The brand images' URLs carry a digest of their contents: an edited logo changes the config part.
    // So does an edited shipDates file: what it says is part of the config's digest.
    config: contentDigest({
      // Without the keys no page reads: a chat service added to `notify` republishes nothing.
      config: siteConfig(config),
      site,
      base,
      brand: [brand.favicon.url, brand.logo?.url ?? null, brand.socialImage?.url ?? null],
      ...(Object.keys(shipDates).length ? { shipDates } : {}),
    }),
    renderVersion: String(RENDER_VERSION),
    // The installed portal-roadmap's, not the project's: upgrading the package republishes.
    packageVersion: installedVersion,
    publicAssets: treeDigest(join(root, 'public')),
    customCss: css && existsSync(css) ? fileDigest(css) : NONE,
    siteSource: contentDigest({
      src: treeDigest(join(root, 'src')),
      files: SITE_FILES.map((name) => [name, existsSync(join(root, name)) ? fileDigest(join(root, name)) : null]),
      ...(notesOutsideSrc ? { releaseNotes: treeDigest(notes) } : {}),
      // Only where a note waits, so that a site without one keeps its digest.
      ...(scheduled.length ? { scheduledNotes: scheduled } : {}),
    }),
  };
}

/** The notes in `dir` (relative paths, sorted) dated after `day`: those a build on `day` does not publish yet. */
export function scheduledNoteFiles(dir: string, day: string, mdx = false): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => isNoteFile(name, mdx))
    .filter((name) => {
      const date = writtenNoteDate(readFileSync(join(dir, name), 'utf8'));
      return date !== undefined && isScheduled(date, day);
    })
    .map((name) => name.split('\\').join('/'))
    .sort(compareCodeUnits);
}

export function fileDigest(file: string): string {
  return contentDigest(readFileSync(file).toString('base64'));
}

/** A digest of every file's path and contents below `dir`. */
export function treeDigest(dir: string): string {
  if (!existsSync(dir)) return NONE;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort(compareCodeUnits);
  return contentDigest(files.map((file) => [relative(dir, file), fileDigest(file)]));
}

/** What the state folder says about the last publish's fingerprint. */
export type PreviousFingerprint =
  | { kind: 'found'; parts: Fingerprint; configKeys?: Record<string, string> | undefined; siteRoot?: string | undefined; output?: string | undefined }
  /** A state folder from before fingerprints: published.json alone. */
  | { kind: 'missing' }
  | { kind: 'unreadable'; reason: string };

export async function readFingerprint(file: string): Promise<PreviousFingerprint> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'unreadable', reason: (error as Error).message };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', reason: 'not valid JSON' };
  }
  const result = FingerprintFileSchema.safeParse(json);
  if (!result.success) return { kind: 'unreadable', reason: `not a ${FINGERPRINT_FORMAT} version ${FINGERPRINT_VERSION} file:\n${formatIssues(result.error.issues)}` };
  // A part an older version did not record differs from any digest: the run after the upgrade names it as changed.
  const parts = Object.fromEntries(FINGERPRINT_PARTS.map((part) => [part, (result.data.parts as Partial<Fingerprint>)[part] ?? 'not recorded'])) as Fingerprint;
  return { kind: 'found', parts, configKeys: result.data.configKeys, siteRoot: result.data.siteRoot, output: result.data.output };
}

/** Writes the fingerprint atomically, like the published snapshot. */
export async function writeFingerprint(
  file: string,
  parts: Fingerprint,
  { configKeys, siteRoot, output }: { configKeys?: Record<string, string> | undefined; siteRoot?: string | undefined; output?: string | undefined } = {},
): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const document: z.input<typeof FingerprintFileSchema> = {
    format: FINGERPRINT_FORMAT,
    version: FINGERPRINT_VERSION,
    parts,
    ...(configKeys ? { configKeys } : {}),
    ...(siteRoot ? { siteRoot } : {}),
    ...(output ? { output } : {}),
  };
  await writeFile(temporary, `${JSON.stringify(document, null, 2)}\n`, 'utf8');
  await rename(temporary, file);
}

/** The parts whose digests differ, in report order. */
export function changedParts(previous: Fingerprint, next: Fingerprint): FingerprintPart[] {
  return FINGERPRINT_PARTS.filter((part) => previous[part] !== next[part]);
}
