/** Settings as a user sets them: the site URL (a GitHub Pages project URL included), the base path, and which builds may go without a site. */
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_DATA_WARNING, demoAtOwnSiteError, resolveSettings } from '../../../src/config/settings.ts';
import { ConfigError, SnapshotError } from '../../../src/shared/errors.ts';
import { loadDemoSnapshot } from '../../../src/snapshot/load.ts';
import { writeSnapshotFile } from '../../../src/snapshot/snapshot-file.ts';

/** A project root with `config` as its roadmap.config.json (none when undefined). */
function root(config?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'settings-'));
  if (config) writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify(config));
  return dir;
}

const API = { PORTAL_API_URL: 'https://api.example.com/v1', PORTAL_WORKSPACE_ID: 'ws' };
const SITED = { ...API, ROADMAP_SITE: 'https://roadmap.example.com' };

const failure = (fn: () => unknown): Error => {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
};

describe('the site URL', () => {
  it('takes the path of a GitHub Pages project URL as the base path', () => {
    const settings = resolveSettings(root(), { ...API, ROADMAP_SITE: 'https://user.github.io/repo' });
    expect(settings).toMatchObject({ site: 'https://user.github.io', base: '/repo', siteRoot: 'https://user.github.io/repo/' });
    expect(settings.config.base).toBe('/repo');
  });

  it('reads the same from "site" in the config, with or without a trailing slash, two levels deep', () => {
    expect(resolveSettings(root({ site: 'https://user.github.io/repo/' }), API)).toMatchObject({ base: '/repo', siteRoot: 'https://user.github.io/repo/' });
    expect(resolveSettings(root({ site: 'https://example.com/docs/roadmap' }), API)).toMatchObject({ site: 'https://example.com', base: '/docs/roadmap' });
  });

  it('accepts a base that says the same as the path', () => {
    expect(resolveSettings(root({ base: '/repo/' }), { ...API, ROADMAP_SITE: 'https://user.github.io/repo' }).base).toBe('/repo');
  });

  it('refuses a base that contradicts the path, naming both', () => {
    const error = failure(() => resolveSettings(root({ base: '/docs' }), { ...API, ROADMAP_SITE: 'https://user.github.io/repo' }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain('base "/docs" contradicts ROADMAP_SITE "https://user.github.io/repo", whose path is "/repo"');
    expect(error.message).toContain('set it to "/repo"');
    const fromConfig = failure(() => resolveSettings(root({ site: 'https://user.github.io/repo', base: '/docs' }), API));
    expect(fromConfig.message).toContain('contradicts "site" in the config "https://user.github.io/repo"');
  });

  it('keeps a base set beside a site at the root of its host', () => {
    expect(resolveSettings(root({ site: 'https://example.com', base: '/roadmap' }), API)).toMatchObject({
      site: 'https://example.com',
      base: '/roadmap',
      siteRoot: 'https://example.com/roadmap/',
    });
    expect(resolveSettings(root({ site: 'https://example.com/' }), API)).toMatchObject({ base: '/', siteRoot: 'https://example.com/' });
  });

  it('prefers ROADMAP_SITE over the config', () => {
    expect(resolveSettings(root({ site: 'https://b.test/old' }), { ...API, ROADMAP_SITE: 'https://a.test' })).toMatchObject({ site: 'https://a.test', base: '/' });
  });

  it('refuses a site with a query or fragment', () => {
    expect(failure(() => resolveSettings(root(), { ...API, ROADMAP_SITE: 'https://a.test/repo?x=1' })).message).toContain(
      'without a query or fragment, e.g. "https://a.test/repo"',
    );
  });
});

describe('builds without a site', () => {
  it('the demo uses the placeholder', () => {
    expect(resolveSettings(root(), {})).toMatchObject({ site: 'https://roadmap.example.com', base: '/' });
  });

  it('a snapshot of the demo is the demo (what `npm run fetch` of the demo writes, and what `npm run rebuild` builds from)', async () => {
    const dir = root();
    const file = join(dir, 'roadmap.snapshot.json');
    await writeSnapshotFile(file, await loadDemoSnapshot('src/data/demo/portal.json'));
    expect(resolveSettings(dir, { ROADMAP_SNAPSHOT: file })).toMatchObject({ site: 'https://roadmap.example.com', source: { kind: 'snapshot', file } });
  });

  it('a snapshot of a real workspace needs one, and the error says how', async () => {
    const dir = root();
    const file = join(dir, 'roadmap.snapshot.json');
    const demo = await loadDemoSnapshot('src/data/demo/portal.json');
    await writeSnapshotFile(file, { ...demo, origin: { kind: 'api', apiUrl: 'https://api.example.com/v1', workspaceId: 'ws' } });
    const error = failure(() => resolveSettings(dir, { ROADMAP_SNAPSHOT: file }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/^site is not set: .*Set "site": "https:\/\/roadmap\.example\.com" in roadmap\.config\.json, or the ROADMAP_SITE variable/);
    expect(resolveSettings(dir, { ROADMAP_SNAPSHOT: file, ROADMAP_SITE: 'https://a.test' }).site).toBe('https://a.test');
  });

  it('a missing snapshot file is named as such, not as a missing site', () => {
    const error = failure(() => resolveSettings(root(), { ROADMAP_SNAPSHOT: 'nope.json' }));
    expect(error).toBeInstanceOf(SnapshotError);
    expect(error.message).toContain('nope.json does not exist');
  });

  it('an API build needs one', () => {
    expect(failure(() => resolveSettings(root(), API)).message).toMatch(/^site is not set/);
  });
});

describe('a roadmap mounted below a prefix', () => {
  it("has its pages below the prefix of the Astro project's own base and site, which it leaves as they are", () => {
    const settings = resolveSettings(root({ prefix: '/roadmap/' }), API, { astro: { site: 'https://docs.example.com', base: '/docs' } });
    expect([settings.site, settings.astroBase, settings.base, settings.prefix, settings.siteRoot]).toEqual([
      'https://docs.example.com',
      '/docs',
      '/docs/roadmap',
      'roadmap',
      'https://docs.example.com/docs/roadmap/',
    ]);
  });

  it("links the header back to the host site's home, Astro's base, only when mounted", () => {
    expect(resolveSettings(root({ prefix: '/roadmap' }), API, { astro: { site: 'https://docs.example.com', base: '/docs' } }).hostHome).toBe('/docs/');
    expect(resolveSettings(root({ prefix: '/roadmap' }), API, { astro: { site: 'https://docs.example.com', base: '/' } }).hostHome).toBe('/');
    expect(resolveSettings(root({ site: 'https://docs.example.com/docs' }), API).hostHome).toBeUndefined();
  });

  it("the config's own site wins over the Astro project's", () => {
    const settings = resolveSettings(root({ prefix: '/roadmap', site: 'https://acme.example.com' }), API, { astro: { site: 'https://docs.example.com', base: '/' } });
    expect(settings.siteRoot).toBe('https://acme.example.com/roadmap/');
  });

  it('refuses a prefix that is not a plain path, naming the fix', () => {
    for (const bad of ['roadmap', '//evil.example', '/Road Map', '/a/../b', '/%2e']) {
      expect(failure(() => resolveSettings(root({ prefix: bad }), {})).message, bad).toContain(
        'prefix: use a path of lowercase letters, digits and dashes below the site, e.g. "/roadmap"',
      );
    }
  });
});

describe('paths that would send links elsewhere or match no route', () => {
  it('refuses a protocol-relative or backslashed base, naming the danger', () => {
    for (const bad of ['//evil.example', '/\\evil.example', '/a//b', '/a/../b', '/straße', '/a%20b']) {
      expect(failure(() => resolveSettings(root({ base: bad }), {})).message, bad).toContain('base: use a path of plain folders');
    }
  });

  it('refuses a site URL whose path has a doubled slash, a letter outside ASCII or an escape, in one line with the fix', () => {
    for (const [site, path] of [
      ['https://example.com//repo', '//repo'],
      ['https://example.com/straße', '/stra%C3%9Fe'],
      ['https://example.com/a%20b', '/a%20b'],
    ] as const) {
      const message = failure(() => resolveSettings(root({ site }), {})).message;
      expect(message, site).toBe(
        `"site" in the config is "${site}": its path "${path}" must be plain folders of ASCII letters, digits, "-", "_", "." and "~", one "/" between each, e.g. "https://example.com/roadmap".`,
      );
    }
    expect(resolveSettings(root({ site: 'https://user.github.io/my_repo.v2~x/' }), {}).base).toBe('/my_repo.v2~x');
  });
});

describe('a project of its own building the demo', () => {
  it('is warned, once, naming the variables: made-up issues would go out under its own title', () => {
    expect(resolveSettings(root({ title: 'Acme roadmap' }), {}).warnings).toContain(DEMO_DATA_WARNING);
  });

  it("is not warned with the portal variables set, nor in this repository's own demo, which has no config", () => {
    expect(resolveSettings(root({ title: 'Acme roadmap', site: 'https://roadmap.acme.example' }), API).warnings).not.toContain(DEMO_DATA_WARNING);
    expect(resolveSettings(root(), {}).warnings).not.toContain(DEMO_DATA_WARNING);
  });

  it('is stopped, naming the address and both ways out, when its config gives its address', () => {
    const fromConfig = demoAtOwnSiteError(resolveSettings(root({ title: 'Acme roadmap', site: 'https://acme.github.io/roadmap' }), {}));
    expect(fromConfig).toContain('would publish the bundled DEMO workspace (made-up issues) at https://acme.github.io/roadmap');
    expect(fromConfig).toContain('Set both variables');
    expect(fromConfig).toContain('remove "site" from roadmap.config.json');
  });

  it('is stopped when the Astro config gives the address, as every Starlight site does', () => {
    const fromAstro = demoAtOwnSiteError(resolveSettings(root({ title: 'Acme docs roadmap', prefix: '/roadmap' }), {}, { astro: { site: 'https://docs.acme.dev' } }));
    expect(fromAstro).toContain('would publish the bundled DEMO workspace (made-up issues) at https://docs.acme.dev');
    expect(fromAstro).toContain('remove "site" from astro.config.mjs');
    // The config's own site is the one named, when both give one.
    expect(demoAtOwnSiteError(resolveSettings(root({ title: 'Acme', site: 'https://roadmap.acme.dev' }), {}, { astro: { site: 'https://docs.acme.dev' } }))).toContain(
      'at https://roadmap.acme.dev. Set both variables to build your roadmap, or remove "site" from roadmap.config.json',
    );
  });

  it('builds the demo at a name reserved for examples and tests, which no team serves from', () => {
    for (const site of [
      'https://docs.example.com',
      'https://roadmap.example.org',
      'https://fieldnote.example',
      'https://roadmap.test',
      'http://localhost:4321',
      'http://127.0.0.1:9',
    ]) {
      expect(demoAtOwnSiteError(resolveSettings(root({ title: 'Acme', site }), {})), site).toBeUndefined();
      expect(demoAtOwnSiteError(resolveSettings(root({ title: 'Acme' }), {}, { astro: { site } })), site).toBeUndefined();
    }
    // A name that only looks like one is a team's.
    expect(demoAtOwnSiteError(resolveSettings(root({ title: 'Acme', site: 'https://example.com.acme.dev' }), {}))).toContain('at https://example.com.acme.dev');
    expect(demoAtOwnSiteError(resolveSettings(root({ title: 'Acme', site: 'https://mytest.dev' }), {}))).toContain('at https://mytest.dev');
  });

  it('is stopped at the address ROADMAP_SITE gives too (a host whose build lost the portal variables), but for a reserved name', () => {
    const at = (ROADMAP_SITE: string, config: object = { title: 'Acme roadmap' }) => demoAtOwnSiteError(resolveSettings(root(config), { ROADMAP_SITE }));
    expect(at('https://user.github.io/repo')).toBe(
      'PORTAL_API_URL and PORTAL_WORKSPACE_ID are not set, so this build would publish the bundled DEMO workspace (made-up issues) at https://user.github.io/repo, the address ROADMAP_SITE gives. ' +
        'Set both variables to build your roadmap, or unset ROADMAP_SITE to try the site with the demo (or give it an example.com address).',
    );
    expect(at('https://example.com/roadmap')).toBeUndefined();
    // The variable wins over the config's address, as it does for the site itself.
    expect(at('https://roadmap.example.com', { site: 'https://acme.dev' })).toBeUndefined();
  });

  it('builds the demo without an address of its own, and its own workspace at any address', () => {
    expect(demoAtOwnSiteError(resolveSettings(root({ title: 'Acme roadmap' }), {}))).toBeUndefined();
    expect(demoAtOwnSiteError(resolveSettings(root({ title: 'Acme roadmap', site: 'https://acme.github.io/roadmap' }), API))).toBeUndefined();
  });
});

describe('layout', () => {
  it("resolves the site's own layout relative to the config file's folder", () => {
    const dir = root();
    mkdirSync(join(dir, 'config'));
    mkdirSync(join(dir, 'src/layouts'), { recursive: true });
    writeFileSync(join(dir, 'config/roadmap.config.json'), JSON.stringify({ layout: '../src/layouts/Site.astro' }));
    writeFileSync(join(dir, 'src/layouts/Site.astro'), '<slot />');
    expect(resolveSettings(dir, { ...SITED, ROADMAP_CONFIG: 'config/roadmap.config.json' }).layoutFile).toBe(realpathSync(join(dir, 'src/layouts/Site.astro')));
    expect(resolveSettings(root(), SITED).layoutFile).toBeUndefined();
  });

  it('fails a missing one in one line that names the path it looked at and the fix', () => {
    const dir = root({ layout: 'src/layouts/Site.astro' });
    const error = failure(() => resolveSettings(dir, SITED));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(
      `layout: ${join(dir, 'src/layouts/Site.astro')} does not exist (the path is relative to the folder of roadmap.config.json). Create the component there, or fix "layout" in roadmap.config.json.`,
    );
  });

  it('takes only an .astro component', () => {
    expect(failure(() => resolveSettings(root({ layout: 'src/layouts/Site.html' }), SITED)).message).toMatch(/layout: give the path of an \.astro component/);
  });
});

describe('the files the settings were read from, which `astro dev` watches', () => {
  it('are the config file, the ship dates and the team’s brand images, each by its absolute path', () => {
    const dir = root({ shipDates: 'ship-dates.json', theme: { logo: 'brand/logo.svg' } });
    writeFileSync(join(dir, 'ship-dates.json'), '{}');
    mkdirSync(join(dir, 'brand'));
    writeFileSync(join(dir, 'brand/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
    const files = resolveSettings(dir, SITED).settingsFiles.map((file) => realpathSync(file));
    for (const file of ['roadmap.config.json', 'ship-dates.json', 'brand/logo.svg']) expect(files).toContain(realpathSync(join(dir, file)));
  });

  it('leave out a config file that does not exist, and the options given in astro.config.mjs (Astro watches that file itself)', () => {
    const configFiles = (settings: ReturnType<typeof resolveSettings>) => settings.settingsFiles.filter((file) => file.endsWith('.json'));
    expect(configFiles(resolveSettings(root(), SITED))).toEqual([]);
    expect(configFiles(resolveSettings(root(), SITED, { config: { title: 'Inline' } }))).toEqual([]);
  });
});
