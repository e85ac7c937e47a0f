/** The data-made stylesheet (`/site.css`): accent colour, project colours, then the site owner's CSS, which wins. */
import type { RoadmapConfig } from '../config/roadmap-config.ts';

export function themeCss(theme: RoadmapConfig['theme'], projectColours: string, customCss: string): string {
  // The accent passed the config's hex check, so it is safe inside CSS.
  const accent = theme.accent ? `:root{--accent-ui:${theme.accent.toLowerCase()}}\n` : '';
  return `${accent}${projectColours}\n${customCss ? `/* theme.customCss */\n${customCss}\n` : ''}`;
}
