import type { APIRoute } from 'astro';
import { buildExport } from '../exports/roadmap-json.ts';
import { getRoadmap } from '../route-data/roadmap.ts';
import { siteRoot } from '../route-data/urls.ts';

export const GET: APIRoute = async () => {
  const roadmap = await getRoadmap();
  const data = buildExport(roadmap, {
    siteRoot: siteRoot(),
    title: roadmap.config.title,
    info: roadmap.info,
    descriptionHtml: roadmap.descriptionHtml,
    history: roadmap.history,
    noteDates: roadmap.noteDates,
    showUpvotes: roadmap.ui.showUpvotes,
  });
  return new Response(`${JSON.stringify(data, null, 1)}\n`, { headers: { 'content-type': 'application/json' } });
};
