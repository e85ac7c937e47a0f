import type { APIRoute } from 'astro';
import { serializeHistory, withoutUpvotes } from '../history/schema.ts';
import { getRoadmap } from '../route-data/roadmap.ts';

/**
 * `/history.json`: the whole history, as the rebuild keeps it in its state
 * directory (byte for byte), so a rebuild that lost its state continues it from here.
 * A site that hides upvote counts publishes it without the upvote samples.
 */
export const GET: APIRoute = async () => {
  const { history, ui } = await getRoadmap();
  return new Response(serializeHistory(ui.showUpvotes ? history : withoutUpvotes(history)), { headers: { 'content-type': 'application/json' } });
};
