/**
 * The page digests of src/fingerprint/page-digests.ts: a page's digest changes with everything its page shows, and with
 * nothing else. (That a kept page is the same file a full build writes is checked on real builds:
 * test/integration/build.test.ts, the demo's next build.)
 */
import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { foreignEndSteps, ownBuildSteps } from '../../../src/integration/steps/page-reuse.ts';
import { emptyHistory, type History } from '../../../src/history/schema.ts';
import {
  changelogPageInputs,
  columnPageInputs,
  issuePageInputs,
  pageDigest,
  projectPageInputs,
  PAGE_DIGESTS_FORMAT,
  PAGE_DIGESTS_VERSION,
  teamBoardInputs,
  unchangedPages,
  type PageData,
} from '../../../src/fingerprint/page-digests.ts';
import type { ChangelogEntry } from '../../../src/history/timeline.ts';
import type { Issue, Project } from '../../../src/snapshot/model.ts';

const FETCHED_AT = '2026-11-20T09:00:00.000Z';

const issue = (id: string, extra: Partial<Issue> = {}): Issue => ({
  id,
  identifier: id.toUpperCase(),
  title: `Title of ${id}`,
  description: null,
  summary: [],
  status: 'Todo',
  priority: null,
  team: null,
  projectId: 'p1',
  sortOrder: 0,
  upvotes: 1,
  importanceScore: 0,
  createdAt: null,
  updatedAt: null,
  url: null,
  ...extra,
});

interface Workspace {
  issues: Issue[];
  projects?: Project[];
  fetchedAt?: string;
  history?: History;
  descriptions?: Record<string, string>;
  releaseNotes?: PageData['releaseNotes'];
}

/** A board of one column holding `issues` in their order. */
function roadmap({
  issues,
  projects = [{ id: 'p1', name: 'Project one' } as Project],
  fetchedAt = FETCHED_AT,
  history = emptyHistory(FETCHED_AT),
  descriptions = {},
  releaseNotes,
}: Workspace): PageData {
  const column = { id: 'todo', label: 'To do', issues };
  return {
    info: { fetchedAt, origin: 'api' },
    history,
    teams: [...new Set(issues.flatMap((i) => (i.team ? [i.team] : [])))].sort(),
    projects,
    projectById: new Map(projects.map((p) => [p.id, p])),
    issuesByProject: new Map(projects.map((p) => [p.id, issues.filter((i) => i.projectId === p.id)])),
    columnByIssue: new Map(issues.map((i) => [i.id, column])),
    descriptionHtml: (_collection, id) => descriptions[id] ?? '',
    ...(releaseNotes ? { releaseNotes } : {}),
  };
}

const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => issue(id)) as [Issue, Issue, Issue, Issue];
/** The digest of `id`'s page in `workspace`. */
function digestOf(workspace: Workspace, id: string, cardUrl?: string): string {
  const data = roadmap(workspace);
  const shown = workspace.issues.find((i) => i.id === id)!;
  return pageDigest('fingerprint', `issues/${id}/`, issuePageInputs(data, { issue: shown }, cardUrl));
}

