import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { feedItems } from '../site/feed.ts';
import { getRoadmap } from '../site/astro/data.ts';
import { siteRoot } from '../site/astro/urls.ts';

export const GET: APIRoute = async (context) => {
  const roadmap = await getRoadmap();
  return rss({
    title: roadmap.config.title,
    description: roadmap.config.description,
    site: siteRoot(context.site),
    items: feedItems(roadmap, roadmap.history, roadmap.config, roadmap.labels, siteRoot(context.site)),
    trailingSlash: true,
  });
};
