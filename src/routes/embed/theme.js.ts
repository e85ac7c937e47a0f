import type { APIRoute } from 'astro';
import EMBED_THEME_SCRIPT from '../../client-scripts/embed-theme.ts?classic';

/** The embed pages' theme script (src/client-scripts/embed-theme.ts), bundled as a classic script (src/integration/classic-scripts.ts). */
export const GET: APIRoute = () => new Response(EMBED_THEME_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
