import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { customCssFile, loadRoadmapConfig, parseRoadmapConfig } from '../../../src/config/roadmap-config.ts';
import { configErrorMessage } from '../../support/config-error.ts';
import { parseEnv } from '../../../src/config/env.ts';

const message = configErrorMessage;

describe('roadmap config', () => {
  it('has working defaults', () => {
    const config = parseRoadmapConfig({});
    expect(config).toMatchObject({ locale: 'en', locales: ['en'] });
    // Unset, so the path of the site URL can supply it (test/unit/config/settings.test.ts).
    expect(config.base).toBeUndefined();
    // Unset, so each language's site gets the title of its translation (src/i18n/translations/*.json siteTitle).
    expect(config.title).toBeUndefined();
    expect(config.columns.map((c) => c.id)).toContain('in-progress');
  });

  it('search.shortcut: `/` focuses search unless turned off; anything but a boolean is refused, naming the path', () => {
    expect(parseRoadmapConfig({}).search).toEqual({ shortcut: true });
    expect(parseRoadmapConfig({ search: { shortcut: false } }).search).toEqual({ shortcut: false });
    expect(message(() => parseRoadmapConfig({ search: { shortcut: 'off' } }))).toContain('search.shortcut');
    expect(message(() => parseRoadmapConfig({ search: { shortkut: false } }))).toMatch(/unknown key "shortkut"/);
  });

  it('rejects an unknown key, naming it, and the option it is likely a misspelling of', () => {
    expect(message(() => parseRoadmapConfig({ titel: 'x' }))).toContain('(top level): unknown key "titel" (did you mean "title"?). Remove it or fix the spelling.');
    // Looked up where the key stands: in a group, in a list's item.
    expect(message(() => parseRoadmapConfig({ theme: { acent: '#123456' } }))).toContain('theme: unknown key "acent" (did you mean "accent"?)');
    expect(message(() => parseRoadmapConfig({ columns: [{ id: 'a', statuses: ['A'], lable: 'A' }] }))).toContain('columns[0]: unknown key "lable" (did you mean "label"?)');
    // Nothing is suggested for a key like no option.
    expect(message(() => parseRoadmapConfig({ bogus: 1 }))).toContain('(top level): unknown key "bogus". Remove it or fix the spelling.');
  });

  it('names the path of a bad nested value and the fix', () => {
    const text = message(() => parseRoadmapConfig({ columns: [{ id: 'In Progress', label: 'x', statuses: ['a'] }] }));
    expect(text).toContain('columns[0].id');
    expect(text).toContain('use lowercase letters, digits and single dashes');
  });

  it('echoes the value it rejected, but never an object', () => {
    expect(message(() => parseRoadmapConfig({ theme: { accent: 'blue' } }))).toContain('theme.accent: use a hex colour, e.g. "#1d4ed8"; got "blue"');
    expect(message(() => parseRoadmapConfig({ board: { cardsPerColumn: 0 } }))).toContain('board.cardsPerColumn: show at least 1 card; got 0');
    expect(message(() => parseRoadmapConfig({ site: 'x'.repeat(200) }))).toMatch(/site: .*; got "x{78}…$/m);
    // An unknown key's problem is about the whole object: nothing is echoed.
    expect(message(() => parseRoadmapConfig({ titel: 'x' }))).not.toContain('got');
  });

  it('takes a font stack of family names, and refuses anything that could end its CSS declaration', () => {
    for (const stack of ['Inter, system-ui, sans-serif', '"Source Sans 3", \'Noto Sans JP\', sans-serif', 'Hiragino Kaku Gothic ProN']) {
      expect(parseRoadmapConfig({ theme: { fontFamily: stack } }).theme.fontFamily, stack).toBe(stack);
    }
    for (const stack of ['Inter; } body { display: none', 'Inter, "unclosed', 'a</style>', 'url(x)', '"a\nb"', '', 'Inter,,sans-serif']) {
      expect(
        message(() => parseRoadmapConfig({ theme: { fontFamily: stack } })),
        stack,
      ).toContain('theme.fontFamily: use font family names separated by commas');
    }
  });

  it('refuses a status listed in two columns', () => {
    const text = message(() =>
      parseRoadmapConfig({
        columns: [
          { id: 'a', label: 'A', statuses: ['Done'] },
          { id: 'b', label: 'B', statuses: ['done'] },
        ],
      }),
    );
    expect(text).toMatch(/columns\[1\]\.statuses\[0\]: status "done" is already in column "a"/);
  });

  it('shows the declined column only when asked, and names the missing column when there is none to show', () => {
    const declined = (config: object) => parseRoadmapConfig(config).columns.find((column) => column.id === 'canceled');
    expect(declined({})?.hidden).toBe(true);
    expect(declined({ board: { showDeclined: true } })?.hidden).toBe(false);
    expect(parseRoadmapConfig({ board: { showDeclined: true } }).columns.filter((column) => column.hidden)).toEqual([]);
    const text = message(() => parseRoadmapConfig({ board: { showDeclined: true }, columns: [{ id: 'open', statuses: ['Todo'] }] }));
    expect(text).toMatch(/board\.showDeclined: no column has the id "canceled", the one showDeclined shows: add \{"id": "canceled"/);
  });

  it('shows upvote counts unless told not to', () => {
    expect(parseRoadmapConfig({}).showUpvotes).toBe(true);
    expect(parseRoadmapConfig({ showUpvotes: false }).showUpvotes).toBe(false);
    expect(message(() => parseRoadmapConfig({ showUpvotes: 'no' }))).toMatch(/showUpvotes/);
  });

  it('refuses a site that is not an absolute http(s) URL', () => {
    expect(message(() => parseRoadmapConfig({ site: 'roadmap.example.com' }))).toContain('site: use an absolute http(s) URL');
  });

  it('takes an http(s) submitUrl and refuses any other', () => {
    expect(parseRoadmapConfig({ submitUrl: 'https://portal.example.com/new?from=roadmap' }).submitUrl).toBe('https://portal.example.com/new?from=roadmap');
    expect(parseRoadmapConfig({}).submitUrl).toBeUndefined();
    for (const bad of ['javascript:alert(1)', 'portal.example.com/new', 'ftp://portal.example.com/']) {
      expect(
        message(() => parseRoadmapConfig({ submitUrl: bad })),
        bad,
      ).toContain('submitUrl: use an absolute http(s) URL');
    }
  });

  it("takes header links to http(s) URLs and root paths only, with per-language labels of the site's languages", () => {
    const nav = [
      { href: 'https://docs.example.com/', label: 'Docs' },
      { href: '/blog/', label: { en: 'Blog', de: 'Blog (de)' } },
    ];
    expect(parseRoadmapConfig({ locales: ['en', 'de'], nav }).nav).toEqual(nav);
    // Written as a browser reads it, so the page stays valid HTML.
    expect(parseRoadmapConfig({ nav: [{ href: '/a/<x>?q="1"', label: 'A' }] }).nav?.[0]?.href).toBe('/a/%3Cx%3E?q=%221%22');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example/', '/\\evil.example/', 'docs/', 'mailto:a@b.example']) {
      expect(
        message(() => parseRoadmapConfig({ nav: [{ href: bad, label: 'Docs' }] })),
        bad,
      ).toContain('nav[0].href: use an absolute http(s) URL ("https://example.com/docs") or a path from the site root ("/docs/")');
    }
    for (const secret of ['https://user:pw@docs.example.com/', 'https://user@docs.example.com/']) {
      expect(
        message(() => parseRoadmapConfig({ nav: [{ href: secret, label: 'Docs' }] })),
        secret,
      ).toContain('nav[0].href: must not carry a user name or password');
    }
    expect(message(() => parseRoadmapConfig({ nav: [{ href: '/blog/', label: { fr: 'Blogue' } }] }))).toContain('nav[0].label.fr: "fr" is not one of the site\'s languages');
  });

  it('refuses an unknown label key and a bad locale', () => {
    expect(message(() => parseRoadmapConfig({ labels: { boardd: 'x' } }))).toContain('labels: unknown key "boardd"');
    expect(message(() => parseRoadmapConfig({ locale: 'not a locale' }))).toContain('locale: "not a locale" is not a BCP 47 language tag');
  });

  it('reads the file ROADMAP_CONFIG names, and reports bad JSON with the file name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'roadmap-config-'));
    writeFileSync(join(dir, 'ok.json'), JSON.stringify({ title: 'Acme roadmap' }));
    writeFileSync(join(dir, 'bad.json'), '{ "title": ');
    expect(loadRoadmapConfig(dir, 'ok.json').title).toBe('Acme roadmap');
    expect(message(() => loadRoadmapConfig(dir, 'bad.json'))).toContain('bad.json is not valid JSON');
    expect(message(() => loadRoadmapConfig(dir, 'missing.json'))).toContain('does not exist');
    expect(loadRoadmapConfig(dir).title).toBeUndefined();
  });

  // These fail `astro build` while it loads its config, the path test/integration/discovery.test.ts shows reaching the user.
  it('names a vote URL without a placeholder, an unknown key and a custom CSS file that is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'roadmap-config-'));
    const load = (config: object) => {
      writeFileSync(join(dir, 'roadmap.config.json'), JSON.stringify(config));
      return message(() => loadRoadmapConfig(dir));
    };
    expect(load({ voteUrl: 'https://portal.example.com/r/' })).toContain('voteUrl: include {issueId} or {identifier}');
    expect(load({ title: 'x', colums: [] })).toContain('unknown key "colums"');
    const css = load({ theme: { customCss: 'nope.css' } });
    expect(css).toContain('theme.customCss:');
    expect(css).toContain(`${join(dir, 'nope.css')} does not exist`);
  });
});