describe('an issue page digest', () => {
  const base: Workspace = { issues: [a, b, c, d] };

  it('is the same for the same workspace, and later on the same day', () => {
    expect(digestOf(base, 'b')).toBe(digestOf({ issues: [a, b, c, d] }, 'b'));
    expect(digestOf({ ...base, fetchedAt: '2026-11-20T23:30:00.000Z' }, 'b')).toBe(digestOf(base, 'b'));
  });

  it('changes on the next day (the footer shows the date)', () => {
    expect(digestOf({ ...base, fetchedAt: '2026-11-21T00:00:00.000Z' }, 'b')).not.toBe(digestOf(base, 'b'));
  });

  it('changes with the issue, and with a neighbour’s title, but not with an issue further away', () => {
    expect(digestOf({ issues: [a, { ...b, upvotes: 2 }, c, d] }, 'b')).not.toBe(digestOf(base, 'b'));
    expect(digestOf({ issues: [a, b, { ...c, title: 'New title' }, d] }, 'b')).not.toBe(digestOf(base, 'b'));
    expect(digestOf({ issues: [a, b, c, { ...d, title: 'New title' }] }, 'b')).toBe(digestOf(base, 'b'));
    // A new neighbour: d moved up next to b.
    expect(digestOf({ issues: [a, b, d, c] }, 'b')).not.toBe(digestOf(base, 'b'));
  });

  it('changes with its project, its description, its history and its share card', () => {
    expect(digestOf({ ...base, projects: [{ id: 'p1', name: 'Renamed' } as Project] }, 'b')).not.toBe(digestOf(base, 'b'));
    expect(digestOf({ ...base, descriptions: { b: '<p>new</p>' } }, 'b')).not.toBe(digestOf(base, 'b'));
    const history = emptyHistory(FETCHED_AT);
    history.issues.set('b', { events: [{ kind: 'seen', column: 'todo', at: FETCHED_AT, atLeast: true }], upvotes: [] });
    expect(digestOf({ ...base, history }, 'b')).not.toBe(digestOf(base, 'b'));
    // A card's address is its page's slug (src/route-data/share-cards.ts): the page changes when it gets one or loses it.
    expect(digestOf(base, 'b', 'https://roadmap.test/og/issues/b.png')).not.toBe(digestOf(base, 'b'));
  });

  it('changes with the title of a release note that names it (its page lists the notes), but not with a note of another issue', () => {
    /** A note named `title` at `slug` naming `named`, as the build reads it from its file. */
    const note = (slug: string, title: string, named: Issue[]): NonNullable<Workspace['releaseNotes']>[number] => ({
      file: `src/content/releases/${slug}.md`,
      slug,
      title,
      date: '2026-11-01',
      tags: [],
      issues: named.map((i) => i.id),
      projects: [],
      html: '<p>What changed.</p>',
      linkedIssues: named,
      linkedProjects: [],
    });
    const withNotes = (titleOfB: string, titleOfD: string): Workspace => ({ ...base, releaseNotes: [note('about-b', titleOfB, [b]), note('about-d', titleOfD, [d])] });
    const before = digestOf(withNotes('Pay by card', 'Dark mode'), 'b');
    expect(digestOf(withNotes('Pay by card', 'Dark mode'), 'b')).toBe(before);
    expect(before).not.toBe(digestOf(base, 'b'));
    expect(digestOf(withNotes('Pay invoices by card', 'Dark mode'), 'b')).not.toBe(before);
    expect(digestOf(withNotes('Pay by card', 'Dark mode, everywhere'), 'b')).toBe(before);
  });

  it('is a tombstone’s own: the date it left', () => {
    const tombstone = (goneSince: string) => pageDigest('fingerprint', 'issues/x/', issuePageInputs(roadmap(base), { goneSince }, undefined));
    expect(tombstone('2026-11-01T00:00:00.000Z')).not.toBe(tombstone('2026-11-02T00:00:00.000Z'));
  });
});

describe('a project page digest', () => {
  const base: Workspace = { issues: [a, b, { ...c, projectId: null }, d] };
  const digestOf = (workspace: Workspace, cardUrl?: string) => {
    const project = (workspace.projects ?? [{ id: 'p1', name: 'Project one' } as Project])[0]!;
    return pageDigest('fingerprint', 'projects/p1/', projectPageInputs(roadmap(workspace), { project }, cardUrl));
  };

  it('changes with the project, its description, its card, and any of its issues, but not with an issue of no project', () => {
    expect(digestOf({ ...base })).toBe(digestOf({ issues: [a, b, { ...c, projectId: null }, d] }));
    expect(digestOf({ ...base, projects: [{ id: 'p1', name: 'Renamed' } as Project] })).not.toBe(digestOf(base));
    expect(digestOf({ ...base, descriptions: { p1: '<p>new</p>' } })).not.toBe(digestOf(base));
    expect(digestOf(base, 'https://roadmap.test/og/projects/p1.png')).not.toBe(digestOf(base));
    expect(digestOf({ issues: [a, { ...b, upvotes: 9 }, { ...c, projectId: null }, d] })).not.toBe(digestOf(base));
    expect(digestOf({ issues: [a, b, { ...c, projectId: null, title: 'Elsewhere' }, d] })).toBe(digestOf(base));
  });

  it('changes on the next day', () => {
    expect(digestOf({ ...base, fetchedAt: '2026-11-21T00:00:00.000Z' })).not.toBe(digestOf(base));
  });
});

