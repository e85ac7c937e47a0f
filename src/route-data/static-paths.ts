/**
 * getStaticPaths of the `[...lang]` routes: every page once per language of
 * the site, `lang` undefined for the main language (at the root) and the
 * language's folder for the others. Site and embed pages share them. The
 * site's own issue and project routes (and each issue's feed: src/feeds/issue-feeds.ts)
 * also keep a page for every id the history says once had one: a tombstone, so a link
 * shared last month still leads somewhere, in every language.
 */
import type { PaginateFunction } from 'astro';
import type { Issue, Project } from '../snapshot/model.ts';
import { issueSubjects, type IssueSubject } from '../feeds/issue-feeds.ts';
import { EMBED_DIR } from '../hosting/headers.ts';
import { changelogPageInputs, columnPageInputs, issuePageInputs, projectPageInputs, teamBoardInputs } from '../fingerprint/page-digests.ts';
import { changelogPath, columnPath, issuePath, pageSlug, projectPath, teamPath } from '../view/paths.ts';
import { tombstonePages } from './build-state.ts';
import { changelogWithNotes } from '../release-notes/notes.ts';
import { boardTeams, teamColumns } from '../view/team-board.ts';
import { getRoadmap, languageParams, type Roadmap } from './roadmap.ts';
import { keepsPages, outputFolder, pathsToRender } from './page-reuse.ts';
import { sendSearchRecords } from './search-records.ts';
import { shareCardUrl, type CardKind } from './share-cards.ts';

export type IssuePageProps = IssueSubject;
export type ProjectPageProps = { project: Project; goneSince?: undefined } | { project?: undefined; goneSince: string };

/** One path per language, for the routes with no other parameter. */
export function languagePaths() {
  return languageParams().map((params) => ({ params }));
}

/**
 * `make(roadmap, lang)` for every language of the site, flattened. The first call of a build (the first route asking for
 * its paths) also starts the search index on every language's records, so that it is made while the pages render.
 */
async function perLanguage<T>(make: (roadmap: Roadmap, lang: string | undefined) => T[] | Promise<T[]>): Promise<T[]> {
  sendSearchRecords();
  const paths = await Promise.all(languageParams().map(async ({ lang }) => make(await getRoadmap(lang), lang)));
  return paths.flat();
}

/** Issues on the site, and tombstones of those that left: each issue's feed (which `astro dev` answers one by one). */
export function issuePaths() {
  return perLanguage((roadmap, lang) => issueSubjects(roadmap).map(({ id, subject }) => ({ params: { lang, id: pageSlug(id) }, props: subject as IssuePageProps })));
}

/**
 * Issue pages: issues on the site, and tombstones of those that left. A build that keeps unchanged pages leaves
 * out those it takes from the previous output (./page-reuse.ts).
 */
export async function issuePagePaths() {
  const pages = await perLanguage(async (roadmap, lang) => {
    const cards = await cardUrls(roadmap, 'issues');
    return issueSubjects(roadmap).map(({ id, subject }) => ({
      path: { params: { lang, id: pageSlug(id) }, props: subject as IssuePageProps },
      folder: tombstoneFolder(outputFolder(roadmap.ui.href(issuePath(id))), subject),
      inputs: () => issuePageInputs(roadmap, subject, subject.issue && cards.get(subject.issue.id)),
    }));
  });
  return pathsToRender(pages);
}

/** A page's `folder`, listed among the tombstones (which the sitemap leaves out) when its subject left the site. */
function tombstoneFolder(folder: string, subject: { goneSince?: string | undefined }): string {
  if (subject.goneSince !== undefined) tombstonePages().add(folder);
  return folder;
}

/** Each issue's or project's share card address, for the pages' digests: only when the build keeps pages and draws cards. */
async function cardUrls(roadmap: Roadmap, kind: CardKind): Promise<Map<string, string | undefined>> {
  if (!keepsPages() || !roadmap.config.shareCards) return new Map();
  const items: readonly { id: string }[] = kind === 'issues' ? roadmap.issues : roadmap.projects;
  return new Map(await Promise.all(items.map(async ({ id }) => [id, await shareCardUrl(kind, id)] as const)));
}

export interface TeamPageProps {
  team: string;
  slug: string;
}

/** A team's board, of `roadmap`'s teams with one (src/view/team-board.ts), as a path of the `[team]` routes. */
const teamBoardPath = (roadmap: Roadmap, lang: string | undefined) =>
  boardTeams(roadmap, roadmap.config.board.teamBoards).map(([team, slug]) => ({ params: { lang, team: slug }, props: { team, slug } satisfies TeamPageProps }));

