/**
 * A board per team, on the demo fixture: a page, a feed and an embed for each team with an issue on the site,
 * linked from the main board and listed in the sitemap (the embed not); and a feed per project, whose page is its
 * board. Turned off (`board.teamBoards: false`), no team has a board, an embed or a feed: checked through the route
 * data of a site with teams (test/unit/route-data/roadmap.test.ts), as the snapshot fixture, which turns them off,
 * hides every issue's team and so has no team to show.
 * Which teams and issues there are comes from the demo workspace's file and roadmap.json, not from the code
 * that makes the boards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, inject, it } from 'vitest';
import { slugify } from '../../src/shared/text.ts';
import { listFiles, readPage } from '../support/build-site.ts';

const fixtures = inject('fixtures');
const outDir = fixtures.demo.outDir;
const exported = JSON.parse(readFileSync(join(outDir, 'roadmap.json'), 'utf8')) as {
  issues: { id: string; url: string; team: string | null; column: string; projectId: string | null }[];
  projects: { id: string; url: string }[];
};
const demo = JSON.parse(readFileSync(join(import.meta.dirname, '../../src/data/demo/portal.json'), 'utf8')) as {
  issues: { team: string | null; isVisible: boolean; isDeleted: boolean; status: string }[];
};
/** The demo's teams with an issue on the site (visible, not deleted, not canceled: the hidden column). */
const teams = [...new Set(demo.issues.filter((i) => i.isVisible && !i.isDeleted && i.status !== 'Canceled' && i.team).map((i) => i.team!))].sort();
const xml = (file: string) => new JSDOM(readFileSync(join(outDir, file), 'utf8'), { contentType: 'application/xml' }).window.document;

describe('team boards', () => {
  it('has a board for each team with an issue on the site, linked from the main board', () => {
    expect(teams).toEqual(['Mobile', 'Platform', 'Web']);
    expect(listFiles(outDir).filter((file) => /^teams\/[^/]+\/index\.html$/.test(file))).toHaveLength(teams.length);
    const links = [...readPage(outDir, 'index.html').querySelectorAll('.team-links a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual(teams.map((team) => [team, `/teams/${slugify(team)}/`]));
  });

  it("shows each team's issues and no other, in the site's columns, with counts of the team's", () => {
    for (const team of teams) {
      const page = readPage(outDir, `teams/${slugify(team)}/index.html`);
      expect(page.querySelector('h1')?.textContent).toBe(team);
      const own = exported.issues.filter((issue) => issue.team === team);
      const cards = [...page.querySelectorAll('[data-card]')];
      // At most 20 cards a column (cardsPerColumn), and the demo's teams have fewer.
      expect(cards.map((card) => card.getAttribute('data-team'))).toEqual(own.map(() => team));
      expect(cards.map((card) => new URL(card.querySelector('.card-title a')!.getAttribute('href')!, 'https://roadmap.example.com').pathname).sort()).toEqual(
        own.map((issue) => new URL(issue.url).pathname).sort(),
      );
      // Every card is the board's team's: none repeats it, where the main board names each card's team.
      expect(cards.filter((card) => card.querySelector('.team'))).toEqual([]);
      for (const column of page.querySelectorAll('section.column')) {
        const id = column.getAttribute('data-column');
        expect(column.querySelector('[data-count]')?.textContent, `${team} ${id}`).toBe(String(own.filter((issue) => issue.column === id).length));
      }
    }
  });

  it("names the team on the main board's cards", () => {
    const cards = [...readPage(outDir, 'index.html').querySelectorAll('[data-card]')];
    const withTeam = cards.filter((card) => card.getAttribute('data-team'));
    expect(withTeam.length).toBeGreaterThan(0);
    expect(withTeam.map((card) => card.querySelector('.team bdi')?.textContent)).toEqual(withTeam.map((card) => card.getAttribute('data-team')));
  });

  it("has a feed of the team's issues alone, and an embed with no script of its own", () => {
    for (const team of teams) {
      const slug = slugify(team);
      const own = new Set(exported.issues.filter((issue) => issue.team === team).map((issue) => new URL(issue.url).pathname));
      const links = [...xml(`teams/${slug}/rss.xml`).querySelectorAll('item > link')].map((link) => new URL(link.textContent!).pathname);
      // Every item but the roadmap's start (the site root) is about one of the team's issues.
      expect(links.filter((path) => path !== '/' && !own.has(path))).toEqual([]);
      expect(links.filter((path) => own.has(path)).length).toBeGreaterThan(0);
      const embed = readPage(outDir, `embed/teams/${slug}/index.html`);
      expect(embed.querySelectorAll('[data-card]')).toHaveLength(own.size);
    }
  });

  it("gives each project a feed of its own and its issues' news alone", () => {
    expect(exported.projects.length).toBeGreaterThan(0);
    for (const project of exported.projects) {
      const page = new URL(project.url).pathname;
      const own = new Set([page, ...exported.issues.filter((issue) => issue.projectId === project.id).map((issue) => new URL(issue.url).pathname)]);
      const links = [...xml(`${page.slice(1)}rss.xml`).querySelectorAll('item > link')].map((link) => new URL(link.textContent!).pathname);
      expect(
        links.filter((path) => path !== '/' && !own.has(path)),
        project.id,
      ).toEqual([]);
      expect(readPage(outDir, `${page.slice(1)}index.html`).querySelector(`link[rel="alternate"][href="${page}rss.xml"]`), project.id).not.toBeNull();
    }
  });

  it('lists the team boards in the sitemap, and not their embeds', () => {
    const locations = [...xml('sitemap-0.xml').querySelectorAll('loc')].map((loc) => new URL(loc.textContent!).pathname);
    expect(locations.filter((path) => path.startsWith('/teams/')).sort()).toEqual(teams.map((team) => `/teams/${slugify(team)}/`));
    expect(locations.filter((path) => path.startsWith('/embed/'))).toEqual([]);
  });
});
