import { readFile } from 'node:fs/promises';
import type { APIRoute } from 'astro';
import { customCssFile } from '../config/roadmap-config.ts';
import settings from 'virtual:portal-roadmap/settings';
import { getRoadmap } from '../route-data/roadmap.ts';
import { projectColoursCss } from '../theme/project-colours.ts';
import { themeCss } from '../theme/theme.ts';

/** The stylesheet made from data and config: the accent, one class per project colour, then the site owner's CSS, which wins. */
export const GET: APIRoute = async () => {
  const { config, projects } = await getRoadmap();
  // Read from the path the config check resolved: a file inside the project, never one a symbolic link or `..` leads out to.
  const custom = config.theme.customCss ? await readFile(customCssFile(settings.projectRoot, config.theme.customCss), 'utf8') : '';
  return new Response(themeCss(config.theme, projectColoursCss(projects), custom), { headers: { 'content-type': 'text/css; charset=utf-8' } });
};
