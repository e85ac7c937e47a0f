/**
 * Keeping the pages a rebuild would render the same. Each issue page (and tombstone) gets a digest of everything
 * it shows: the issue, its description, its project, its column and the neighbours it links to, its history
 * record, its share card, and the day of the data (the footer's date, the trend's end). So does each project page
 * and its embed: the project, its description and its issues with their columns. So do the pages of lists: each
 * page of a column, each team's board (and its embed) and each page of the changelog, by the cards or entries it
 * shows. With the build's fingerprint (config, code, versions) in the digest too, an equal digest means an equal
 * page, so the build takes it from the previous output instead of rendering it. The digests of a build are kept in
 * a file of their own (`PageDigestsFile`), next to the rebuild's other state; the Astro side is
 * src/route-data/page-reuse.ts.
 *
 * Each issue's feed gets a digest of what it shows (src/feeds/issue-feeds.ts `issueFeedInputs`) and is kept the same
 * way. The board, the pages of changes and of what shipped, the other feeds and the JSON files show the latest of
 * everything (a change anywhere changes them) and are rendered on every build.
 */
import { notesNaming, type ChangelogItem, type ReleaseNote } from '../release-notes/notes.ts';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { dayOf, isoDay, type History } from '../history/schema.ts';
import type { BoardColumn } from '../shown/columns.ts';
import type { Issue, Project, RoadmapInfo } from '../snapshot/model.ts';
import type { IssueSubject } from '../feeds/issue-feeds.ts';
import { columnNeighbours } from '../view/issue-page.ts';

export const PAGE_DIGESTS_FORMAT = 'portal-roadmap.page-digests';
export const PAGE_DIGESTS_VERSION = 1;

export const PageDigestsFileSchema = z.strictObject({
  format: z.literal(PAGE_DIGESTS_FORMAT),
  version: z.literal(PAGE_DIGESTS_VERSION),
  /** The build's fingerprint: pages of a build with another one are never kept. */
  fingerprint: z.string().min(1),
  /** Each page's digest, by its folder below the output (`issues/x/`, `de/issues/x/`), and each issue feed's, by its file (`issues/x/feed.xml`). */
  pages: z.record(z.string(), z.string()),
  /** The digest of the search index's sorted records (src/search/search-records.ts): the same, and the index is kept. */
  search: z.string().min(1).optional(),
});
export type PageDigestsFile = z.output<typeof PageDigestsFileSchema>;

/** One language's roadmap, as far as the pages that can be kept read it (src/route-data/roadmap.ts `Roadmap` is one). */
export interface PageData {
  info: Pick<RoadmapInfo, 'fetchedAt' | 'origin'>;
  history: History;
  /** The teams and projects on the site: a column page's filters list them. */
  teams: readonly string[];
  projects: readonly Pick<Project, 'id' | 'name'>[];
  projectById: ReadonlyMap<string, Project>;
  issuesByProject: ReadonlyMap<string, readonly Issue[]>;
  columnByIssue: ReadonlyMap<string, { id: string; label: string; issues: readonly Pick<Issue, 'id' | 'title'>[] }>;
  descriptionHtml: (collection: 'issues' | 'projects', id: string) => string;
  /** The release notes, so that an issue page listing the notes that name it changes with them. */
  releaseNotes?: readonly ReleaseNote[];
  /** Per shipped issue, its earliest release note's day, which bounds its timeline's date (`issueTimeline`). */
  noteDates?: ReadonlyMap<string, string>;
}

/** What every page shows of the data, besides its own: the day of the data (the footer's date, never the minute) and where it came from. */
function siteInputs(roadmap: PageData) {
  return { day: isoDay(dayOf(roadmap.info.fetchedAt)), origin: roadmap.info.origin };
}

/**
 * What an issue page shows besides what the fingerprint covers (the config, the words, the code). `cardUrl`: its
 * share card's address, if it has one (the card's digest is in it).
 */
export function issuePageInputs(roadmap: PageData, subject: IssueSubject, cardUrl: string | undefined): unknown {
  // The upvote trend ends on the day of the data too.
  const site = siteInputs(roadmap);
  const { issue } = subject;
  if (!issue) return { site, goneSince: subject.goneSince };
  const column = roadmap.columnByIssue.get(issue.id);
  const { previous, next } = column ? columnNeighbours(column.issues, issue.id) : { previous: undefined, next: undefined };
  const link = (other: Pick<Issue, 'id' | 'title'> | undefined) => other && { id: other.id, title: other.title };
  return {
    site,
    issue,
    description: roadmap.descriptionHtml('issues', issue.id),
    project: projectChip(issue.projectId ? roadmap.projectById.get(issue.projectId) : undefined),
    column: column ? { id: column.id, label: column.label, previous: link(previous), next: link(next) } : null,
    history: roadmap.history.issues.get(issue.id) ?? null,
    noteDate: roadmap.noteDates?.get(issue.id) ?? null,
    releaseNotes: notesNaming(roadmap.releaseNotes ?? [], issue.id).map(({ slug, title }) => ({ slug, title })),
    cardUrl: cardUrl ?? null,
  };
}

/**
 * What a project page (or its embed) shows besides what the fingerprint covers: the project, its description, and
 * its issues with their columns (it lists each issue's title, team, upvotes and vote link, grouped by column).
 * `cardUrl`: its share card's address, if it has one.
 */
