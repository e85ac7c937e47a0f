/**
 * The roadmap's group in a Starlight site's sidebar (src/integration/starlight-sidebar.ts), on the route data's
 * fixture (test/fixtures/route-data/: English and German below `/roadmap`, issues of the teams Mobile and Web and
 * two projects on the board): its links in the page's language, and the page being shown marked current (Starlight renders
 * `isCurrent` as `aria-current="page"`), on every page of the changelog too. Expected values are the fixture's and
 * the translation files', written out here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StarlightRouteData } from '@astrojs/starlight/route-data';
import { describe, expect, it } from 'vitest';
import { roadmapFor } from '../../../src/route-data/roadmap.ts';
import { onRequest, roadmapGroup } from '../../../src/integration/starlight-sidebar.ts';
import { PROJECT_ROOT } from '../../support/build-site.ts';
import { FIXTURE_SITE } from '../../support/route-data/fixture.ts';

type SidebarEntry = StarlightRouteData['sidebar'][number];
const words = (lang: string) => JSON.parse(readFileSync(join(PROJECT_ROOT, `src/i18n/translations/${lang}.json`), 'utf8')) as Record<string, string>;
const english = words('en');
const german = words('de');

/** The group for the page at `pathname`, as label, href and whether it is current, a nested group as its label and entries. */
async function sidebarAt(pathname: string) {
  const group = roadmapGroup(await roadmapFor(new URL(pathname, FIXTURE_SITE)), pathname);
  return outline(group);
}
const outline = (entry: SidebarEntry): unknown =>
  entry.type === 'link' ? [entry.label, entry.href, entry.isCurrent] : { group: entry.label, entries: entry.entries.map(outline) };

/**
 * The group as the fixture's English pages give it, with the page `current` marked: the board, the Shipped page, the
 * board's list of projects (a part of the board, never current), the changelog, and each team's board.
 */
const englishGroup = (current?: 'board' | 'shipped' | 'changelog' | 'mobile' | 'web') => ({
  group: 'Fixture roadmap',
  entries: [
    [english.board, '/roadmap/', current === 'board'],
    [english.shipped, '/roadmap/shipped/', current === 'shipped'],
    [english.projects, '/roadmap/#projects-heading', false],
    [english.changelog, '/roadmap/changelog/', current === 'changelog'],
    {
      group: english.teamBoards,
      entries: [
        ['Mobile', '/roadmap/teams/mobile/', current === 'mobile'],
        ['Web', '/roadmap/teams/web/', current === 'web'],
      ],
    },
  ],
});

describe("the roadmap's sidebar group", () => {
  it('links the board, the Shipped page, the projects, the changelog and each team’s board, and marks the page shown current', async () => {
    expect(await sidebarAt('/roadmap/')).toEqual(englishGroup('board'));
    expect(await sidebarAt('/roadmap/shipped/')).toEqual(englishGroup('shipped'));
  });

  it('marks the changelog current on each of its pages, the first and the later ones', async () => {
    for (const page of ['/roadmap/changelog/', '/roadmap/changelog/2/', '/roadmap/changelog/3/']) expect(await sidebarAt(page), page).toEqual(englishGroup('changelog'));
  });

  it('marks a team’s board current on it, and nothing on an issue page or a page of the docs', async () => {
    expect(await sidebarAt('/roadmap/teams/web/')).toEqual(englishGroup('web'));
    expect(await sidebarAt('/roadmap/issues/issue-a/')).toEqual(englishGroup());
    expect(await sidebarAt('/guides/getting-started/')).toEqual(englishGroup());
  });

  it('is in German on a German page, its links to the German pages, the changelog’s second page current', async () => {
    expect(await sidebarAt('/roadmap/de/changelog/2/')).toEqual({
      group: 'Fixture roadmap',
      entries: [
        [german.board, '/roadmap/de/', false],
        [german.shipped, '/roadmap/de/shipped/', false],
        [german.projects, '/roadmap/de/#projects-heading', false],
        [german.changelog, '/roadmap/de/changelog/', true],
        {
          group: german.teamBoards,
          entries: [
            ['Mobile', '/roadmap/de/teams/mobile/', false],
            ['Web', '/roadmap/de/teams/web/', false],
          ],
        },
      ],
    });
  });

  it('has no group of team boards with board.teamBoards: false', async () => {
    const roadmap = await roadmapFor(new URL('/roadmap/', FIXTURE_SITE));
    const withoutTeamBoards = { ...roadmap, config: { ...roadmap.config, board: { ...roadmap.config.board, teamBoards: false } } };
    expect(outline(roadmapGroup(withoutTeamBoards, '/roadmap/'))).toEqual({ group: 'Fixture roadmap', entries: englishGroup('board').entries.slice(0, -1) });
  });

  it("comes after the site's own sidebar entries, which stay as they were", async () => {
    const own: SidebarEntry = { type: 'link', label: 'Guides', href: '/guides/', isCurrent: false, badge: undefined, attrs: {} };
    const starlightRoute = { sidebar: [own] } as unknown as StarlightRouteData;
    const url = new URL('/roadmap/changelog/2/', FIXTURE_SITE);
    await onRequest({ locals: { starlightRoute }, url } as unknown as Parameters<typeof onRequest>[0], async () => {});
    expect(starlightRoute.sidebar[0]).toBe(own);
    expect(starlightRoute.sidebar.slice(1).map(outline)).toEqual([englishGroup('changelog')]);
  });
});
