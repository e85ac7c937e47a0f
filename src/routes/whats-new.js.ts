import type { APIRoute } from 'astro';
import { WHATS_NEW_SCRIPT } from '../exports/whats-new.ts';

/** The "what's new" badge script (src/exports/whats-new.ts), served as written. */
export const GET: APIRoute = () => new Response(WHATS_NEW_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
