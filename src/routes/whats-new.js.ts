import type { APIRoute } from 'astro';
import WHATS_NEW_SCRIPT from '../client-scripts/whats-new.ts?classic';

/** The "what's new" script (src/client-scripts/whats-new.ts), bundled as a classic script. */
export const GET: APIRoute = () => new Response(WHATS_NEW_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
