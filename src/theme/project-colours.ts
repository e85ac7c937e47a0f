/**
 * Project colours reach the page through a generated stylesheet, one class per
 * project, never through a `style` attribute: the site runs under a CSP with
 * no `unsafe-inline`. Only colours that passed `hexColour` get here.
 */
import type { Project } from '../snapshot/model.ts';
import { pageSlug } from '../view/paths.ts';

/** Neutral colour for projects without a valid one. */
export const DEFAULT_PROJECT_COLOUR = '#64748b';

export function projectColourClass(project: Pick<Project, 'id'>): string {
  return `project-${pageSlug(project.id)}`;
}

export function projectColoursCss(projects: readonly Pick<Project, 'id' | 'color'>[]): string {
  return projects.map((project) => `.${cssIdentifier(projectColourClass(project))}{--project-colour:${project.color ?? DEFAULT_PROJECT_COLOUR}}`).join('\n');
}

/** A class name as a CSS selector: a slug's `~` (src/view/paths.ts) is a combinator in CSS unless escaped. */
function cssIdentifier(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`);
}
