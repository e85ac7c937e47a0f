import type { APIRoute } from 'astro';
import { roadmapFor } from '../../../../route-data/roadmap.ts';
import { projectScope, scopedFeedResponse } from '../../../../route-data/scoped-feed.ts';
import { projectPaths, type ProjectPageProps } from '../../../../route-data/static-paths.ts';

export const getStaticPaths = projectPaths;

/**
 * `/projects/{id}/rss.xml`, the event feed of the project and its issues alone, in `astro dev` only. A build writes
 * the same files from one bundle a language (../../feeds.bundle.json.ts).
 */
export const GET: APIRoute = async (context) => {
  const { project } = context.props as ProjectPageProps;
  const roadmap = await roadmapFor(context.url);
  return scopedFeedResponse(context.site, roadmap, projectScope(roadmap, project!.id));
};
