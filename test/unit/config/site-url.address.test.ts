/**
 * One address: ROADMAP_SITE, the roadmap config's `site` and astro.config.mjs's `site` decide every URL by one rule
 * (the first given wins), and a difference between them is one warning line naming each.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../../src/config/settings.ts';
import { siteDisagreement } from '../../../src/config/site-url.ts';
import { astroSite } from '../../../src/integration/astro-site.ts';

const ENV_SITE = 'https://roadmap.acme.example';
const ASTRO_SITE = 'https://www.acme.example';
const API = { PORTAL_API_URL: 'https://api.example.com/v1', PORTAL_WORKSPACE_ID: 'ws' };

function root(config: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-address-'));
  writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify(config));
  return dir;
}

describe('the rule: ROADMAP_SITE, then the roadmap config, then astro.config.mjs', () => {
  it('says nothing when one address is given, or all name the same one', () => {
    expect(siteDisagreement([])).toBeUndefined();
    expect(siteDisagreement([{ where: 'ROADMAP_SITE', url: ENV_SITE }])).toBeUndefined();
    expect(
      siteDisagreement([
        { where: 'ROADMAP_SITE', url: 'https://user.github.io/repo/' },
        { where: '"site" in roadmap.config.json', url: 'https://user.github.io/repo' },
        // Astro takes the path from `base`: a site at its host's root beside base "/repo" is the same address.
        { where: '"site" in astro.config.mjs', url: 'https://user.github.io', base: '/repo' },
      ]),
    ).toBeUndefined();
  });

  it('warns in one line naming both values, the winner and how to silence it', () => {
    const warning = siteDisagreement([
      { where: 'ROADMAP_SITE', url: ENV_SITE },
      { where: '"site" in astro.config.mjs', url: ASTRO_SITE },
    ]);
    expect(warning).toBeDefined();
    expect(warning!.split('\n')).toHaveLength(1);
    expect(warning).toContain(`ROADMAP_SITE is "${ENV_SITE}"`);
    expect(warning).toContain(`"site" in astro.config.mjs is "${ASTRO_SITE}"`);
    expect(warning).toContain('uses ROADMAP_SITE, which wins');
    expect(warning).toContain('give them the same address, or remove "site" from astro.config.mjs');
  });

  it('tells a path apart: the same host at another path is another address', () => {
    const warning = siteDisagreement([
      { where: 'ROADMAP_SITE', url: 'https://user.github.io/repo' },
      { where: '"site" in roadmap.config.json', url: 'https://user.github.io/old' },
    ]);
    expect(warning).toContain('"site" in roadmap.config.json is "https://user.github.io/old"');
    expect(warning).toContain('remove "site" from roadmap.config.json');
  });
});

describe('a roadmap mounted in a site whose astro.config.mjs names another address than ROADMAP_SITE', () => {
  const settings = resolveSettings(root({ prefix: '/roadmap' }), { ...API, ROADMAP_SITE: ENV_SITE }, { astro: { site: ASTRO_SITE, base: '/' } });
  // What Astro writes from (canonical links, feeds, the site's own sitemap): its `site` once the integration updated it.
  const astroAddress = astroSite(ASTRO_SITE, settings).site ?? ASTRO_SITE;

  it('the build says so in one warning naming both, once', () => {
    const lines = settings.warnings.filter((warning) => warning.includes(ENV_SITE) || warning.includes(ASTRO_SITE));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(ENV_SITE);
    expect(lines[0]).toContain(ASTRO_SITE);
  });

  it('every output carries the winner: what Astro writes from and what the roadmap writes from', () => {
    const outputs = {
      canonical: new URL('/roadmap/issues/a/', astroAddress).toString(),
      feed: new URL('/roadmap/rss.xml', astroAddress).toString(),
      sitemap: new URL('/sitemap-index.xml', astroAddress).toString(),
      // roadmap.json, latest.json, robots.txt and the address the rebuild records for `notify` read the settings' site root.
      exports: new URL('roadmap.json', settings.siteRoot).toString(),
    };
    expect(outputs).toEqual({
      canonical: `${ENV_SITE}/roadmap/issues/a/`,
      feed: `${ENV_SITE}/roadmap/rss.xml`,
      sitemap: `${ENV_SITE}/sitemap-index.xml`,
      exports: `${ENV_SITE}/roadmap/roadmap.json`,
    });
  });

  it("keeps the site's own `site` as written when it names the same host", () => {
    const same = resolveSettings(
      root({ prefix: '/roadmap' }),
      { ...API, ROADMAP_SITE: 'https://docs.example.com/docs' },
      { astro: { site: 'https://docs.example.com/docs', base: '/docs' } },
    );
    expect(astroSite('https://docs.example.com/docs', same)).toEqual({});
    expect(same.warnings.join('\n')).not.toContain('https://docs.example.com');
  });
});
