import type { APIRoute } from 'astro';
import { serializeHistory } from '../history/schema.ts';
import { getRoadmap } from '../site/astro/data.ts';

/**
 * `/history.json`: the whole history, as the rebuild keeps it in its state
 * directory (byte for byte), so a rebuild that lost its state continues it from here.
 */
export const GET: APIRoute = async () => {
  const { history } = await getRoadmap();
  return new Response(serializeHistory(history), { headers: { 'content-type': 'application/json' } });
};
