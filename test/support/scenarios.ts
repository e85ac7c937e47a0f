/**
 * The workspaces the shared fake portal serves. Built from the bundled demo
 * data (so tests read real-looking issues) plus the cases that must never
 * reach the site: hidden and deleted issues with marker strings, a project
 * that answers 404, a status no column lists.
 */
import { readFileSync } from 'node:fs';
import type { Failure, Paging, Workspace } from './fake-portal.ts';
import { hostileWorkspace } from './hostile.ts';
import { publishedIssueIds } from './published.ts';

export const HIDDEN_MARKER = 'HIDDEN-MARKER-7f3a';
export const DELETED_MARKER = 'DELETED-MARKER-91c2';
export const GONE_PROJECT_ID = 'project-that-404s';
export const EXTRA_PROJECT_ID = 'project-without-issues';
export const UNMAPPED_STATUS = 'Beta testing';

interface RawIssue {
  id: string;
  title: string | null;
  description: string | null;
  projectId: string | null;
  status: string | null;
  isVisible: boolean;
  isDeleted: boolean;
  [key: string]: unknown;
}
interface RawProject {
  id: string;
  name: string;
  [key: string]: unknown;
}

const demo = JSON.parse(readFileSync(new URL('../../src/data/demo/portal.json', import.meta.url), 'utf8')) as {
  issues: RawIssue[];
  projects: RawProject[];
};

function testIssues(): RawIssue[] {
  const issues: RawIssue[] = demo.issues.filter((i) => i.isVisible && !i.isDeleted).map((i) => ({ ...i }));
  const template = issues[0]!;
  issues.push(
    { ...template, id: 'hidden-1', title: `${HIDDEN_MARKER} title`, description: `${HIDDEN_MARKER} body`, isVisible: false },
    { ...template, id: 'deleted-1', title: `${DELETED_MARKER} title`, description: `${DELETED_MARKER} body`, isDeleted: true },
    { ...template, id: 'orphan-1', title: 'Issue whose project is gone', projectId: GONE_PROJECT_ID },
    { ...template, id: 'beta-1', title: 'Issue in an unmapped status', status: UNMAPPED_STATUS, projectId: null },
  );
  return issues;
}

function projectsById(): Record<string, unknown> {
  const projects: Record<string, unknown> = Object.fromEntries(demo.projects.map((p) => [p.id, p]));
  projects[EXTRA_PROJECT_ID] = { ...demo.projects[0], id: EXTRA_PROJECT_ID, name: 'Project listed only by PORTAL_PROJECT_IDS' };
  return projects;
}

const workspace = (paging: Paging, failure?: Failure, extra: Partial<Workspace> = {}): Workspace => ({
  issues: testIssues(),
  projects: projectsById(),
  paging,
  ...(failure ? { failure } : {}),
  ...extra,
});

/** Every scenario, by workspace id. */
export const SCENARIOS = {
  /** Pages of 10 whatever `take` asks: a server with its own page size, the smallest v1 default `take` (docs/portal-api.md, Paging (v1 skip/take) §2). */
  'ws-paged': workspace({ mode: 'fixed-page', pageSize: 10 }),
  /** Honours skip and take. */
  'ws-skip-take': workspace({ mode: 'skip-take', maxTake: 500 }),
  /** Ignores skip and take: the whole list each time. */
  'ws-whole': workspace({ mode: 'whole' }),
  /** Slow project answers, to observe how many the client sends at once. */
  'ws-slow-projects': workspace({ mode: 'whole' }, undefined, { projectDelayMs: 40 }),
  'ws-unauthenticated': workspace({ mode: 'whole' }, { kind: 'envelope', status: 401, code: 'unauthenticated', message: 'API key revoked or unknown', requestId: 'req_abc123' }),
  'ws-forbidden': workspace({ mode: 'whole' }, { kind: 'declared', status: 403, code: 'forbidden', message: 'Portal is disabled on this plan' }),
  'ws-html-502': workspace({ mode: 'whole' }, { kind: 'html', status: 502 }),
  'ws-truncated': workspace({ mode: 'whole' }, { kind: 'truncated' }),
  'ws-wrong-shape': workspace({ mode: 'whole' }, { kind: 'body', body: { issues: [] } }),
  'ws-bad-field': workspace({ mode: 'whole' }, { kind: 'body', body: [{ id: 'x', title: 'ok', upvotes: 'twelve' }] }),
  'ws-slow': workspace({ mode: 'whole' }, { kind: 'slow', delayMs: 3_000 }),
  /** An attack in every string field (test/support/hostile.ts). */
  'ws-hostile': hostileWorkspace(),
} satisfies Record<string, Workspace>;

export type ScenarioId = keyof typeof SCENARIOS;

/** Issues a snapshot of the scenarios holds: visible and not deleted. */
export function visibleIssueIds(): string[] {
  return testIssues()
    .filter((i) => i.isVisible && !i.isDeleted)
    .map((i) => i.id);
}

/** Issues the site must publish: visible, not deleted, and not in a hidden column (canceled). */
export function siteIssueIds(): string[] {
  return publishedIssueIds(testIssues());
}

/** The visible issues the portal calls "Canceled": left off a site by default, in a column of their own with `board.showDeclined`. */
export function declinedIssueIds(): string[] {
  return testIssues()
    .filter((issue) => issue.isVisible && !issue.isDeleted && issue.status === 'Canceled')
    .map((issue) => issue.id);
}
