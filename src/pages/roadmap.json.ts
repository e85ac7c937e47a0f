import type { APIRoute } from 'astro';
import { buildExport } from '../lib/export.ts';
import { getRoadmap } from '../roadmap/data.ts';
import { siteRoot } from '../roadmap/urls.ts';

export const GET: APIRoute = async (context) => {
  const roadmap = await getRoadmap();
  const data = buildExport(roadmap, { siteRoot: siteRoot(context.site), title: roadmap.config.title, info: roadmap.info, descriptionHtml: roadmap.descriptionHtml });
  return new Response(`${JSON.stringify(data, null, 1)}\n`, { headers: { 'content-type': 'application/json' } });
};
