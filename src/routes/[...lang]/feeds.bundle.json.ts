import type { APIRoute } from 'astro';
import { changedIssueFeeds } from '../../route-data/issue-feeds.ts';
import { roadmapFor } from '../../route-data/roadmap.ts';
import { feedsBundle } from '../../integration/steps/feed-files.ts';
import { scopedFeeds } from '../../route-data/scoped-feed.ts';
import { languagePaths } from '../../route-data/static-paths.ts';

export const getStaticPaths = languagePaths;

/**
 * Every feed of the language (`issues/{id}/feed.xml`, `projects/{id}/rss.xml`, `teams/{slug}/rss.xml`), in one
 * internal bundle a build step turns into the files and deletes (src/integration/steps/feed-files.ts). Built by
 * `astro build` only; `astro dev` answers each feed at its own address. An issue feed unchanged since the previous
 * build is left out: the build step links the previous one.
 */
export const GET: APIRoute = async (context) => {
  const roadmap = await roadmapFor(context.url);
  return feedsBundle({ issues: changedIssueFeeds(roadmap, context.site), scoped: await scopedFeeds(roadmap, context.site) });
};
