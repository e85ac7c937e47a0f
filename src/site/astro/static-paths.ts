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
import { issuePageInputs } from '../page-reuse.ts';
import { issuePath, pageSlug, teamSlugs } from '../paths.ts';
import { getRoadmap, languageParams, type Roadmap } from './data.ts';
import { keepsPages, outputFolder, pathsToRender } from './page-reuse.ts';
import { shareCardUrl } from './share-cards.ts';

export type IssuePageProps = IssueSubject;
export type ProjectPageProps = { project: Project; goneSince?: undefined } | { project?: undefined; goneSince: string };

/** One path per language, for the routes with no other parameter. */
export function languagePaths() {
  return languageParams().map((params) => ({ params }));
}

/** `make(roadmap, lang)` for every language of the site, flattened. */
async function perLanguage<T>(make: (roadmap: Roadmap, lang: string | undefined) => T[]): Promise<T[]> {
  const paths = await Promise.all(languageParams().map(async ({ lang }) => make(await getRoadmap(lang), lang)));
  return paths.flat();
}

/**
 * Issue pages (and, in `astro dev`, their feeds): issues on the site, and tombstones of those that left. A build
 * that keeps unchanged pages leaves out those it copies from the previous output (./page-reuse.ts).
 */
export async function issuePaths() {
  const pages = await Promise.all(
    languageParams().map(async ({ lang }) => {
      const roadmap = await getRoadmap(lang);
      const cards = await issueCardUrls(roadmap);
      return issueSubjects(roadmap).map(({ id, subject }) => ({
        path: { params: { lang, id: pageSlug(id) }, props: subject as IssuePageProps },
        folder: outputFolder(roadmap.ui.href(issuePath(id))),
        inputs: () => issuePageInputs(roadmap, subject, subject.issue && cards.get(subject.issue.id)),
      }));
    }),
  );
  return pathsToRender(pages.flat());
}

/** Each issue's share card address, for the pages' digests: only when the build keeps pages and draws cards. */
async function issueCardUrls(roadmap: Roadmap): Promise<Map<string, string | undefined>> {
  if (!keepsPages() || !roadmap.config.shareCards) return new Map();
  return new Map(await Promise.all(roadmap.issues.map(async (issue) => [issue.id, await shareCardUrl('issues', issue.id)] as const)));
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

/** The embed's project pages: only projects on the site. */
export function projectPaths() {
  return perLanguage(({ projects }, lang) => projects.map((project) => ({ params: { lang, id: pageSlug(project.id) }, props: { project } as ProjectPageProps })));
}

/** The site's project pages: projects on the site, and tombstones of those that left. */
export function projectPagePaths() {
  return perLanguage(({ projects, history }, lang) => [
    ...projects.map((project) => ({ params: { lang, id: pageSlug(project.id) }, props: { project } as ProjectPageProps })),
    ...[...history.left.projects].map(([id, goneSince]) => ({ params: { lang, id: pageSlug(id) }, props: { goneSince } as ProjectPageProps })),
  ]);
}
