import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { feedItems } from '../../../../site/feed.ts';
import { teamView } from '../../../../site/team-board.ts';
import { teamPath } from '../../../../site/paths.ts';
import { escapeHtmlText } from '../../../../shared/text.ts';
import { roadmapFor } from '../../../../site/astro/data.ts';
import { teamPaths, type TeamPageProps } from '../../../../site/astro/static-paths.ts';

export const getStaticPaths = teamPaths;

/** `/teams/{slug}/rss.xml`: the event feed (src/site/feed.ts) of the team's issues alone. */
export const GET: APIRoute = async (context) => {
  const { team, slug } = context.props as TeamPageProps;
  const roadmap = await roadmapFor(context.url);
  const root = new URL(roadmap.ui.root, context.site).toString();
  const title = `${team} · ${roadmap.config.title}`;
  return rss({
    title,
    description: roadmap.config.description,
    site: new URL(teamPath(slug), root).toString(),
    items: feedItems(teamView(roadmap, team), roadmap.history, { ...roadmap.config, title }, roadmap.labels, root),
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: `<language>${roadmap.config.locale}</language><atom:link href="${escapeHtmlText(new URL(`${teamPath(slug)}rss.xml`, root).toString())}" rel="self" type="application/rss+xml"/>`,
    trailingSlash: true,
  });
};
