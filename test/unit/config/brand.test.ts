/** The team's brand images: named relative to the config file, checked, and served under a digest of their contents. */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { brandFiles, resolveBrand } from '../../../src/config/brand.ts';
import { resolveSettings } from '../../../src/config/settings.ts';
import { configErrorMessage } from '../../support/config-error.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>';
const digest = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);

let root: string;
const write = (path: string, content: string | Buffer) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};
const configure = (config: unknown, file = 'roadmap.config.json') => write(file, JSON.stringify(config));
const error = configErrorMessage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'brand-'));
});

describe('brand images', () => {
  it('are found relative to the config file, and served from brand/ under a digest of their contents', () => {
    write('site/brand/logo.svg', SVG);
    write('site/brand/card.png', PNG);
    configure({ theme: { logo: 'brand/logo.svg', favicon: './brand/logo.svg', socialImage: 'brand/card.png' } }, 'site/roadmap.config.json');
    const { brand } = resolveSettings(root, { ROADMAP_CONFIG: 'site/roadmap.config.json' });
    expect(brand.logo).toEqual({ url: `brand/logo-${digest(SVG)}.svg`, type: 'image/svg+xml', file: join(root, 'site/brand/logo.svg') });
    expect(brand.favicon.url).toBe(`brand/favicon-${digest(SVG)}.svg`);
    expect(brand.socialImage).toEqual({ url: `brand/social-${digest(PNG)}.png`, type: 'image/png', file: join(root, 'site/brand/card.png') });
    expect(brandFiles(brand).map((asset) => asset.url)).toEqual([brand.favicon.url, brand.logo!.url, brand.socialImage!.url]);
  });

  it('an edited file gets a new URL', () => {
    write('logo.svg', SVG);
    const before = resolveBrand({ logo: 'logo.svg' }, root, root, 'roadmap.config.json').logo!.url;
    write('logo.svg', SVG.replace('/>', ' viewBox="0 0 1 1"/>'));
    expect(resolveBrand({ logo: 'logo.svg' }, root, root, 'roadmap.config.json').logo!.url).not.toBe(before);
  });

  it("without a favicon of the team's, the package's own is served", () => {
    const { favicon } = resolveBrand({}, root, root, 'roadmap.config.json');
    const ours = readFileSync(new URL('../../../src/assets/favicon.svg', import.meta.url));
    expect(favicon.url).toBe(`brand/favicon-${digest(ours)}.svg`);
    expect(readFileSync(favicon.file!)).toEqual(ours);
  });

  it('a public/ path or an https URL is linked as it is, with nothing copied', () => {
    const brand = resolveBrand({ logo: '/logo.svg', socialImage: 'https://cdn.example.com/card.png' }, root, root, 'roadmap.config.json');
    expect(brand.logo).toEqual({ url: '/logo.svg', type: 'image/svg+xml' });
    expect(brand.socialImage).toEqual({ url: 'https://cdn.example.com/card.png' });
    expect(brandFiles(brand)).toHaveLength(1);
  });

  it('a missing file, a folder, a file outside the project or one whose bytes are not its type is refused, naming the option and the fix', () => {
    configure({ theme: { logo: 'brand/logo.svg' } });
    expect(error(() => resolveSettings(root, {}))).toMatch(
      /theme\.logo: .*brand\/logo\.svg does not exist\. Give the path of an image file inside the project, relative to the config file, e.g\. "brand\/logo\.svg"\./,
    );
    mkdirSync(join(root, 'brand/logo.svg'), { recursive: true });
    expect(error(() => resolveSettings(root, {}))).toMatch(/theme\.logo: .* is not a file/);
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    writeFileSync(join(outside, 'x.svg'), SVG);
    symlinkSync(join(outside, 'x.svg'), join(root, 'linked.svg'));
    configure({ theme: { favicon: 'linked.svg' } });
    expect(error(() => resolveSettings(root, {}))).toMatch(/theme\.favicon: .* is outside the project root/);
    write('card.png', SVG);
    configure({ theme: { socialImage: 'card.png' } });
    expect(error(() => resolveSettings(root, {}))).toMatch(/theme\.socialImage: .*card\.png is named \.png but its contents are not image\/png/);
    write('card.txt', 'hello');
    configure({ theme: { socialImage: 'card.txt' } });
    expect(error(() => resolveSettings(root, {}))).toMatch(/theme\.socialImage: "card\.txt" is not an image type a page can declare \(use \.svg, \.png/);
  });

  it('a value that is neither a file, a public/ path nor an https URL fails the config check', () => {
    configure({ theme: { logo: 'http://cdn.example.com/logo.svg' } });
    expect(error(() => resolveSettings(root, {}))).toMatch(/theme\.logo: use an image file relative to the config file such as "brand\/logo\.svg"/);
    configure({ theme: { favicon: '//evil.example/x.svg' } });
    expect(error(() => resolveSettings(root, {}))).toMatch(/theme\.favicon: use an image file/);
  });

  it('an SVG that would run or load anything when opened on its own is refused: one line naming the option, the file and what to remove', () => {
    // What an SVG may hold: test/unit/team-svg/check.test.ts.
    write('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg">\n<a><set attributeName="&#104;ref" to="javascript:alert(1)"/></a></svg>');
    expect(error(() => resolveBrand({ logo: 'logo.svg' }, root, root, 'roadmap.config.json'))).toBe(
      `Invalid roadmap.config.json:\n  - theme.logo: ${join(root, 'logo.svg')} holds a <set> element (line 2): an animation can turn any attribute into a link or an event handler. Remove it; docs/security.md lists what a published SVG may hold.`,
    );
    write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: u\\72l(https://evil.example/x)"/></svg>');
    expect(error(() => resolveBrand({ favicon: 'favicon.svg' }, root, root, 'roadmap.config.json'))).toMatch(/theme\.favicon: .*favicon\.svg holds "u\\\\72l\(https", a url\(\)/);
  });

  it('an SVG of shapes, text, gradients and links to its own elements is published as drawn', () => {
    const drawn = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/><text>Acme &amp; co</text></svg>`;
    write('logo.svg', drawn);
    expect(resolveBrand({ logo: 'logo.svg' }, root, root, 'roadmap.config.json').logo!.file).toBe(join(root, 'logo.svg'));
  });
});