/** A board per team (unless `board.teamBoards` is off): teams with an issue on the site, so never an empty one. Their feeds' paths. */
export function teamPaths() {
  return perLanguage(teamBoardPath);
}

/** The pages of team boards whose folder (below the language's root) is `folderOf(slug)`: the site's or the embed's. Unchanged ones may be kept. */
function teamBoardPaths(folderOf: (slug: string) => string) {
  return () =>
    perLanguage((roadmap, lang) =>
      teamBoardPath(roadmap, lang).map((path) => ({
        path,
        folder: outputFolder(roadmap.ui.href(folderOf(path.props.slug))),
        inputs: () => teamBoardInputs(roadmap, { name: path.props.team, slug: path.props.slug }, teamColumns(roadmap, path.props.team), roadmap.config.board.cardsPerColumn),
      })),
    ).then(pathsToRender);
}

/** The site's team boards. */
export const teamPagePaths = teamBoardPaths(teamPath);

/** The embed's team boards. */
export const embedTeamPagePaths = teamBoardPaths((slug) => `${EMBED_DIR}/${teamPath(slug)}`);

/** Each page of each column (`board.pageSize` cards a page). Unchanged ones may be kept. */
export async function columnPagePaths(paginate: PaginateFunction) {
  const pages = await perLanguage((roadmap, lang) =>
    roadmap.columns.flatMap((column) =>
      paginate(column.issues, { params: { lang, column: column.id }, props: { column }, pageSize: roadmap.config.board.pageSize }).map((path) => {
        const { page } = path.props;
        return {
          path,
          folder: outputFolder(roadmap.ui.href(columnPath(column.id, page.currentPage))),
          inputs: () => columnPageInputs(roadmap, column, page.data, { current: page.currentPage, last: page.lastPage }),
        };
      }),
    ),
  );
  return pathsToRender(pages);
}

/** Each page of the changelog (`board.pageSize` entries a page). Unchanged ones may be kept. */
export async function changelogPagePaths(paginate: PaginateFunction) {
  const pages = await perLanguage((roadmap, lang) => {
    let issueById: Map<string, Issue> | undefined;
    return paginate(changelogWithNotes(roadmap.changelog, roadmap.releaseNotes), { params: { lang }, pageSize: roadmap.config.board.pageSize }).map((path) => {
      const { page } = path.props;
      return {
        path,
        folder: outputFolder(roadmap.ui.href(changelogPath(page.currentPage))),
        inputs: () =>
          changelogPageInputs(roadmap, (issueById ??= new Map(roadmap.issues.map((issue) => [issue.id, issue]))), page.data, { current: page.currentPage, last: page.lastPage }),
      };
    });
  });
  return pathsToRender(pages);
}

/** Projects on the site: their feeds. */
export function projectPaths() {
  return perLanguage(({ projects }, lang) => projects.map((project) => ({ params: { lang, id: pageSlug(project.id) }, props: { project } as ProjectPageProps })));
}

/** The embed's project pages: only projects on the site. Unchanged ones may be kept, as issue pages are. */
export async function embedProjectPaths() {
  const pages = await perLanguage((roadmap, lang) =>
    roadmap.projects.map((project) => ({
      path: { params: { lang, id: pageSlug(project.id) }, props: { project } as ProjectPageProps },
      folder: outputFolder(roadmap.ui.href(`${EMBED_DIR}/${projectPath(project.id)}`)),
      inputs: () => projectPageInputs(roadmap, { project }, undefined),
    })),
  );
  return pathsToRender(pages);
}

/** The site's project pages: projects on the site, and tombstones of those that left. Unchanged ones may be kept, as issue pages are. */
export async function projectPagePaths() {
  const pages = await perLanguage(async (roadmap, lang) => {
    const cards = await cardUrls(roadmap, 'projects');
    const subjects: { id: string; subject: ProjectPageProps }[] = [
      ...roadmap.projects.map((project) => ({ id: project.id, subject: { project } })),
      ...[...roadmap.history.left.projects].map(([id, goneSince]) => ({ id, subject: { goneSince } })),
    ];
    return subjects.map(({ id, subject }) => ({
      path: { params: { lang, id: pageSlug(id) }, props: subject },
      folder: tombstoneFolder(outputFolder(roadmap.ui.href(projectPath(id))), subject),
      inputs: () => projectPageInputs(roadmap, subject, subject.project && cards.get(id)),
    }));
  });
  return pathsToRender(pages);
}

export interface ReleasePageProps {
  slug: string;
}

/** A page per release note and language (the note in the main language where the language has none). */
export function releasePagePaths() {
  return perLanguage((roadmap, lang) => roadmap.releaseNotes.map(({ slug }) => ({ params: { lang, slug }, props: { slug } satisfies ReleasePageProps })));
}
