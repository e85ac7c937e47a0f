/**
 * Note images as Astro's image service makes them, for what shows a note outside its page: the search records (the
 * address the page shows) and `/latest.json` (a small copy). `astro:assets` is loaded only when a note has an image:
 * the routes' unit tests provide none.
 */
import type { getImage as GetImage } from 'astro:assets';
import type { NoteImage } from '../release-notes/note-page.ts';
import type { ReleaseNote } from '../release-notes/notes.ts';

/** The address of each of `notes`' images, made with `options(image)` (widths, a size), by note; notes without one are left out. */
export async function noteImageSrcs(notes: readonly ReleaseNote[], options: (image: NoteImage) => Omit<Parameters<typeof GetImage>[0], 'src'>): Promise<Map<ReleaseNote, string>> {
  const srcs = new Map<ReleaseNote, string>();
  const withImages = notes.filter((note) => note.image);
  if (withImages.length === 0) return srcs;
  const { getImage } = await import('astro:assets');
  for (const note of withImages) srcs.set(note, (await getImage({ src: note.image!, ...options(note.image!) })).src);
  return srcs;
}
