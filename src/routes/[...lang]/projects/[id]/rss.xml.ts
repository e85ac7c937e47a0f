import type { APIRoute } from 'astro';
import { projectView } from '../../../../site/team-board.ts';
import { projectPath } from '../../../../site/paths.ts';
import { roadmapFor } from '../../../../site/astro/data.ts';
import { scopedFeed } from '../../../../site/astro/scoped-feed.ts';
import { projectPaths, type ProjectPageProps } from '../../../../site/astro/static-paths.ts';

export const getStaticPaths = projectPaths;

/** `/projects/{id}/rss.xml`: the event feed of the project and its issues alone. */
export const GET: APIRoute = async (context) => {
  const { project } = context.props as ProjectPageProps;
  const roadmap = await roadmapFor(context.url);
  return scopedFeed(context, roadmap, { name: project!.name, path: projectPath(project!.id), view: projectView(roadmap, project!.id) });
};
