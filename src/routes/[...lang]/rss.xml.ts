import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { feedItems } from '../../feeds/site-feed.ts';
import { plainTextItems } from '../../feeds/plain-text.ts';
import { escapeHtmlText } from '../../shared/text.ts';
import { roadmapFor } from '../../route-data/roadmap.ts';
import { noteFeedItems } from '../../route-data/shipped-feed.ts';
import { shippedRssItems } from '../../feeds/shipped-feed.ts';
import { languagePaths } from '../../route-data/static-paths.ts';

export const getStaticPaths = languagePaths;

/** One event feed per language: the same events and release notes, with that language's words and links to its pages. */
export const GET: APIRoute = async (context) => {
  const roadmap = await roadmapFor(context.url);
  const root = new URL(roadmap.ui.root, context.site).toString();
  return rss({
    title: roadmap.config.title,
    description: roadmap.config.description,
    site: root,
    items: plainTextItems(feedItems(roadmap, roadmap.history, roadmap.config, roadmap.labels, root, shippedRssItems(noteFeedItems(roadmap, root)))),
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    // The feed's own address (RSS Best Practices: atom:link rel="self"); a URL's serialisation has no quote, & is escaped.
    customData: `<language>${roadmap.config.locale}</language><atom:link href="${escapeHtmlText(new URL('rss.xml', root).toString())}" rel="self" type="application/rss+xml"/>`,
    trailingSlash: true,
  });
};
