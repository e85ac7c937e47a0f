import type { APIRoute } from 'astro';
import { getRoadmap } from '../route-data/roadmap.ts';
import { siteRoot } from '../route-data/urls.ts';
import { latestDocument } from '../exports/whats-new.ts';
import { changelogWithNotes } from '../view/release-notes.ts';

/** The last shipped items, for the "what's new" badge (src/exports/whats-new.ts) and any app that wants them. */
export const GET: APIRoute = async () => {
  const { changelog, shipped, releaseNotes } = await getRoadmap();
  const issues = new Map(shipped.issues.map((issue) => [issue.id, issue.title]));
  const projects = new Map(shipped.projects.map((project) => [project.id, project.name]));
  const notes = new Map(releaseNotes.map((note) => [note.slug, note.title]));
  const document = latestDocument({
    siteRoot: siteRoot(),
    changelog: changelogWithNotes(changelog, releaseNotes),
    title: (entry) => (entry.kind === 'issue' ? issues : entry.kind === 'note' ? notes : projects).get(entry.id),
  });
  return new Response(`${JSON.stringify(document, null, 1)}\n`, { headers: { 'content-type': 'application/json' } });
};
