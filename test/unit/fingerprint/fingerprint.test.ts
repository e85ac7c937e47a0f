/** The fingerprint of what shapes the site besides the data: each edit a user makes changes exactly its own part. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { changedConfigKeys, changedParts, configKeyDigests, readFingerprint, siteFingerprint, type Fingerprint } from '../../../src/fingerprint/fingerprint.ts';
import { resolveSettings } from '../../../src/config/settings.ts';
import { pageFingerprint } from '../../../src/fingerprint/page-fingerprint.ts';
import { contentDigest } from '../../../src/snapshot/digest.ts';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
/** The parts that differ from `before` after the edits since. */
const changedSince = (before: Omit<Fingerprint, 'data'>, env: NodeJS.ProcessEnv = {}, installedVersion?: string) =>
  changedParts({ data: 'x', ...before }, { data: 'x', ...siteFingerprint(resolveSettings(root, env), installedVersion) });
/** This package's version, read here independently of the module under test. */
const OUR_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fingerprint-'));
  write('package.json', JSON.stringify({ name: 'acme-roadmap', version: '1.0.0' }));
  write('public/favicon.svg', '<svg/>');
  write('roadmap.css', '.a { color: red }');
  write('roadmap.config.json', JSON.stringify({ title: 'Acme', theme: { customCss: 'roadmap.css' } }));
});

describe('siteFingerprint', () => {
  it('is the same for the same project', () => {
    const before = siteFingerprint(resolveSettings(root, {}));
    expect(changedSince(before)).toEqual([]);
    expect(before.packageVersion).toBe(OUR_VERSION);
  });

  it('an edit to the shipDates file changes the config part, and the report names shipDates', () => {
    write('ship-dates.json', JSON.stringify({ 'FN-1': '2025-03-14' }));
    write('roadmap.config.json', JSON.stringify({ title: 'Acme', shipDates: 'ship-dates.json', theme: { customCss: 'roadmap.css' } }));
    const settings = resolveSettings(root, {});
    const before = siteFingerprint(settings);
    write('ship-dates.json', JSON.stringify({ 'FN-1': '2025-03-15' }));
    const after = resolveSettings(root, {});
    expect(changedSince(before)).toEqual(['config']);
    expect(changedConfigKeys(configKeyDigests(settings), configKeyDigests(after))).toEqual(['shipDates']);
  });

  it('a config edit changes the config part only', () => {
    const before = siteFingerprint(resolveSettings(root, {}));
    write('roadmap.config.json', JSON.stringify({ title: 'Acme roadmap', theme: { customCss: 'roadmap.css' } }));
    expect(changedSince(before)).toEqual(['config']);
  });

  it('a config key no page reads ("notify") changes no part, and is never named; nor is any internal key', () => {
    const settings = resolveSettings(root, {});
    const before = siteFingerprint(settings);
    write('roadmap.config.json', JSON.stringify({ title: 'Acme', theme: { customCss: 'roadmap.css' }, notify: { slack: { webhookEnv: 'SLACK_WEBHOOK_URL' } } }));
    const after = resolveSettings(root, {});
    expect(changedSince(before)).toEqual([]);
    expect(changedConfigKeys(configKeyDigests(settings), configKeyDigests(after))).toEqual([]);
    // The keys named are those of roadmap.config.json (and the site's address), never the resolved config's own.
    const internal = ['givenOptions', 'renamedKeys', 'notify'];
    expect(Object.keys(configKeyDigests(after)).filter((key) => internal.includes(key))).toEqual([]);
    // A state written by an older version recorded them: they are not named as changed either.
    const older = { ...configKeyDigests(settings), givenOptions: 'sha256:old', renamedKeys: 'sha256:old', notify: 'sha256:old' };
    write('roadmap.config.json', JSON.stringify({ title: 'Acme roadmap', theme: { customCss: 'roadmap.css' } }));
    expect(changedConfigKeys(older, configKeyDigests(resolveSettings(root, {})))).toEqual(['title']);
  });

  it('a site URL from the environment is part of the config', () => {
    const before = siteFingerprint(resolveSettings(root, {}));
    expect(changedSince(before, { ROADMAP_SITE: 'https://user.github.io/repo' })).toEqual(['config']);
  });

  it("an upgrade of portal-roadmap changes the package version part; the project's own version does not", () => {
    const before = siteFingerprint(resolveSettings(root, {}), '1.0.0');
    expect(changedSince(before, {}, '1.1.0')).toEqual(['packageVersion']);
    write('package.json', JSON.stringify({ name: 'acme-roadmap', version: '2.0.0' }));
    expect(changedSince(before, {}, '1.0.0')).toEqual([]);
  });

  it('a new or edited file under public/ changes the assets part', () => {
    const before = siteFingerprint(resolveSettings(root, {}));
    write('public/img/logo.svg', '<svg/>');
    expect(changedSince(before)).toEqual(['publicAssets']);
    const withLogo = siteFingerprint(resolveSettings(root, {}));
    write('public/img/logo.svg', '<svg viewBox="0 0 1 1"/>');
    expect(changedSince(withLogo)).toEqual(['publicAssets']);
  });

  it('an edit inside the custom CSS file changes the custom CSS part, though the config is the same', () => {
    const before = siteFingerprint(resolveSettings(root, {}));
    write('roadmap.css', '.a { color: blue }');
    expect(changedSince(before)).toEqual(['customCss']);
  });

  it("an edit to the site's own pages, its Astro config or its lockfile changes the site's source part", () => {
    write('src/content/docs/index.md', '# Docs');
    write('astro.config.mjs', 'export default {};');
    const before = siteFingerprint(resolveSettings(root, {}));
    write('src/content/docs/index.md', '# Docs, edited');
    expect(changedSince(before)).toEqual(['siteSource']);
    const edited = siteFingerprint(resolveSettings(root, {}));
    write('astro.config.mjs', "export default { site: 'https://docs.example.com' };");
    expect(changedSince(edited)).toEqual(['siteSource']);
    const configured = siteFingerprint(resolveSettings(root, {}));
    write('package-lock.json', '{"lockfileVersion": 3}');
    expect(changedSince(configured)).toEqual(['siteSource']);
  });
});

