import type { APIRoute } from 'astro';
import { SITE_THEME_SCRIPT } from '../theme/site-theme.ts';

/** The site pages' theme script (src/theme/site-theme.ts), served as written. */
export const GET: APIRoute = () => new Response(SITE_THEME_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
