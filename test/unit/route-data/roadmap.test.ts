/**
 * What src/route-data/ gives the routes, without a build: the unit project's Vite config provides its Astro
 * modules (`virtual:portal-roadmap/settings`, `astro:content`) from the fixture of test/fixtures/route-data/
 * (test/support/route-data/fixture.ts), as Starlight tests its route data. The fixture: a site in English and
 * German below `/roadmap`, with share cards; four issues on the board (one with a Japanese title, which the cards'
 * fonts cannot draw), one in a hidden column, two projects, and a history in which an issue and a project left.
 * Expected values are the fixture's, written out here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ROADMAP_BASE } from '../../../src/route-data/base.ts';
import { getRoadmap, languageParams, roadmapFor } from '../../../src/route-data/roadmap.ts';
import { scopedFeeds } from '../../../src/route-data/scoped-feed.ts';
import { cardPaths, shareCardUrl, siteImage } from '../../../src/route-data/share-cards.ts';
import { shippedFeed } from '../../../src/route-data/shipped-feed.ts';
import {
  embedProjectPaths,
  embedTeamPagePaths,
  issuePagePaths,
  issuePaths,
  languagePaths,
  projectPagePaths,
  teamPagePaths,
  teamPaths,
} from '../../../src/route-data/static-paths.ts';
import { siteRoot } from '../../../src/route-data/urls.ts';
import { CARD_HEIGHT, CARD_WIDTH } from '../../../src/share-cards/share-card.ts';
import { boardTeams, teamColumns, teamView } from '../../../src/view/team-board.ts';
import { PROJECT_ROOT } from '../../support/build-site.ts';
import { CUT_PROJECT, FIXTURE_SITE } from '../../support/route-data/fixture.ts';

const ON_THE_BOARD = ['issue-a', 'issue-b', 'issue-c', 'issue-d'];
const LEFT_AT = '2026-10-01T09:00:00.000Z';
const ROOT = `${FIXTURE_SITE}/roadmap/`;
const german = JSON.parse(readFileSync(join(PROJECT_ROOT, 'src/i18n/translations/de.json'), 'utf8')) as Record<string, string>;

// The build log's warnings, kept to be checked (the share cards warn once a build, when first worked out).
const warnings: string[] = [];
let warn: MockInstance<typeof console.warn>;
beforeAll(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
});
afterAll(() => warn.mockRestore());

/** Each path's language and id, the main language as `en`, sorted. */
const byLanguage = (paths: { params: { lang?: string | undefined; id?: string; team?: string } }[]) =>
  paths.map(({ params }) => `${params.lang ?? 'en'} ${params.id ?? params.team}`).sort();
const inBoth = (ids: string[]) => ['de', 'en'].flatMap((lang) => ids.map((id) => `${lang} ${id}`)).sort();