describe("the site's source part and release notes", () => {
  it('changes with a note added to a notes folder outside src/, and stays as it was for a site whose notes are in src/', () => {
    write('roadmap.config.json', JSON.stringify({ title: 'Acme', theme: { customCss: 'roadmap.css' }, releaseNotes: { folder: 'releases' } }));
    const before = siteFingerprint(resolveSettings(root, {}));
    write('releases/faster-search.md', '---\ntitle: Faster search\ndate: 2026-11-20\n---\nFaster.');
    expect(changedSince(before)).toEqual(['siteSource']);
    // The default folder is under src/: counted once, as before this part knew of notes.
    write('roadmap.config.json', JSON.stringify({ title: 'Acme', theme: { customCss: 'roadmap.css' } }));
    const inSrc = siteFingerprint(resolveSettings(root, {}));
    write('src/content/releases/faster-search.md', '---\ntitle: Faster search\ndate: 2026-11-20\n---\nFaster.');
    expect(changedSince(inSrc)).toEqual(['siteSource']);
    write('releases/other.md', 'not a note of this site');
    expect(changedSince(siteFingerprint(resolveSettings(root, {})))).toEqual([]);
  });
});

describe('readFingerprint', () => {
  it("reads a file of a version before the site's source part, that part as changed", async () => {
    const parts = siteFingerprint(resolveSettings(root, {}));
    const { siteSource: _absent, ...older } = { data: 'sha256:data', ...parts };
    write('fingerprint.json', JSON.stringify({ format: 'portal-roadmap.fingerprint', version: 1, parts: older }));
    const read = await readFingerprint(join(root, 'fingerprint.json'));
    expect(read.kind).toBe('found');
    expect(changedParts(read.kind === 'found' ? read.parts : ({} as Fingerprint), { data: 'sha256:data', ...parts })).toEqual(['siteSource']);
  });
});

describe('the fingerprint of every page digest', () => {
  const fingerprint = () => pageFingerprint(resolveSettings(root, {}));

  it("is the same for the same project, and another after an edit to the config, the site's source or its public files", () => {
    const before = fingerprint();
    expect(fingerprint()).toBe(before);
    write('roadmap.config.json', JSON.stringify({ title: 'Acme Inc.', theme: { customCss: 'roadmap.css' } }));
    const retitled = fingerprint();
    expect(retitled).not.toBe(before);
    write('src/components/Note.astro', '<p>note</p>');
    const withSource = fingerprint();
    expect(withSource).not.toBe(retitled);
    write('public/favicon.svg', '<svg viewBox="0 0 1 1"/>');
    expect(fingerprint()).not.toBe(withSource);
  });

  it("takes in portal-roadmap's own src/ for a project elsewhere: its components shape the pages without a new version", () => {
    const settings = resolveSettings(root, {});
    // A fingerprint of the site's part alone would miss an edit to a component of the package.
    expect(pageFingerprint(settings)).not.toBe(contentDigest({ site: siteFingerprint(settings), package: null }));
    expect(pageFingerprint(settings)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
