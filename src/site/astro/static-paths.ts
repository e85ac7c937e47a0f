/**
 * getStaticPaths of the routes that make one page per issue or per project
 * (site and embed pages share them). The site's own issue and project routes
 * also keep a page for every id the history says once had one: a tombstone,
 * so a link shared last month still leads somewhere.
 */
import type { Issue, Project } from '../../snapshot/model.ts';
import { pageSlug } from '../paths.ts';
import { getRoadmap } from './data.ts';

export type IssuePageProps = { issue: Issue; goneSince?: undefined } | { issue?: undefined; goneSince: string };
export type ProjectPageProps = { project: Project; goneSince?: undefined } | { project?: undefined; goneSince: string };

export async function issuePaths() {
  const { issues, history } = await getRoadmap();
  return [
    ...issues.map((issue) => ({ params: { id: pageSlug(issue.id) }, props: { issue } as IssuePageProps })),
    ...[...history.left.issues].map(([id, goneSince]) => ({ params: { id: pageSlug(id) }, props: { goneSince } as IssuePageProps })),
  ];
}

/** The embed's project pages: only projects on the site. */
export async function projectPaths() {
  const { projects } = await getRoadmap();
  return projects.map((project) => ({ params: { id: pageSlug(project.id) }, props: { project } as ProjectPageProps }));
}

/** The site's project pages: projects on the site, and tombstones of those that left. */
export async function projectPagePaths() {
  const { history } = await getRoadmap();
  return [
    ...(await projectPaths()),
    ...[...history.left.projects].map(([id, goneSince]) => ({ params: { id: pageSlug(id) }, props: { goneSince } as ProjectPageProps })),
  ];
}
