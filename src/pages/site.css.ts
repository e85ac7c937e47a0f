import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { APIRoute } from 'astro';
import { getRoadmap } from '../site/astro/data.ts';
import { projectColoursCss } from '../site/project-colours.ts';
import { themeCss } from '../site/theme.ts';

/** The stylesheet made from data and config: the accent, one class per project colour, then the site owner's CSS. */
export const GET: APIRoute = async () => {
  const { config, projects } = await getRoadmap();
  const custom = config.theme.customCss ? await readFile(resolve(process.cwd(), config.theme.customCss), 'utf8') : '';
  return new Response(themeCss(config.theme, projectColoursCss(projects), custom), { headers: { 'content-type': 'text/css; charset=utf-8' } });
};
