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
import { pageSlug, teamSlugs } from '../paths.ts';
import { getRoadmap, languageParams, type Roadmap } from './data.ts';

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

/** Issue pages (and, in `astro dev`, their feeds): issues on the site, and tombstones of those that left. */
export function issuePaths() {
  return perLanguage((roadmap, lang) => issueSubjects(roadmap).map(({ id, subject }) => ({ params: { lang, id: pageSlug(id) }, props: subject as IssuePageProps })));
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
