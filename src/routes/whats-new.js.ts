import type { APIRoute } from 'astro';
import { WHATS_NEW_SCRIPT } from '../exports/whats-new-script.ts';

/** The "what's new" script (src/exports/whats-new-script.ts), served as written. */
export const GET: APIRoute = () => new Response(WHATS_NEW_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
