import type { APIRoute } from 'astro';
import { EMBED_THEME_SCRIPT } from '../../site/embed-theme.ts';

/** The embed pages' theme script (src/site/embed-theme.ts), served as written. */
export const GET: APIRoute = () => new Response(EMBED_THEME_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
