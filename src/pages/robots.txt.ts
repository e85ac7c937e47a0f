import type { APIRoute } from 'astro';
import { getRoadmap } from '../site/astro/data.ts';
import { siteRoot } from '../site/astro/urls.ts';

export const GET: APIRoute = async (context) => {
  const { config } = await getRoadmap();
  const root = siteRoot(context.site);
  const rules = config.seo.index ? [`Allow: ${config.base}`, `Disallow: ${new URL('embed/', root).pathname}`] : ['Disallow: /'];
  return new Response(['User-agent: *', ...rules, '', `Sitemap: ${new URL('sitemap-index.xml', root)}`, ''].join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