describe('the roadmap of a page', () => {
  it('is in the language of the page’s address, below the base path', async () => {
    const de = await roadmapFor(new URL(`${ROOT}de/issues/issue-a/`));
    expect(de).toBe(await getRoadmap('de'));
    expect(de.ui.root).toBe('/roadmap/de/');
    expect(de.ui.href('issues/issue-a/')).toBe('/roadmap/de/issues/issue-a/');
    expect(de.config.description).toBe(german.siteDescription);
    const en = await roadmapFor(new URL(`${ROOT}issues/issue-a/`));
    expect(en).toBe(await getRoadmap());
    expect(en.ui.root).toBe('/roadmap/');
    expect(en.config.title).toBe('Fixture roadmap');
  });

  it('ends a description cut at the length limit with the config’s note in the page’s language', async () => {
    const config = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/fixtures/route-data/roadmap.config.json'), 'utf8')) as {
      labels: { descriptionTruncated: { en: string; de: string } };
    };
    const { en, de } = config.labels.descriptionTruncated;
    const note = (text: string) => `<p><em>${text}</em></p>\n`;
    const english = (await getRoadmap()).descriptionHtml('projects', CUT_PROJECT);
    const germanPage = (await getRoadmap('de')).descriptionHtml('projects', CUT_PROJECT);
    expect(english.endsWith(note(en)), english.slice(-200)).toBe(true);
    expect(germanPage.endsWith(note(de)), germanPage.slice(-200)).toBe(true);
    expect(germanPage).not.toContain(en);
    // The same description, cut at the same place.
    expect(germanPage.slice(0, -note(de).length)).toBe(english.slice(0, -note(en).length));
  });

  it('shows the issues of visible columns only, with their rendered descriptions', async () => {
    const roadmap = await getRoadmap();
    expect(roadmap.issues.map((issue) => issue.id).sort()).toEqual(ON_THE_BOARD);
    expect(roadmap.columns.map((column) => column.id)).toEqual(['planned', 'in-progress', 'done']);
    expect(roadmap.descriptionHtml('issues', 'issue-a')).toContain('<strong>without</strong>');
    expect(roadmap.descriptionHtml('projects', 'proj-offline')).toContain('<strong>Offline mode</strong>');
  });

  it('tells what left since the history’s last run, and what shipped', async () => {
    const roadmap = await getRoadmap();
    expect(Object.fromEntries(roadmap.history.left.issues)).toEqual({ 'issue-gone': LEFT_AT });
    expect(Object.fromEntries(roadmap.history.left.projects)).toEqual({ 'proj-gone': LEFT_AT });
    // issue-c is done, and the history has not seen it before this run: shipped "at least" by the earlier of the
    // run's date (2026-11-20T09:00) and its own updatedAt in the fixture's portal.json, which is the earlier.
    const portal = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/route-data/portal.json'), 'utf8')) as { issues: { id: string; updatedAt: string }[] };
    const updatedAt = portal.issues.find((issue) => issue.id === 'issue-c')!.updatedAt;
    expect(updatedAt < '2026-11-20T09:00:00.000Z').toBe(true);
    expect(roadmap.changelog).toEqual([{ kind: 'issue', id: 'issue-c', at: updatedAt, atLeast: true }]);
    expect((await getRoadmap('de')).columnLabel('a-column-since-removed')).toBe(german.columnEarlier);
  });

  it('refuses a language the config does not list, naming the ones it does', async () => {
    await expect(getRoadmap('fr')).rejects.toThrow('No language "fr" in locales (en, de).');
  });
});

describe('the pages of each language', () => {
  it('are one per language, the main one at the root', () => {
    expect(languagePaths()).toEqual([{ params: { lang: undefined } }, { params: { lang: 'de' } }]);
  });

  it('give each issue on the board a page, and a tombstone to the one that left', async () => {
    const paths = await issuePagePaths();
    expect(byLanguage(paths)).toEqual(inBoth([...ON_THE_BOARD, 'issue-gone']));
    expect(paths.filter(({ props }) => props.goneSince).map(({ params, props }) => [params.lang, props.goneSince])).toEqual([
      [undefined, LEFT_AT],
      ['de', LEFT_AT],
    ]);
    // Each issue's feed goes with its page.
    expect(byLanguage(await issuePaths())).toEqual(byLanguage(paths));
  });

  it('give each project a page, a tombstone to the one that left, and no embed to it', async () => {
    expect(byLanguage(await projectPagePaths())).toEqual(inBoth(['proj-billing', 'proj-gone', 'proj-offline']));
    expect(byLanguage(await embedProjectPaths())).toEqual(inBoth(['proj-billing', 'proj-offline']));
  });

  it('give a board to each team with an issue on the site, and none to a team whose issues are hidden', async () => {
    expect(byLanguage(await teamPagePaths())).toEqual(inBoth(['mobile', 'web']));
    expect(byLanguage(await embedTeamPagePaths())).toEqual(inBoth(['mobile', 'web']));
  });

  it('show on a team’s board every column of the site, with the team’s issues alone', async () => {
    const roadmap = await getRoadmap();
    const web = teamColumns(roadmap, 'Web').map((column) => [column.id, column.issues.map((issue) => issue.id).sort()]);
    expect(web).toEqual([
      ['planned', ['issue-b', 'issue-d']],
      ['in-progress', []],
      ['done', []],
    ]);
    expect(
      teamView(roadmap, 'Mobile')
        .issues.map((issue) => issue.id)
        .sort(),
    ).toEqual(['issue-a', 'issue-c']);
    expect(boardTeams(roadmap, false)).toEqual([]);
  });

  it('give no team a board, an embed or a feed with board.teamBoards off, though its teams have issues', async () => {
    // The fixture's teams have issues (above); each language's roadmap is given the config of a site that turns team
    // boards off, as its settings would, and its own config back afterwards.
    const roadmaps = await Promise.all(languageParams().map(({ lang }) => getRoadmap(lang)));
    const configs = roadmaps.map((roadmap) => roadmap.config);
    for (const roadmap of roadmaps) roadmap.config = { ...roadmap.config, board: { ...roadmap.config.board, teamBoards: false } };
    try {
      expect(await teamPagePaths()).toEqual([]);
      expect(await embedTeamPagePaths()).toEqual([]);
      expect(await teamPaths()).toEqual([]);
      const feeds = (await scopedFeeds(roadmaps[0]!, new URL(FIXTURE_SITE))).map((feed) => feed.path);
      expect(feeds.sort()).toEqual(['projects/proj-billing/rss.xml', 'projects/proj-offline/rss.xml']);
    } finally {
      roadmaps.forEach((roadmap, index) => (roadmap.config = configs[index]!));
    }
  });
});

