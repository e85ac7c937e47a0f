import type { APIRoute } from 'astro';
import SITE_THEME_SCRIPT from '../client-scripts/site-theme.ts?classic';

/** The site pages' theme script (src/client-scripts/site-theme.ts), bundled as a classic script (src/integration/classic-scripts.ts). */
export const GET: APIRoute = () => new Response(SITE_THEME_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
