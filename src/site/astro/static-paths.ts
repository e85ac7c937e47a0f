/**
 * getStaticPaths of the `[...lang]` routes: every page once per language of
 * the site, `lang` undefined for the main language (at the root) and the
 * language's folder for the others. Site and embed pages share them. The
 * site's own issue and project routes (and each issue's feed: src/site/issue-feeds.ts)
 * also keep a page for every id the history says once had one: a tombstone, so a link
 * shared last month still leads somewhere, in every language.
 */
import type { Project } from '../../snapshot/model.ts';
import { issueSubjects, type IssueSubject } from '../issue-feeds.ts';
import { EMBED_DIR } from '../headers.ts';
import { issuePageInputs, projectPageInputs } from '../page-reuse.ts';
import { issuePath, pageSlug, projectPath, teamSlugs } from '../paths.ts';
import { getRoadmap, languageParams, type Roadmap } from './data.ts';
import { keepsPages, outputFolder, pathsToRender } from './page-reuse.ts';
import { shareCardUrl, type CardKind } from './share-cards.ts';

export type IssuePageProps = IssueSubject;
export type ProjectPageProps = { project: Project; goneSince?: undefined } | { project?: undefined; goneSince: string };

/** One path per language, for the routes with no other parameter. */
export function languagePaths() {
  return languageParams().map((params) => ({ params }));
}

/** `make(roadmap, lang)` for every language of the site, flattened. */
async function perLanguage<T>(make: (roadmap: Roadmap, lang: string | undefined) => T[] | Promise<T[]>): Promise<T[]> {
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
      folder: outputFolder(roadmap.ui.href(issuePath(id))),
      inputs: () => issuePageInputs(roadmap, subject, subject.issue && cards.get(subject.issue.id)),
    }));
  });
  return pathsToRender(pages);
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

/** A board per team (unless `board.teamBoards` is off): teams with an issue on the site, so never an empty one. */
export function teamPaths() {
  return perLanguage(({ teams, config }, lang) => {
    if (!config.board.teamBoards) return [];
    return [...teamSlugs(teams)].map(([team, slug]) => ({ params: { lang, team: slug }, props: { team, slug } satisfies TeamPageProps }));
  });
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
      folder: outputFolder(roadmap.ui.href(projectPath(id))),
      inputs: () => projectPageInputs(roadmap, subject, subject.project && cards.get(id)),
    }));
  });
  return pathsToRender(pages);
}
