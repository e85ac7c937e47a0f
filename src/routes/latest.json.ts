import type { APIRoute } from 'astro';
import { getRoadmap } from '../route-data/roadmap.ts';
import { siteRoot } from '../route-data/urls.ts';
import { latestDocument, latestEntries, latestImageSize, type LatestImage } from '../exports/whats-new.ts';
import { noteImageSrcs } from '../route-data/note-images.ts';
import { changelogWithNotes } from '../release-notes/notes.ts';
import { noteSummary } from '../release-notes/note-page.ts';

/** The last shipped items and notes, in the main language, for the "what's new" script (src/exports/whats-new.ts) and any app that wants them. */
export const GET: APIRoute = async () => {
  const { changelog, shipped, releaseNotes, ui, config } = await getRoadmap();
  const issues = new Map(shipped.issues.map((issue) => [issue.id, issue.title]));
  const projects = new Map(shipped.projects.map((project) => [project.id, project.name]));
  const notes = new Map(releaseNotes.map((note) => [note.slug, note]));
  const entries = latestEntries(changelogWithNotes(changelog, releaseNotes));
  // The image of each note listed, as a small copy made by Astro's image service like the note page's.
  const listed = new Set(entries.filter((entry) => entry.kind === 'note').map((entry) => entry.id));
  const srcs = await noteImageSrcs(
    releaseNotes.filter((note) => listed.has(note.slug)),
    (image) => ({ width: latestImageSize(image.width, image.height).width }),
  );
  const images = new Map<string, LatestImage>(
    [...srcs].map(([note, src]) => [note.slug, { url: new URL(src, siteRoot()).toString(), alt: note.imageAlt ?? '', ...latestImageSize(note.image!.width, note.image!.height) }]),
  );
  const document = latestDocument({
    siteRoot: siteRoot(),
    changelog: entries,
    title: (entry) => (entry.kind === 'note' ? notes.get(entry.id)?.title : (entry.kind === 'issue' ? issues : projects).get(entry.id)),
    summary: (entry) => {
      const note = entry.kind === 'note' ? notes.get(entry.id) : undefined;
      return note && noteSummary(note);
    },
    tags: (entry) => (entry.kind === 'note' ? notes.get(entry.id)?.tags : undefined),
    image: (entry) => (entry.kind === 'note' ? images.get(entry.id) : undefined),
    language: { locale: ui.locale, dir: ui.dir, labels: ui.labels, tags: config.releaseNotes.tags, tagLabels: ui.releaseTagLabels },
  });
  return new Response(`${JSON.stringify(document, null, 1)}\n`, { headers: { 'content-type': 'application/json' } });
};
