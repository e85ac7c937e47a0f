/** Prints the settings' warnings (src/config/settings.ts) once per build, through Astro's logger, before any page is made. */
import type { AstroIntegration } from 'astro';

export function settingsWarnings(warnings: readonly string[]): AstroIntegration {
  return {
    name: 'portal-roadmap:settings',
    hooks: {
      'astro:config:setup': ({ logger }) => {
        for (const warning of warnings) logger.warn(warning);
      },
    },
  };
}
