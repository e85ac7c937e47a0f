import type { APIRoute } from 'astro';
import { buildExport } from '../site/export.ts';
import { getRoadmap } from '../site/astro/data.ts';
import { siteRoot } from '../site/astro/urls.ts';

export const GET: APIRoute = async () => {
  const roadmap = await getRoadmap();
  const data = buildExport(roadmap, {
    siteRoot: siteRoot(),
    title: roadmap.config.title,
    info: roadmap.info,
    descriptionHtml: roadmap.descriptionHtml,
    history: roadmap.history,
    showUpvotes: roadmap.ui.showUpvotes,
  });
  return new Response(`${JSON.stringify(data, null, 1)}\n`, { headers: { 'content-type': 'application/json' } });
};
