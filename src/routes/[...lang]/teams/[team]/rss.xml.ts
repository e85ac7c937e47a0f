import type { APIRoute } from 'astro';
import { roadmapFor } from '../../../../route-data/roadmap.ts';
import { scopedFeedResponse, teamScope } from '../../../../route-data/scoped-feed.ts';
import { teamPaths, type TeamPageProps } from '../../../../route-data/static-paths.ts';

export const getStaticPaths = teamPaths;

/**
 * `/teams/{slug}/rss.xml`, the event feed of the team's issues alone, in `astro dev` only. A build writes the same
 * files from one bundle a language (../../feeds.bundle.json.ts).
 */
export const GET: APIRoute = async (context) => {
  const { team, slug } = context.props as TeamPageProps;
  const roadmap = await roadmapFor(context.url);
  return scopedFeedResponse(context.site, roadmap, teamScope(roadmap, team, slug));
};