describe('environment', () => {
  it('treats empty variables as unset', () => {
    expect(parseEnv({ PORTAL_API_URL: '', PORTAL_WORKSPACE_ID: ' ' })).toEqual({});
  });

  it('needs both API variables, naming the missing one', () => {
    expect(message(() => parseEnv({ PORTAL_API_URL: 'https://api.example.com/v1' }))).toContain('PORTAL_WORKSPACE_ID: is not set, but PORTAL_API_URL is');
    expect(message(() => parseEnv({ PORTAL_WORKSPACE_ID: 'ws' }))).toContain('PORTAL_API_URL: is not set');
  });

  it('refuses a non-http API URL', () => {
    expect(message(() => parseEnv({ PORTAL_API_URL: 'ftp://x', PORTAL_WORKSPACE_ID: 'ws' }))).toContain(
      'PORTAL_API_URL: must be the http(s) root of the v1 API, e.g. "https://api.example.com/v1"; got "ftp://x"',
    );
  });

  it('splits and de-duplicates PORTAL_PROJECT_IDS', () => {
    expect(parseEnv({ PORTAL_PROJECT_IDS: ' a, b,,a ' }).PORTAL_PROJECT_IDS).toEqual(['a', 'b']);
  });

  it('bounds the timeout', () => {
    expect(parseEnv({ PORTAL_TIMEOUT_MS: '2500' }).PORTAL_TIMEOUT_MS).toBe(2500);
    expect(message(() => parseEnv({ PORTAL_TIMEOUT_MS: '5' }))).toContain('PORTAL_TIMEOUT_MS: must be at least 100');
  });
});