describe('the digest of a page of a column', () => {
  const base: Workspace = { issues: [a, { ...b, team: 'Web' }, c, d] };
  /** Page `current` of 2 of the one column, showing `shown` of its issues. */
  const digestOf = (workspace: Workspace, shown: (issues: Issue[]) => Issue[] = (issues) => issues.slice(0, 2), current = 1) => {
    const column = { id: 'todo', label: 'To do', issues: workspace.issues };
    return pageDigest('fingerprint', 'status/todo/', columnPageInputs(roadmap(workspace), column, shown(workspace.issues), { current, last: 2 }));
  };

  it('changes with a card it shows (its upvotes, its title, its project), but not with a description or a card of another page', () => {
    expect(digestOf({ issues: [a, { ...b, team: 'Web' }, c, d] })).toBe(digestOf(base));
    expect(digestOf({ issues: [{ ...a, upvotes: 7 }, { ...b, team: 'Web' }, c, d] })).not.toBe(digestOf(base));
    expect(digestOf({ issues: [{ ...a, title: 'New' }, { ...b, team: 'Web' }, c, d] })).not.toBe(digestOf(base));
    expect(digestOf({ issues: [{ ...a, description: 'Edited' }, { ...b, team: 'Web' }, c, d] })).toBe(digestOf(base));
    expect(digestOf({ issues: [a, { ...b, team: 'Web' }, { ...c, upvotes: 7 }, d] })).toBe(digestOf(base));
  });

  it('changes with the column’s size (its heading counts every issue), the page’s place, and the order of its cards', () => {
    expect(digestOf({ issues: [a, { ...b, team: 'Web' }, c] })).not.toBe(digestOf(base));
    expect(digestOf(base, undefined, 2)).not.toBe(digestOf(base));
    expect(digestOf(base, (issues) => [issues[1]!, issues[0]!])).not.toBe(digestOf(base));
  });

  it('changes with the teams and projects the filters list, even of issues on other pages', () => {
    expect(digestOf({ issues: [a, { ...b, team: 'Web' }, c, { ...d, team: 'Apps' }] })).not.toBe(digestOf(base));
    expect(digestOf({ ...base, projects: [{ id: 'p1', name: 'Project one' } as Project, { id: 'p2', name: 'Another' } as Project] })).not.toBe(digestOf(base));
  });

  it('changes on the next day', () => {
    expect(digestOf({ ...base, fetchedAt: '2026-11-21T00:00:00.000Z' })).not.toBe(digestOf(base));
  });
});

describe("the digest of a team's board", () => {
  const web = (issue: Issue) => ({ ...issue, team: 'Web' });
  const base: Workspace = { issues: [web(a), web(b), web(c), d] };
  /** The Web team's board of two columns, at most two cards each: `a`, `b` and `c` in To do, `d` (another team's) in Done. */
  const digestOf = (workspace: Workspace, slug = 'web') => {
    const issues = workspace.issues.filter((issue) => issue.team === 'Web');
    const columns = [
      { id: 'todo', label: 'To do', issues: issues.filter((issue) => issue.id !== 'd') },
      { id: 'done', label: 'Done', issues: issues.filter((issue) => issue.id === 'd') },
    ];
    return pageDigest('fingerprint', `teams/${slug}/`, teamBoardInputs(roadmap(workspace), { name: 'Web', slug }, columns, 2));
  };

  it('changes with a card it shows and with a column’s size, but not with a card past the limit, or a description', () => {
    expect(digestOf({ issues: [web(a), web(b), web(c), d] })).toBe(digestOf(base));
    expect(digestOf({ issues: [web(a), { ...web(b), upvotes: 5 }, web(c), d] })).not.toBe(digestOf(base));
    expect(digestOf({ issues: [web(a), web(b), { ...web(c), upvotes: 5 }, d] })).toBe(digestOf(base));
    expect(digestOf({ issues: [web(a), web(b), d] })).not.toBe(digestOf(base));
    expect(digestOf({ issues: [{ ...web(a), description: 'Edited' }, web(b), web(c), d] })).toBe(digestOf(base));
  });

  it('changes with its address and with the chip of a project it shows', () => {
    expect(digestOf(base, 'web-2')).not.toBe(digestOf(base));
    expect(digestOf({ ...base, projects: [{ id: 'p1', name: 'Renamed' } as Project] })).not.toBe(digestOf(base));
  });
});

