/** The theme stylesheet: the accent colour as a custom property, then the site owner's CSS. */
import type { RoadmapConfig } from './config.ts';

export function themeCss(theme: RoadmapConfig['theme'], customCss: string): string {
  // The accent passed the config's hex check, so it is safe inside CSS.
  const accent = theme.accent ? `:root{--accent-ui:${theme.accent.toLowerCase()}}\n` : '';
  return `${accent}${customCss ? `/* theme.customCss */\n${customCss}\n` : ''}`;
}
