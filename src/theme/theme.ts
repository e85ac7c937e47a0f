/**
 * The data-made stylesheet (`/site.css`): accent colour, project colours, then
 * the site owner's CSS, which wins.
 *
 * The accent colours the header rule, progress bars, focus rings, column
 * headers, the active filter, link hovers and buttons. Any hex colour is
 * allowed, so the accent is never used as it is where contrast matters: for
 * each scheme two variants are derived, mixed towards black (light scheme) or
 * white (dark scheme) only as far as needed:
 * - `--accent-ui` at least 3:1 against every background of the scheme
 *   (WCAG 1.4.11, non-text contrast: rules, rings, borders, bars);
 * - `--accent-text` at least 4.5:1 (WCAG 1.4.3, text: link hovers, button
 *   faces with the page background as their text colour).
 */
import type { RoadmapConfig } from '../config/roadmap-config.ts';

/** The backgrounds of each scheme in src/styles/tokens.css (`--bg`, `--surface`, `--card`); a unit test keeps them in step. */
export const SCHEME_BACKGROUNDS = {
  light: ['#ffffff', '#f5f6f8', '#ffffff'],
  dark: ['#0d1117', '#151a21', '#1c222b'],
} as const;

/** WCAG 2 minimum contrast ratios. */
export const UI_CONTRAST = 3;
export const TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (colour: Rgb) => `#${colour.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(colour: Rgb): number {
  const [r, g, b] = colour.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(rgb(a)), luminance(rgb(b))].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/**
 * `colour`, mixed towards black or white in small steps until it reaches
 * `minimum` contrast against every one of `backgrounds`; the colour itself
 * when it already does. Black and white always get there.
 */
export function withContrast(colour: string, backgrounds: readonly string[], minimum: number, towards: 'black' | 'white'): string {
  const from = rgb(colour);
  const target = towards === 'black' ? 0 : 255;
  for (let step = 0; step <= 50; step++) {
    const mixed = toHex(from.map((c) => c + ((target - c) * step) / 50) as Rgb);
    if (backgrounds.every((bg) => contrastRatio(mixed, bg) >= minimum)) return mixed;
  }
  return towards === 'black' ? '#000000' : '#ffffff';
}

/** The four accent variants: for non-text and text use, in each scheme. */
export function accentPalette(accent: string) {
  const colour = toHex(rgb(accent.toLowerCase()));
  return {
    ui: { light: withContrast(colour, SCHEME_BACKGROUNDS.light, UI_CONTRAST, 'black'), dark: withContrast(colour, SCHEME_BACKGROUNDS.dark, UI_CONTRAST, 'white') },
    text: { light: withContrast(colour, SCHEME_BACKGROUNDS.light, TEXT_CONTRAST, 'black'), dark: withContrast(colour, SCHEME_BACKGROUNDS.dark, TEXT_CONTRAST, 'white') },
  };
}

export function themeCss(theme: RoadmapConfig['theme'], projectColours: string, customCss: string): string {
  // The accent passed the config's hex check, and the variants are made here, so all of it is safe inside CSS.
  let accent = '';
  if (theme.accent) {
    const { ui, text } = accentPalette(theme.accent);
    accent = `:root{--accent-ui:light-dark(${ui.light},${ui.dark});--accent-text:light-dark(${text.light},${text.dark})}\n`;
  }
  // Family names alone passed the config's check (src/config/schemas/theme.ts): nothing in it ends the declaration.
  const font = theme.fontFamily ? `:root{--theme-font:${theme.fontFamily.trim()}}\n` : '';
  return `${accent}${font}${projectColours}\n${customCss ? `/* theme.customCss */\n${customCss}\n` : ''}`;
}