describe('the digest of a page of the changelog', () => {
  const shipped = (id: string, at = FETCHED_AT): ChangelogEntry => ({ kind: 'issue', id, at, atLeast: false });
  const entries = [shipped('a'), shipped('b'), { kind: 'project', id: 'p1', at: FETCHED_AT, atLeast: true } as ChangelogEntry];
  const digestOf = (workspace: Workspace, shown = entries, current = 1) =>
    pageDigest('fingerprint', 'changelog/', changelogPageInputs(roadmap(workspace), new Map(workspace.issues.map((i) => [i.id, i])), shown, { current, last: 1 }));
  const base: Workspace = { issues: [a, b, c] };

  it('changes with an entry’s date, issue, or project, but not with an issue it does not list', () => {
    expect(digestOf({ issues: [a, b, c] })).toBe(digestOf(base));
    expect(digestOf(base, [shipped('a', '2026-11-19T00:00:00.000Z'), ...entries.slice(1)])).not.toBe(digestOf(base));
    expect(digestOf({ issues: [{ ...a, summary: ['Now with a summary'] }, b, c] })).not.toBe(digestOf(base));
    expect(digestOf({ ...base, projects: [{ id: 'p1', name: 'Renamed' } as Project] })).not.toBe(digestOf(base));
    expect(digestOf({ issues: [a, b, { ...c, title: 'Not shipped' }] })).toBe(digestOf(base));
  });

  it('changes with the page’s place', () => {
    expect(digestOf(base, entries, 2)).not.toBe(digestOf(base));
  });
});

describe('unchangedPages', () => {
  const digests = new Map([
    ['issues/a/', 'd1'],
    ['issues/b/', 'd2'],
    ['__proto__', 'd3'],
  ]);
  const previous = { format: PAGE_DIGESTS_FORMAT, version: PAGE_DIGESTS_VERSION, fingerprint: 'f', pages: { 'issues/a/': 'd1', 'issues/b/': 'other' } } as const;

  it('keeps the pages whose digest is the previous one, and no page the previous build did not have', () => {
    expect([...unchangedPages({ ...previous, pages: { ...previous.pages } }, 'f', digests)]).toEqual(['issues/a/']);
  });

  it('keeps nothing from a build with another fingerprint, or without a previous build', () => {
    expect(unchangedPages({ ...previous, pages: { ...previous.pages } }, 'g', digests).size).toBe(0);
    expect(unchangedPages(undefined, 'f', digests).size).toBe(0);
  });
});

describe('keeping pages beside other integrations', () => {
  const step = (name: string, done = true): AstroIntegration => ({ name, hooks: done ? { 'astro:build:done': () => {} } : {} });

  it('names every integration with a step at the end of the build that is not portal-roadmap’s own, a sitemap of the site’s own too', () => {
    const ours = ownBuildSteps([step('portal-roadmap:page-reuse'), step('@astrojs/sitemap')]);
    const theirs = [step('@astrojs/starlight'), step('@astrojs/sitemap'), step('@astrojs/mdx', false)];
    expect(foreignEndSteps([theirs[0]!, ...ours, theirs[1]!, theirs[2]!])).toEqual(['@astrojs/starlight', '@astrojs/sitemap']);
    expect(foreignEndSteps([...ours, theirs[2]!])).toEqual([]);
  });
});
