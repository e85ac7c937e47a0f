import type { APIRoute } from 'astro';
import { getRoadmap } from '../route-data/roadmap.ts';
import { siteRoot } from '../route-data/urls.ts';
import { latestDocument, latestImageSize, type LatestImage } from '../exports/whats-new.ts';
import { changelogWithNotes } from '../release-notes/notes.ts';
import { noteSummary } from '../release-notes/note-page.ts';

/** The last shipped items and notes, in the main language, for the "what's new" script (src/exports/whats-new.ts) and any app that wants them. */
export const GET: APIRoute = async () => {
  const { changelog, shipped, releaseNotes, ui, config } = await getRoadmap();
  const issues = new Map(shipped.issues.map((issue) => [issue.id, issue.title]));
  const projects = new Map(shipped.projects.map((project) => [project.id, project.name]));
  const notes = new Map(releaseNotes.map((note) => [note.slug, note]));
  // Each note's image as a small copy, made by Astro's image service like the note page's.
  const images = new Map<string, LatestImage>();
  const withImages = releaseNotes.filter((note) => note.image);
  // Loaded only when a note has an image: the routes' unit tests provide no `astro:assets`.
  const { getImage } = withImages.length ? await import('astro:assets') : { getImage: undefined };
  for (const note of withImages) {
    const size = latestImageSize(note.image!.width, note.image!.height);
    const { src } = await getImage!({ src: note.image!, width: size.width });
    images.set(note.slug, { url: new URL(src, siteRoot()).toString(), alt: note.imageAlt ?? '', ...size });
  }
  const document = latestDocument({
    siteRoot: siteRoot(),
    changelog: changelogWithNotes(changelog, releaseNotes),
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
