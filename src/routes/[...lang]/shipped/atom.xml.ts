import type { APIRoute } from 'astro';
import { atomFeed } from '../../../feeds/atom.ts';
import { shippedFeed } from '../../../route-data/shipped-feed.ts';
import { shippedAtomEntries } from '../../../feeds/shipped-feed.ts';
import { languagePaths } from '../../../route-data/static-paths.ts';

export const getStaticPaths = languagePaths;

/** `/shipped/atom.xml`: the shipped feed (src/feeds/shipped-feed.ts) as Atom. */
export const GET: APIRoute = async (context) => {
  const { title, root, feedUrl, items, locale, author, updated } = await shippedFeed(context, 'atom.xml');
  const body = atomFeed({ url: feedUrl, pageUrl: new URL('shipped/', root).toString(), title, author, language: locale, entries: shippedAtomEntries(items), updated });
  return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
