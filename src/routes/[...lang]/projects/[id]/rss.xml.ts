import type { APIRoute } from 'astro';
import { roadmapFor } from '../../../../site/astro/data.ts';
import { projectScope, scopedFeedResponse } from '../../../../site/astro/scoped-feed.ts';
import { projectPaths, type ProjectPageProps } from '../../../../site/astro/static-paths.ts';

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