describe('share cards', () => {
  it('are drawn for the items the cards’ fonts can draw, one card for every language', async () => {
    expect((await cardPaths('issues')).map(({ params }) => params.id).sort()).toEqual(['issue-a', 'issue-b', 'issue-c']);
    expect((await cardPaths('projects')).map(({ params }) => params.id).sort()).toEqual(['proj-billing', 'proj-offline']);
    expect(await shareCardUrl('issues', 'issue-a')).toBe(`${ROOT}og/issues/issue-a.png`);
    expect(await shareCardUrl('issues', 'issue-d')).toBeUndefined();
    const cardWarnings = warnings.filter((message) => message.includes('[portal-roadmap:share-cards]'));
    expect(cardWarnings).toHaveLength(1);
    expect(cardWarnings[0]).toContain('1 of the issues have no share card');
  });

  it('give each language whose words differ a site card of its own', async () => {
    expect((await cardPaths('site')).map(({ params }) => params.lang)).toEqual([undefined, 'de']);
    expect(await siteImage(await getRoadmap('de'))).toEqual({ url: `${ROOT}og/de/site.png`, width: CARD_WIDTH, height: CARD_HEIGHT, alt: 'Fixture roadmap' });
    expect((await siteImage(await getRoadmap()))?.url).toBe(`${ROOT}og/site.png`);
  });
});

describe('feeds', () => {
  it('give each project and team of a language a feed with its own address', async () => {
    const feeds = await scopedFeeds(await getRoadmap('de'), new URL(FIXTURE_SITE));
    expect(feeds.map((feed) => feed.path).sort()).toEqual(['projects/proj-billing/rss.xml', 'projects/proj-offline/rss.xml', 'teams/mobile/rss.xml', 'teams/web/rss.xml']);
    const offline = feeds.find((feed) => feed.path === 'projects/proj-offline/rss.xml')!.xml;
    expect(offline).toContain('<title>Offline mode · Fixture roadmap</title>');
    expect(offline).toContain(`<atom:link href="${ROOT}de/projects/proj-offline/rss.xml" rel="self"`);
    expect(offline).toContain('<language>de</language>');
  });

  it('of shipped issues list what shipped, in the language of the address', async () => {
    const context = { url: new URL(`${ROOT}de/shipped/rss.xml`), site: new URL(FIXTURE_SITE) } as APIContext;
    const feed = await shippedFeed(context, 'rss.xml');
    expect(feed.feedUrl).toBe(`${ROOT}de/shipped/rss.xml`);
    expect(feed.title).toBe(`${german.shippedIssues} · Fixture roadmap`);
    expect(feed.items.map((item) => item.title)).toEqual(['Sync photos later']);
  });
});

describe('addresses', () => {
  it('are below the base path of the config, on the site of the environment', () => {
    expect(ROADMAP_BASE).toBe('/roadmap');
    expect(siteRoot()).toBe(ROOT);
  });
});
