/**
 * getStaticPaths of the `[...lang]` routes: every page once per language of
 * the site, `lang` undefined for the main language (at the root) and the
 * language's folder for the others. Site and embed pages share them.
 */
import { pageSlug } from '../paths.ts';
import { getRoadmap, languageParams } from './data.ts';

/** One path per language, for the routes with no other parameter. */
export function languagePaths() {
  return languageParams().map((params) => ({ params }));
}

export async function issuePaths() {
  const perLanguage = await Promise.all(
    languageParams().map(async ({ lang }) => (await getRoadmap(lang)).issues.map((issue) => ({ params: { lang, id: pageSlug(issue.id) }, props: { issue } }))),
  );
  return perLanguage.flat();
}

export async function projectPaths() {
  const perLanguage = await Promise.all(
    languageParams().map(async ({ lang }) => (await getRoadmap(lang)).projects.map((project) => ({ params: { lang, id: pageSlug(project.id) }, props: { project } }))),
  );
  return perLanguage.flat();
}
