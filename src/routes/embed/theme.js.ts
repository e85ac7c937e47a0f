import type { APIRoute } from 'astro';
import { EMBED_THEME_SCRIPT } from '../../theme/embed-theme.ts';

/** The embed pages' theme script (src/theme/embed-theme.ts), served as written. */
export const GET: APIRoute = () => new Response(EMBED_THEME_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
