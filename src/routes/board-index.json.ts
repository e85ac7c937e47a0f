import type { APIRoute } from 'astro';
import { buildBoardIndex } from '../exports/board-index.ts';
import { getRoadmap } from '../route-data/roadmap.ts';

/** The board index: every published issue, for the filter island (src/exports/board-index.ts); fetched only when someone filters or sorts. */
export const GET: APIRoute = async () => new Response(JSON.stringify(buildBoardIndex(await getRoadmap())), { headers: { 'content-type': 'application/json' } });
