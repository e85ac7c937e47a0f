import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { shippedFeed } from '../../../route-data/shipped-feed.ts';
import { shippedRssItems } from '../../../feeds/shipped-feed.ts';
import { plainTextItems } from '../../../feeds/plain-text.ts';
import { escapeHtmlText } from '../../../shared/text.ts';
import { languagePaths } from '../../../route-data/static-paths.ts';

export const getStaticPaths = languagePaths;

/** `/shipped/rss.xml`: one item per shipped issue (src/feeds/shipped-feed.ts), for RSS-to-e-mail services. */
export const GET: APIRoute = async (context) => {
  const { title, description, root, feedUrl, items, locale } = await shippedFeed(context, 'rss.xml');
  return rss({
    title,
    description,
    site: root,
    items: plainTextItems(shippedRssItems(items)),
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>${locale}</language><atom:link href="${escapeHtmlText(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    trailingSlash: true,
  });
};
