/**
 * The accent colour reaches rules, rings, borders, link hovers and buttons,
 * so whatever hex the owner picks must keep WCAG contrast in both schemes:
 * 3:1 for non-text use, 4.5:1 for text. Contrast is computed here with the
 * WCAG 2 formula written out again, against the backgrounds read from the
 * stylesheet itself, never with the module under test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEME_BACKGROUNDS, themeCss } from '../../../src/theme/theme.ts';
import { PROJECT_ROOT } from '../../support/build-site.ts';

const css = readFileSync(join(PROJECT_ROOT, 'src/styles/tokens.css'), 'utf8');
/** `--name: light-dark(#light, #dark)` of the stylesheet's :root. */
const pair = (name: string) => {
  const match = new RegExp(`--${name}: (?:var\\(--[\\w-]+, )?light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)`).exec(css);
  if (!match) throw new Error(`--${name} is not a light-dark() pair in tokens.css`);
  return { light: match[1]!, dark: match[2]! };
};
const backgrounds = { light: ['bg', 'surface', 'card'].map((n) => pair(n).light), dark: ['bg', 'surface', 'card'].map((n) => pair(n).dark) };

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}
const worst = (colour: string, against: string[]) => Math.min(...against.map((bg) => contrast(colour, bg)));

/** The variants themeCss writes for `accent`. */
function variants(accent: string) {
  const match = /--accent-ui:light-dark\((#[0-9a-f]{6}),(#[0-9a-f]{6})\);--accent-text:light-dark\((#[0-9a-f]{6}),(#[0-9a-f]{6})\)/.exec(
    themeCss({ colorScheme: 'auto', accent }, '', ''),
  );
  if (!match) throw new Error(`no accent variants for ${accent}`);
  const [, uiLight, uiDark, textLight, textDark] = match as unknown as [string, string, string, string, string];
  return { ui: { light: uiLight, dark: uiDark }, text: { light: textLight, dark: textDark } };
}

describe('accent contrast', () => {
  it('measures against the backgrounds the stylesheet really has', () => {
    expect(SCHEME_BACKGROUNDS).toEqual(backgrounds);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('the default accent and link colours pass in both schemes', () => {
    for (const scheme of ['light', 'dark'] as const) {
      expect(worst(pair('accent')[scheme], backgrounds[scheme]), scheme).toBeGreaterThanOrEqual(3);
      expect(worst(pair('link')[scheme], backgrounds[scheme]), scheme).toBeGreaterThanOrEqual(4.5);
    }
  });

  // Pale, dark, saturated and mid colours: each fails somewhere as it is.
  for (const accent of ['#facc15', '#e0f2fe', '#111827', '#ff0000', '#0e7490', '#7c3aed', '#fff', '#000']) {
    it(`derives variants of ${accent} that pass 3:1 for rules and rings and 4.5:1 for text, in light and dark`, () => {
      const { ui, text } = variants(accent);
      for (const scheme of ['light', 'dark'] as const) {
        expect(worst(ui[scheme], backgrounds[scheme]), `ui ${scheme}`).toBeGreaterThanOrEqual(3);
        expect(worst(text[scheme], backgrounds[scheme]), `text ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('puts the configured font stack where the stylesheet reads it', () => {
    expect(themeCss({ colorScheme: 'auto', fontFamily: 'Inter, sans-serif' }, '', '')).toContain(':root{--theme-font:Inter, sans-serif}');
    expect(css).toMatch(/--font-sans: var\(\s*--theme-font,/);
    expect(themeCss({ colorScheme: 'auto' }, '', '')).not.toContain('--theme-font');
  });

  it('keeps an accent that already passes exactly as given, and changes one that does not', () => {
    expect(variants('#0E7490').text.light).toBe('#0e7490');
    expect(variants('#facc15').ui.dark).toBe('#facc15');
    expect(variants('#facc15').text.light).not.toBe('#facc15');
  });

  it('the stylesheet uses the accent for focus rings, the selected tab, the active filter, links, votes and buttons', () => {
    // Every file src/styles/index.css bundles, read with its white space folded: the rules as a browser reads them, whatever the formatting.
    const index = readFileSync(join(PROJECT_ROOT, 'src/styles/index.css'), 'utf8');
    const files = [...index.matchAll(/@import '([^']+)'/g)].map((match) => join(PROJECT_ROOT, 'src/styles', match[1]!));
    expect(files.length).toBeGreaterThan(10);
    const folded = files
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
      .replace(/\s+/g, ' ');
    for (const rule of [
      ':focus-visible { outline: 2px solid var(--accent);',
      "select:has(option:checked:not([value=''])) { border-color: var(--accent);",
      'a { color: var(--accent-strong);',
      "a[aria-current='true'] { color: var(--text); background: var(--accent-soft); box-shadow: inset 0 0 0 1px var(--accent);",
      'a.votes:hover { border-color: var(--accent);',
      'background: var(--accent-strong); color: var(--bg);',
    ]) {
      expect(folded).toContain(rule);
    }
  });
});
