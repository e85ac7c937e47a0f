import type { APIRoute } from 'astro';
import { issueFeeds } from '../../site/issue-feeds.ts';
import { roadmapFor } from '../../site/astro/data.ts';
import { feedsBundle } from '../../site/astro/feed-files.ts';
import { scopedFeeds } from '../../site/astro/scoped-feed.ts';
import { languagePaths } from '../../site/astro/static-paths.ts';

export const getStaticPaths = languagePaths;

/**
 * Every feed of the language (`issues/{id}/feed.xml`, `projects/{id}/rss.xml`, `teams/{slug}/rss.xml`), in one
 * internal bundle a build step turns into the files and deletes (src/site/astro/feed-files.ts). Built by
 * `astro build` only; `astro dev` answers each feed at its own address.
 */
export const GET: APIRoute = async (context) => {
  const roadmap = await roadmapFor(context.url);
  return feedsBundle({ issues: issueFeeds(roadmap, context.site), scoped: await scopedFeeds(roadmap, context.site) });
};
