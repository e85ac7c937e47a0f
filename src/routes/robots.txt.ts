import type { APIRoute } from 'astro';
import { getRoadmap } from '../route-data/roadmap.ts';
import { EMBED_DIR } from '../hosting/headers.ts';
import { siteRoot } from '../route-data/urls.ts';

export const GET: APIRoute = async () => {
  const { config, languages } = await getRoadmap();
  const root = siteRoot();
  // Each language has its own embed pages (/embed/, /de/embed/, …), each kept out.
  const embeds = languages.map((language) => `Disallow: ${language.root}${EMBED_DIR}/`);
  const rules = config.seo.index ? [`Allow: ${config.base}`, ...embeds] : ['Disallow: /'];
  return new Response(['User-agent: *', ...rules, '', `Sitemap: ${new URL('sitemap-index.xml', root)}`, ''].join('\n'), {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};