describe('privacy and embed config', () => {
  it('publishes nothing extra and allows no framing by default', () => {
    const config = parseRoadmapConfig({});
    expect(config.privacy).toEqual({ publishTrackerFields: false, publishIssueUrl: false, hideFields: [] });
    expect(config.embed.allowedOrigins).toEqual([]);
  });

  it('hides the listed issue fields, and names the allowed ones for an unknown one', () => {
    expect(parseRoadmapConfig({ privacy: { hideFields: ['priority'] } }).privacy.hideFields).toEqual(['priority']);
    expect(() => parseRoadmapConfig({ privacy: { hideFields: ['priority', 'votes'] } })).toThrow(
      /privacy\.hideFields\[1\]: use one of "priority", "team", "createdAt", "updatedAt"; got "votes"/,
    );
  });

  it('accepts origins only, naming a bad one', () => {
    expect(parseRoadmapConfig({ embed: { allowedOrigins: ['https://docs.example.com'] } }).embed.allowedOrigins).toEqual(['https://docs.example.com']);
    expect(message(() => parseRoadmapConfig({ embed: { allowedOrigins: ['https://docs.example.com/'] } }))).toContain('embed.allowedOrigins[0]: use an origin');
    expect(message(() => parseRoadmapConfig({ embed: { allowedOrigins: ['*'] } }))).toContain('embed.allowedOrigins[0]');
  });
});

