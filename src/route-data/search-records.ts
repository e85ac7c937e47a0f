/**
 * The search index's records (src/search/search-records.ts), made from each language's roadmap as its pages read it,
 * and handed to the search index's build step as soon as the first route asks for its paths: Pagefind indexes them
 * in its own process while the pages render, and only writes its files once they are all done.
 */
import { noteImageLayout } from '../release-notes/note-page.ts';
import { searchRecords, type SearchRecord } from '../search/search-records.ts';
import { searchRecordSink } from './build-state.ts';
import { noteImageSrcs } from './note-images.ts';
import { getRoadmap, languageParams } from './roadmap.ts';

let sentTo: object | undefined;

/** Sends every language's records to this build's search step, once; a no-op where the build makes no search index. */
export function sendSearchRecords(): void {
  const sink = searchRecordSink();
  if (!sink || sentTo === sink) return;
  sentTo = sink;
  sink.send(Promise.all(languageParams().map(({ lang }) => languageRecords(lang))).then((records) => records.flat()));
}

async function languageRecords(lang: string | undefined): Promise<SearchRecord[]> {
  const roadmap = await getRoadmap(lang);
  // The address of each note's image as its page shows it (the first image of a page is Pagefind's `image` meta).
  const srcs = await noteImageSrcs(roadmap.releaseNotes, noteImageLayout);
  return searchRecords(roadmap, lang, new Map([...srcs].map(([note, src]) => [note.file, src])));
}
