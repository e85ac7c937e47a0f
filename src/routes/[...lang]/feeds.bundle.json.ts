import type { APIRoute } from 'astro';
import { changedIssueFeeds } from '../../route-data/issue-feeds.ts';
import { roadmapFor } from '../../route-data/roadmap.ts';
import type { FeedsBundle } from '../../feeds/feeds-bundle.ts';
import { scopedFeeds } from '../../route-data/scoped-feed.ts';
import { languagePaths } from '../../route-data/static-paths.ts';

export const getStaticPaths = languagePaths;

/**
 * Every feed of the language (`issues/{id}/feed.xml`, `projects/{id}/rss.xml`, `teams/{slug}/rss.xml`) in its feeds'
 * bundle (src/feeds/feeds-bundle.ts), built by `astro build` only. An issue feed unchanged since the previous build is
 * left out: the build step links the previous one.
 */
export const GET: APIRoute = async (context) => {
  const roadmap = await roadmapFor(context.url);
  const bundle: FeedsBundle = { issues: changedIssueFeeds(roadmap, context.site), scoped: await scopedFeeds(roadmap, context.site) };
  return new Response(JSON.stringify(bundle), { headers: { 'content-type': 'application/json' } });
};