describe('config values used as paths, URLs and header text', () => {
  function project() {
    const root = mkdtempSync(join(tmpdir(), 'roadmap-root-'));
    writeFileSync(join(root, 'roadmap.css'), 'body{}');
    mkdirSync(join(root, 'styles'));
    const outside = mkdtempSync(join(tmpdir(), 'roadmap-outside-'));
    writeFileSync(join(outside, 'secret.css'), 'secret');
    symlinkSync(join(outside, 'secret.css'), join(root, 'link.css'));
    return { root, outside };
  }
  const withCss = (root: string, customCss: string) => {
    writeFileSync(join(root, 'roadmap.config.json'), JSON.stringify({ theme: { customCss } }));
    return () => loadRoadmapConfig(root);
  };

  it('takes theme.customCss only as a file inside the project', () => {
    const { root, outside } = project();
    expect(loadRoadmapConfig(root).theme.customCss).toBeUndefined();
    expect(withCss(root, 'roadmap.css')().theme.customCss).toBe('roadmap.css');
    expect(customCssFile(root, 'roadmap.css')).toBe(join(realpathSync(root), 'roadmap.css'));
    for (const path of ['/proc/self/environ', '/etc/hostname', `../${outside.split('/').pop()}/secret.css`, join(outside, 'secret.css'), 'link.css']) {
      expect(message(withCss(root, path)), path).toMatch(/theme\.customCss: .* is outside the project root/);
    }
    expect(message(withCss(root, 'styles'))).toMatch(/theme\.customCss: .*styles is not a file/);
    expect(message(withCss(root, '.'))).toMatch(/theme\.customCss: .* is outside the project root|is not a file/);
  });

  it('checks logo and social image paths the way a browser reads them', () => {
    // A relative path names a file beside the config: checked when the settings are resolved (test/unit/config/brand.test.ts).
    for (const good of ['/logo.svg', '/img/og.png?v=2', 'https://cdn.example.com/logo.svg', 'brand/logo.svg', './logo.png']) {
      expect(parseRoadmapConfig({ theme: { logo: good, socialImage: good } }).theme.logo, good).toBe(good);
    }
    for (const bad of [
      '/\\other.example/x.png',
      '//other.example/x.png',
      '/\\/other.example/x.png',
      '\\\\other.example\\x.png',
      '/a/../../x.png',
      '/%2e%2e/x.png',
      'http://x.example/a.png',
      'javascript:alert(1)',
      '/logo .svg',
      '/logo\u0000.svg',
    ]) {
      expect(
        message(() => parseRoadmapConfig({ theme: { logo: bad } })),
        bad,
      ).toContain('theme.logo: use an image file relative to the config file such as "brand/logo.svg", a path under public/');
      expect(
        message(() => parseRoadmapConfig({ theme: { socialImage: bad } })),
        bad,
      ).toContain('theme.socialImage: use an image file relative to the config file such as "brand/social.png", a path under public/');
    }
  });

  it('accepts embed origins only as scheme://host[:port], so nothing can be added to the CSP line', () => {
    const good = ['https://docs.example.com', 'http://localhost:8080', 'https://[::1]:8443', 'https://xn--bcher-kva.example'];
    expect(parseRoadmapConfig({ embed: { allowedOrigins: good } }).embed.allowedOrigins).toEqual(good);
    for (const bad of [
      'https://a.example;script-src *',
      'https://a.example,https://b.example',
      'https://a.example https://b.example',
      'https://*.example.com',
      'https://a.example/path',
      'https://A.example',
      'https://bücher.example',
      'https://user@a.example',
      'ftp://a.example',
      'https://a.example:99999',
    ]) {
      expect(
        message(() => parseRoadmapConfig({ embed: { allowedOrigins: [bad] } })),
        bad,
      ).toContain('embed.allowedOrigins[0]: use an origin');
    }
  });

  it('strips characters XML forbids from the title, description and labels', () => {
    const config = parseRoadmapConfig({
      title: 'Road\u0001map',
      description: 'x\uFFFEy',
      labels: { board: 'B\u0000oard' },
      columns: [{ id: 'a', label: 'L\u0007', statuses: ['a'] }],
      shipped: { columns: ['a'] },
    });
    expect([config.title, config.description, config.labels.board, config.columns[0]!.label]).toEqual(['Roadmap', 'xy', 'Board', 'L']);
  });

  it('caps column ids, which are folder names', () => {
    expect(message(() => parseRoadmapConfig({ columns: [{ id: 'a'.repeat(65), label: 'A', statuses: ['a'] }] }))).toContain('columns[0].id: use at most 64 characters');
  });
});

describe('portal limits in the environment', () => {
  it('reads PORTAL_MAX_RESPONSE_BYTES within bounds', () => {
    expect(parseEnv({ PORTAL_MAX_RESPONSE_BYTES: '1048576' }).PORTAL_MAX_RESPONSE_BYTES).toBe(1_048_576);
    expect(message(() => parseEnv({ PORTAL_MAX_RESPONSE_BYTES: '10' }))).toContain('PORTAL_MAX_RESPONSE_BYTES: must be at least 65536');
    expect(message(() => parseEnv({ PORTAL_MAX_RESPONSE_BYTES: String(2 ** 40) }))).toContain('must be at most 268435456');
  });

  it('refuses a workspace id that would change the request path', () => {
    for (const id of ['.', '..']) {
      expect(message(() => parseEnv({ PORTAL_API_URL: 'https://api.example.com/v1', PORTAL_WORKSPACE_ID: id }))).toContain('PORTAL_WORKSPACE_ID: cannot be "." or ".."');
    }
  });
});

describe("the config's own words have a length limit", () => {
  it('refuses a title over 200 characters and a description over 1000, naming why (a megabyte title built an 887 MB site)', () => {
    expect(() => parseRoadmapConfig({ title: 'x'.repeat(201) })).toThrow(/title: use at most 200 characters: the title is in every page's header, <title> and feed; got "x+…/);
    expect(() => parseRoadmapConfig({ description: 'x'.repeat(1001) })).toThrow(/description: use at most 1000 characters/);
    expect(parseRoadmapConfig({ title: 'x'.repeat(200) }).title).toHaveLength(200);
  });
});
