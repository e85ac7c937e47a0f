/**
 * The event feed (src/feeds/site-feed.ts) of a part of the roadmap: a team's board, or a project. A build makes every one
 * of a language in one pass (`scopedFeeds`, into the feeds' bundle: src/integration/steps/feed-files.ts); `astro dev` answers one at a
 * time (src/routes/[...lang]/projects/[id]/rss.xml.ts, teams/[team]/rss.xml.ts).
 */
import { getRssString } from '@astrojs/rss';
import { escapeHtmlText, withoutBidiControls } from '../shared/text.ts';
import { feedItems } from '../feeds/site-feed.ts';
import { plainTextItems } from '../feeds/plain-text.ts';
import type { FeedFile } from '../feeds/issue-feeds.ts';
import { projectPath, teamPath } from '../view/paths.ts';
import type { RoadmapView } from '../view/roadmap-view.ts';
import { boardTeams, projectView, teamView } from '../view/team-board.ts';
import type { Roadmap } from './roadmap.ts';
import { titled } from '../i18n/joins.ts';

/** What one feed is of: `name`, the team's or project's; `path`, its page, whose `rss.xml` this is; `view`, its issues alone. */
export interface FeedScope {
  name: string;
  path: string;
  view: RoadmapView;
}

export const projectScope = (roadmap: Roadmap, projectId: string): FeedScope => {
  const view = projectView(roadmap, projectId);
  return { name: view.projectById.get(projectId)!.name, path: projectPath(projectId), view };
};

export const teamScope = (roadmap: Roadmap, team: string, slug: string): FeedScope => ({ name: team, path: teamPath(slug), view: teamView(roadmap, team) });

/** One feed's XML. `site`: the site's URL, which the language's root is resolved against. */
export function scopedFeed(site: URL | undefined, roadmap: Roadmap, { name, path, view }: FeedScope): Promise<string> {
  const root = new URL(roadmap.ui.root, site).toString();
  const title = withoutBidiControls(titled(roadmap.labels, name, roadmap.config.title));
  return getRssString({
    title,
    description: roadmap.config.description,
    site: new URL(path, root).toString(),
    items: plainTextItems(feedItems(view, roadmap.history, { ...roadmap.config, title }, roadmap.labels, root)),
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    // The feed's own address (RSS Best Practices: atom:link rel="self"); a URL's serialisation has no quote, & is escaped.
    customData: `<language>${roadmap.config.locale}</language><atom:link href="${escapeHtmlText(new URL(`${path}rss.xml`, root).toString())}" rel="self" type="application/rss+xml"/>`,
    trailingSlash: true,
  });
}

/** `astro dev`'s answer of one feed, as @astrojs/rss's own response types it. */
export const scopedFeedResponse = async (site: URL | undefined, roadmap: Roadmap, scope: FeedScope) =>
  new Response(await scopedFeed(site, roadmap, scope), { headers: { 'content-type': 'application/xml' } });

/** Every project's feed of one language, and every team's unless team boards are off (the same projects and teams as their pages). */
export async function scopedFeeds(roadmap: Roadmap, site: URL | undefined): Promise<FeedFile[]> {
  const scopes = [
    ...roadmap.projects.map((project) => projectScope(roadmap, project.id)),
    ...boardTeams(roadmap, roadmap.config.board.teamBoards).map(([team, slug]) => teamScope(roadmap, team, slug)),
  ];
  return Promise.all(scopes.map(async (scope) => ({ path: `${scope.path}rss.xml`, xml: await scopedFeed(site, roadmap, scope) })));
}
