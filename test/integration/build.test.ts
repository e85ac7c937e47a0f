/**
 * What lands in the output of the fixture sites the global setup built
 * (test/support/fixtures.ts): against a portal that pages with take 10, from
 * a snapshot, and the bundled demo; and one real build that fails, to show
 * its exit code and message reach the user.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { pageSlug } from '../../src/view/paths.ts';
import { buildSite, listFiles, readPage, type BuildResult } from '../support/build-site.ts';
import { TEST_SITE } from '../support/fixtures.ts';
import { declinedIssueIds, DELETED_MARKER, GONE_PROJECT_ID, HIDDEN_MARKER, SCENARIOS, siteIssueIds, UNMAPPED_STATUS } from '../support/scenarios.ts';

const apiUrl = inject('portalApiUrl');
const fixtures = inject('fixtures');
const projectIds = [...Object.keys(SCENARIOS['ws-paged'].projects)];
const visible = siteIssueIds();

function expectEveryPage(build: BuildResult, shown = visible) {
  expect(build.code, build.output).toBe(0);
  for (const id of shown) expect(existsSync(join(build.outDir, 'issues', pageSlug(id), 'index.html')), `issue ${id}`).toBe(true);
  for (const id of projectIds) expect(existsSync(join(build.outDir, 'projects', pageSlug(id), 'index.html')), `project ${id}`).toBe(true);
  // One page per issue (each with its Atom feed beside it), and no other.
  expect(listFiles(build.outDir).filter((f) => f.startsWith('issues/') && f.endsWith('/index.html'))).toHaveLength(shown.length);
  expect(listFiles(build.outDir).filter((f) => f.startsWith('issues/') && f.endsWith('/feed.xml'))).toHaveLength(shown.length);
}

function expectNoHiddenContent(outDir: string) {
  for (const file of listFiles(outDir)) {
    const text = readFileSync(join(outDir, file), 'utf8');
    expect(text, file).not.toContain(HIDDEN_MARKER);
    expect(text, file).not.toContain(DELETED_MARKER);
  }
  expect(existsSync(join(outDir, 'issues/hidden-1'))).toBe(false);
  expect(existsSync(join(outDir, 'issues/deleted-1'))).toBe(false);
}

describe('build against a portal that pages with take 10', () => {
  const build = fixtures.paged;

  it('produces a page for every visible issue and every project', () => expectEveryPage(build));

  it('publishes hidden and deleted issues nowhere', () => expectNoHiddenContent(build.outDir));

  it('shows every visible issue on the board, an unmapped status in a column of its own', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.querySelectorAll('.card')).toHaveLength(visible.length);
    // Each heading: its label, then how a screen reader counts it ("(1)" on screen is aria-hidden), in the singular for one.
    const headings = [...board.querySelectorAll('.column-title')].map((h) => `${h.firstChild?.textContent?.trim()}: ${h.querySelector('[data-count-label]')?.textContent}`);
    expect(headings, JSON.stringify(headings)).toContain(`${UNMAPPED_STATUS}: 1 issue`);
    expect(board.querySelectorAll('.project-card')).toHaveLength(projectIds.length);
    expect(board.querySelectorAll('progress')).toHaveLength(projectIds.length);
  });

  it('names the unmapped status and the 404 project in the build log, once each', () => {
    expect(build.output).toContain(`Status(es) no column lists, each shown in a column of its own: "${UNMAPPED_STATUS}"`);
    expect(build.output.match(new RegExp(`answered 404.*${GONE_PROJECT_ID}`, 'g'))).toHaveLength(1);
  });

  it('marks a completed project in the changelog as a project, dated or not', () => {
    const changelog = readPage(build.outDir, 'changelog/index.html');
    const projects = [...changelog.querySelectorAll('main li')].filter((li) => li.querySelector(':scope > a:first-child')?.getAttribute('href')?.startsWith('/projects/'));
    expect(projects.length).toBeGreaterThan(0);
    for (const li of projects) expect(li.textContent?.replace(/\s+/g, ' ')).toMatch(/ · (Project|project completed)/);
  });

  it('says in the build log how many issues a hidden column keeps off the board', () => {
    const declined = declinedIssueIds().length;
    expect(declined).toBeGreaterThan(0);
    expect(build.output).toMatch(new RegExp(`issues: ${visible.length + declined} entries \\([^)]*\\); not on the board: ${declined} in the hidden column "canceled"\n`));
  });

  it('shows an issue whose project answered 404 without a project, and without a "Project" field to say so', () => {
    const page = readPage(build.outDir, 'issues/orphan-1/index.html');
    expect(page.querySelector('h1')?.textContent).toBe('Issue whose project is gone');
    expect(page.querySelector('.project-chip')).toBeNull();
    const fields = [...page.querySelectorAll('.facts dt')].map((dt) => dt.textContent?.trim());
    expect(fields).toContain('Status');
    expect(fields).not.toContain('Project');
    expect(page.body.textContent).not.toContain('No project');
  });

  it('renders an issue page with its facts and sanitised description', () => {
    const issue = SCENARIOS['ws-paged'].issues[0] as { id: string; title: string; team: string; upvotes: number; summary: string[] };
    const page = readPage(build.outDir, `issues/${pageSlug(issue.id)}/index.html`);
    expect(page.querySelector('h1')?.textContent).toBe(issue.title);
    expect(page.querySelectorAll('h1')).toHaveLength(1);
    const facts = page.querySelector('.facts')?.textContent ?? '';
    expect(facts).toContain(issue.team);
    expect(facts).toContain(String(issue.upvotes));
    expect([...page.querySelectorAll('.summary li')].map((li) => li.textContent)).toEqual(issue.summary);
    // The description's only heading, '### What changes', sits at h3: below the page h1 and the section h2, with no level skipped.
    expect([...page.querySelectorAll('.prose :is(h1, h2, h3, h4, h5, h6)')].map((h) => `${h.tagName} ${h.textContent}`)).toEqual(['H3 What changes']);
    expect(page.querySelector('.prose ol li')).not.toBeNull();
    expect(page.querySelector('.project-chip')).not.toBeNull();
  });

  it('renders a project page with progress and its issues', () => {
    const project = SCENARIOS['ws-paged'].projects[projectIds[0]!] as { id: string; name: string };
    const page = readPage(build.outDir, `projects/${pageSlug(project.id)}/index.html`);
    expect(page.querySelector('h1')?.textContent).toContain(project.name);
    const progress = page.querySelector('progress');
    expect(progress?.getAttribute('max')).toBe('100');
    expect(Number(progress?.getAttribute('value'))).toBeGreaterThan(0);
    expect(page.querySelectorAll('.issue-list li').length).toBeGreaterThan(0);
  });

  it('ships no tracker-internal fields', () => {
    const text = listFiles(build.outDir)
      .map((f) => readFileSync(join(build.outDir, f), 'utf8'))
      .join('\n');
    expect(text).not.toMatch(/trk_\d{6}|trkp_\d|ws_fieldnote_demo|tracker\.example\.com/);
  });
});

// The one real build that fails once Astro renders (in the content loader): its exit code and message reach the user.
describe('a build that fails', () => {
  it('fails an unknown workspace, non-zero, in one line saying the id is wrong or the portal unpublished, and a hint', async () => {
    const build = await buildSite({ PORTAL_API_URL: apiUrl, PORTAL_WORKSPACE_ID: 'no-such-workspace', ROADMAP_SITE: TEST_SITE });
    expect(build.code).not.toBe(0);
    expect(build.output).toContain('the workspace id is wrong, or its portal/roadmap is not published');
    expect(existsSync(join(build.outDir, 'index.html'))).toBe(false);
    // One line with the cause and the fix, and a hint, as Astro says a user's mistake: no location, stack or cause block.
    expect(build.output.split('\n').filter((line) => line.includes('the workspace id is wrong'))).toHaveLength(1);
    expect(build.output).toMatch(/\n {2}Hint:\n {4}PORTAL_API_URL and PORTAL_WORKSPACE_ID name the portal/);
    expect(build.output).not.toMatch(/^\s+at /m);
    expect(build.output).not.toMatch(/Stack trace:|Location:|Caused by:/);
  });
});

describe('build from a snapshot of a portal that ignores skip and take', () => {
  const build = fixtures.snapshot;

  it('needs no network: the API variables point at a closed port and are ignored', () => {
    // Its config shows declined issues too (test/integration/site-options.test.ts).
    expectEveryPage(build, [...visible, ...declinedIssueIds()]);
    expect(build.output).toContain(`Reading snapshot ${build.snapshotFile}`);
  });

  it('publishes hidden and deleted issues nowhere', () => expectNoHiddenContent(build.outDir));

  it('serves from the site ROADMAP_SITE names', () => {
    expect(readPage(build.outDir, 'index.html').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${TEST_SITE}/`);
  });
});

describe('the bundled demo (no variables set)', () => {
  // Built after the paged fixture, in the same content cache (see PAGED_SITE).
  const build = fixtures.demo;

  it('builds the next version of the site from warm caches and kept pages, byte for byte as a build from nothing', () => {
    const warm = fixtures['demo-warm'];
    const cold = fixtures['demo-changed'];
    expect(warm.code, warm.output).toBe(0);
    expect(cold.code, cold.output).toBe(0);
    // A content store of its own; every description from the description cache but the one that changed.
    expect(warm.output).toContain('issues: 42 entries (42 new or changed, 41 of them from the description cache, 0 removed)');
    expect(warm.output).toContain('projects: 6 entries (6 new or changed, 6 of them from the description cache, 0 removed)');
    const files = listFiles(cold.outDir).sort();
    expect(listFiles(warm.outDir).sort()).toEqual(files);
    expect(files.filter((file) => !readFileSync(join(warm.outDir, file)).equals(readFileSync(join(cold.outDir, file))))).toEqual([]);
  });

  it('keeps exactly the pages that did not change since the last build, and renders the rest', () => {
    const warm = fixtures['demo-warm'];
    // The pages that can be kept: each issue's, project's and team's page and their embeds, each page of a column and of the changelog.
    const keepable = /^(?:(?:issues|projects|teams|embed\/projects|embed\/teams)\/[^/]+|status\/[^/]+(?:\/\d+)?|changelog(?:\/\d+)?)\/index\.html$/;
    const pages = (dir: string) => new Set(listFiles(dir).filter((file) => keepable.test(file)));
    const before = pages(build.outDir);
    const after = [...pages(fixtures['demo-changed'].outDir)];
    // Which pages changed, told by comparing the two builds made from nothing, not by the digests.
    const same = after.filter((file) => before.has(file) && readFileSync(join(build.outDir, file)).equals(readFileSync(join(fixtures['demo-changed'].outDir, file))));
    // A kept page is the previous build's file itself (a hard link), a rendered one a new file.
    const kept = after.filter((file) => before.has(file) && statSync(join(warm.outDir, file)).ino === statSync(join(build.outDir, file)).ino);
    expect(kept.sort()).toEqual(same.sort());
    expect(same.length).toBeGreaterThan(after.length / 2);
    // Some of each kind kept, and some rendered again; the changelog is one page in the demo, rendered again for a shipped issue's new title.
    for (const kind of ['issues/', 'projects/', 'embed/projects/', 'teams/', 'embed/teams/', 'status/', 'changelog/']) {
      if (kind !== 'changelog/') expect(same.filter((file) => file.startsWith(kind)).length, kind).toBeGreaterThan(0);
      expect(after.filter((file) => file.startsWith(kind) && !same.includes(file)).length, kind).toBeGreaterThan(0);
    }
    expect(warm.output).toContain(`Kept ${same.length} of ${after.length} issue, project, column, team and changelog pages unchanged from `);
  });

  it('keeps exactly the issue feeds that did not change since the last build, and writes the rest', () => {
    const warm = fixtures['demo-warm'];
    const cold = fixtures['demo-changed'];
    const feeds = (dir: string) => listFiles(dir).filter((file) => /^issues\/[^/]+\/feed\.xml$/.test(file));
    const before = new Set(feeds(build.outDir));
    const after = feeds(cold.outDir);
    // Which feeds changed, told by comparing the two builds made from nothing.
    const same = after.filter((file) => before.has(file) && readFileSync(join(build.outDir, file)).equals(readFileSync(join(cold.outDir, file))));
    const kept = after.filter((file) => before.has(file) && statSync(join(warm.outDir, file)).ino === statSync(join(build.outDir, file)).ino);
    expect(kept.sort()).toEqual(same.sort());
    // The changes reach some feeds (a move, a new title) and leave most.
    expect(same.length).toBeGreaterThan(after.length / 2);
    expect(same.length).toBeLessThan(after.length);
    expect(warm.output).toMatch(new RegExp(`and ${same.length} of ${after.length} issue feeds \\(linked in \\d+ ms\\)`));
  });

  it('builds a board of the demo workspace, swept clean of the previous source', () => {
    expect(build.code, build.output).toBe(0);
    const board = readPage(build.outDir, 'index.html');
    expect(board.querySelectorAll('.card').length).toBeGreaterThanOrEqual(40);
    expect(board.querySelectorAll('.project-card')).toHaveLength(6);
    expect(board.querySelector('.demo-notice')).not.toBeNull();
    expect(build.output).toMatch(/issues: 42 entries \(\d+ new or changed, \d+ of them from the description cache, \d+ removed\)/);
    expect(build.output).not.toMatch(/issues: 42 entries \(\d+ new or changed, \d+ of them from the description cache, 0 removed\)/);
    expect(existsSync(join(build.outDir, 'issues/beta-1'))).toBe(false);
    expect(existsSync(join(build.outDir, '404.html'))).toBe(true);
  });

  it("leaves out the demo workspace's own hidden and deleted issues", () => {
    const text = listFiles(build.outDir)
      .map((f) => readFileSync(join(build.outDir, f), 'utf8'))
      .join('\n');
    expect(text).not.toContain('Internal: migrate billing database');
    expect(text).not.toContain('Security review findings (private)');
    expect(text).not.toContain('Duplicate of dark mode request');
  });

  it('links stylesheets as files, with nothing inline, for a strict CSP', () => {
    const board = readPage(build.outDir, 'index.html');
    expect(board.querySelectorAll('style, [style], script:not([src]):not([type="application/ld+json"])')).toHaveLength(0);
    expect(board.querySelectorAll('link[rel="stylesheet"]').length).toBeGreaterThan(0);
  });
});
