import type { APIRoute } from 'astro';
import { buildBoardIndex } from '../site/board-index.ts';
import { getRoadmap } from '../site/astro/data.ts';

/** The filter island's index of every published issue (src/site/board-index.ts); fetched only when someone filters or sorts. */
export const GET: APIRoute = async () => new Response(JSON.stringify(buildBoardIndex(await getRoadmap())), { headers: { 'content-type': 'application/json' } });