export function projectPageInputs(roadmap: PageData, subject: { project?: Project | undefined; goneSince?: string | undefined }, cardUrl: string | undefined): unknown {
  const site = siteInputs(roadmap);
  const { project } = subject;
  if (!project) return { site, goneSince: subject.goneSince };
  const issues = (roadmap.issuesByProject.get(project.id) ?? []).map((issue) => {
    const column = roadmap.columnByIssue.get(issue.id);
    return { issue: listedIssue(issue), column: column ? { id: column.id, label: column.label } : null };
  });
  return { site, project, description: roadmap.descriptionHtml('projects', project.id), issues, cardUrl: cardUrl ?? null };
}

/** What a project's chip (src/components/ProjectChip.astro) shows of it: its name, and its id (its link and its colour's class). */
const projectChip = (project: Pick<Project, 'id' | 'name'> | undefined) => (project ? { id: project.id, name: project.name } : null);

/** What a list shows of an issue (a card, a project page's row, a changelog entry): all of it but its description. */
function listedIssue(issue: Issue): Omit<Issue, 'description'> {
  const { description: _description, ...shown } = issue;
  return shown;
}

/** An issue as a card (src/components/IssueCard.astro) or a changelog entry shows it: with its project's chip. */
function issueCard(roadmap: PageData, issue: Issue) {
  return { issue: listedIssue(issue), project: projectChip(issue.projectId ? roadmap.projectById.get(issue.projectId) : undefined) };
}

/** Where a page of a paginated list stands: its number, and how many there are (its previous and next links). */
export interface PagePosition {
  current: number;
  last: number;
}

/**
 * What one page of a column shows besides what the fingerprint covers: the column's name and size, its cards, where
 * the page stands, and the filters' teams and projects (src/routes/[...lang]/status/[column]/[...page].astro).
 */
export function columnPageInputs(roadmap: PageData, column: Pick<BoardColumn, 'id' | 'label' | 'issues'>, cards: readonly Issue[], page: PagePosition): unknown {
  return {
    site: siteInputs(roadmap),
    column: { id: column.id, label: column.label, total: column.issues.length },
    cards: cards.map((issue) => issueCard(roadmap, issue)),
    page,
    filters: { teams: roadmap.teams, projects: roadmap.projects.map(projectChip) },
  };
}

/**
 * What a team's board (or its embed) shows besides what the fingerprint covers: the team, its address (a slug
 * depends on the other teams' names), and each column's name, size and first `limit` cards (src/view/team-board.ts).
 */
export function teamBoardInputs(roadmap: PageData, team: { name: string; slug: string }, columns: readonly Pick<BoardColumn, 'id' | 'label' | 'issues'>[], limit: number): unknown {
  return {
    site: siteInputs(roadmap),
    team,
    columns: columns.map((column) => ({
      id: column.id,
      label: column.label,
      total: column.issues.length,
      cards: column.issues.slice(0, limit).map((issue) => issueCard(roadmap, issue)),
    })),
  };
}

/**
 * What one page of the changelog shows besides what the fingerprint covers: its entries with their issue (found in
 * `issueById`, the issues on the site) or project, and where the page stands.
 */
export function changelogPageInputs(roadmap: PageData, issueById: ReadonlyMap<string, Issue>, entries: readonly ChangelogItem[], page: PagePosition): unknown {
  return {
    site: siteInputs(roadmap),
    entries: entries.map((entry) => {
      // A note with what it shows: its words, image, and the issues and projects it names as they are now.
      if (entry.kind === 'note') return { entry, note: roadmap.releaseNotes?.find((candidate) => candidate.slug === entry.id) ?? null };
      if (entry.kind === 'project') return { entry, project: projectChip(roadmap.projectById.get(entry.id)) };
      const issue = issueById.get(entry.id);
      return { entry, ...(issue ? issueCard(roadmap, issue) : { issue: null }) };
    }),
    page,
  };
}

/**
 * A page's digest: its place, what it shows, and the build's fingerprint. Of plain JSON, not of the canonical JSON
 * the snapshot's digest sorts every object's keys for (src/snapshot/digest.ts): sorting was most of the digests' cost
 * (@see docs/project/performance-log.md, "Measurements behind the code"). The inputs are made by this build's code in
 * its own order, and a build of other code has another fingerprint, so equal pages make equal JSON. Keys in another
 * order could only cost a page its keeping, never keep a changed one.
 */
export function pageDigest(fingerprint: string, page: string, inputs: unknown): string {
  return `sha256:${createHash('sha256').update(JSON.stringify({ fingerprint, page, inputs })).digest('hex')}`;
}

/** The pages of `digests` whose digest the previous build's file gives too, with the same fingerprint. */
export function unchangedPages(previous: PageDigestsFile | undefined, fingerprint: string, digests: ReadonlyMap<string, string>): Set<string> {
  const kept = new Set<string>();
  if (!previous || previous.fingerprint !== fingerprint) return kept;
  for (const [page, digest] of digests) if (Object.hasOwn(previous.pages, page) && previous.pages[page] === digest) kept.add(page);
  return kept;
}

/** What this build's routes decided: every page's and issue feed's digest, and those kept from the previous output. */
export interface PageReuseRecord {
  /** Each page's digest, by its folder below the output. */
  digests: Map<string, string>;
  /** Each issue feed's digest, by its file below the output. */
  feedDigests: Map<string, string>;
  /** The pages kept, by their folder below the output. */
  kept: Set<string>;
  /** The issue feeds kept, by their file below the output. */
  keptFeeds: Set<string>;
  /** What the previous build's digests were to this one: none, of another fingerprint, or compared page by page. */
  previous: 'none' | 'other-fingerprint' | 'compared';
  /** The site's integrations, not portal-roadmap's, with a step at the end of the build: while there are any, no page is kept. */
  foreignEndSteps: string[];
  /** The digest of this build's search records, once they are made (none without a search index of ours). */
  searchDigest?: string | undefined;
}
