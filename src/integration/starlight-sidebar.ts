/**
 * Starlight route middleware (added by the `portal-roadmap/starlight` plugin, ./starlight.ts): every page of the
 * Starlight site, docs and roadmap alike, gets a sidebar group of the roadmap's after the team's own entries: the
 * roadmap's own pages as its header lists them (the board, what shipped), the board's projects when there are any,
 * the changelog and, when there are team boards, a group of them, in the page's language for a roadmap
 * page (the main language elsewhere), the page being shown marked current. Made at render time because the teams
 * come from the data, which Starlight's config, set before the data is read, cannot know.
 */
import { defineRouteMiddleware, type StarlightRouteData } from '@astrojs/starlight/route-data';
import { roadmapFor, type Roadmap } from '../route-data/roadmap.ts';
import { boardTeams } from '../view/team-board.ts';
import { CHANGELOG_DIR, changelogPath, teamPath } from '../view/paths.ts';
import { headerNav } from '../route-data/site-header.ts';

type SidebarEntry = StarlightRouteData['sidebar'][number];

export const onRequest = defineRouteMiddleware(async (context) => {
  // Typed by Starlight's global types, which a project that uses the plugin has (its `starlight()` import loads them).
  const route = (context.locals as { starlightRoute: StarlightRouteData }).starlightRoute;
  route.sidebar = [...route.sidebar, roadmapGroup(await roadmapFor(context.url), context.url.pathname)];
});

/** The roadmap's sidebar group, for the page at `pathname`. */
export function roadmapGroup({ config, labels, ui, teamSlugs, projects }: Roadmap, pathname: string): SidebarEntry {
  const link = (label: string, href: string, isCurrent = pathname === href): SidebarEntry => ({ type: 'link', label, href, isCurrent, badge: undefined, attrs: {} });
  const group = (label: string, entries: SidebarEntry[]): SidebarEntry => ({ type: 'group', label, entries, collapsed: false, badge: undefined });
  const changelog = ui.href(changelogPath());
  const teamLinks = boardTeams({ teamSlugs }, config.board.teamBoards).map(([team, slug]) => link(team, ui.href(teamPath(slug))));
  return group(config.title, [
    ...headerNav({ ui, labels }).map((item) => link(item.label, item.href)),
    // The board's list of projects (ProjectList.astro), a part of the board's page: never the page shown.
    ...(projects.length > 0 ? [link(labels.projects, `${ui.root}#projects-heading`, false)] : []),
    link(labels.changelog, changelog, pathname.startsWith(ui.href(`${CHANGELOG_DIR}/`))),
    ...(teamLinks.length > 0 ? [group(labels.teamBoards, teamLinks)] : []),
  ]);
}
