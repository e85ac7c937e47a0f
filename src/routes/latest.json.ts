import type { APIRoute } from 'astro';
import { getRoadmap } from '../route-data/roadmap.ts';
import { siteRoot } from '../route-data/urls.ts';
import { latestDocument } from '../exports/whats-new.ts';
import { changelogWithNotes } from '../release-notes/notes.ts';
import { noteSummary } from '../release-notes/note-page.ts';

/** The last shipped items and notes, in the main language, for the "what's new" script (src/exports/whats-new.ts) and any app that wants them. */
export const GET: APIRoute = async () => {
  const { changelog, shipped, releaseNotes, ui, config } = await getRoadmap();
  const issues = new Map(shipped.issues.map((issue) => [issue.id, issue.title]));
  const projects = new Map(shipped.projects.map((project) => [project.id, project.name]));
  const notes = new Map(releaseNotes.map((note) => [note.slug, note]));
  const document = latestDocument({
    siteRoot: siteRoot(),
    changelog: changelogWithNotes(changelog, releaseNotes),
    title: (entry) => (entry.kind === 'note' ? notes.get(entry.id)?.title : (entry.kind === 'issue' ? issues : projects).get(entry.id)),
    summary: (entry) => {
      const note = entry.kind === 'note' ? notes.get(entry.id) : undefined;
      return note && noteSummary(note);
    },
    tags: (entry) => (entry.kind === 'note' ? notes.get(entry.id)?.tags : undefined),
    language: { locale: ui.locale, dir: ui.dir, labels: ui.labels, tags: config.releaseNotes.tags, tagLabels: ui.releaseTagLabels },
  });
  return new Response(`${JSON.stringify(document, null, 1)}\n`, { headers: { 'content-type': 'application/json' } });
};
