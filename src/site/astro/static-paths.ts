/** getStaticPaths of the routes that make one page per issue or per project (site and embed pages share them). */
import { pageSlug } from '../paths.ts';
import { getRoadmap } from './data.ts';

export async function issuePaths() {
  const { issues } = await getRoadmap();
  return issues.map((issue) => ({ params: { id: pageSlug(issue.id) }, props: { issue } }));
}

export async function projectPaths() {
  const { projects } = await getRoadmap();
  return projects.map((project) => ({ params: { id: pageSlug(project.id) }, props: { project } }));
}
