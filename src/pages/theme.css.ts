import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { APIRoute } from 'astro';
import { getRoadmap } from '../roadmap/data.ts';
import { themeCss } from '../lib/theme.ts';

/** The configured accent colour, then the site owner's own stylesheet, if any. */
export const GET: APIRoute = async () => {
  const { config } = await getRoadmap();
  const custom = config.theme.customCss ? await readFile(resolve(process.cwd(), config.theme.customCss), 'utf8') : '';
  return new Response(themeCss(config.theme, custom), { headers: { 'content-type': 'text/css; charset=utf-8' } });
};
