import type { APIRoute } from 'astro';
import { teamView } from '../../../../site/team-board.ts';
import { teamPath } from '../../../../site/paths.ts';
import { roadmapFor } from '../../../../site/astro/data.ts';
import { scopedFeed } from '../../../../site/astro/scoped-feed.ts';
import { teamPaths, type TeamPageProps } from '../../../../site/astro/static-paths.ts';

export const getStaticPaths = teamPaths;

/** `/teams/{slug}/rss.xml`: the event feed of the team's issues alone. */
export const GET: APIRoute = async (context) => {
  const { team, slug } = context.props as TeamPageProps;
  const roadmap = await roadmapFor(context.url);
  return scopedFeed(context, roadmap, { name: team, path: teamPath(slug), view: teamView(roadmap, team) });
};
