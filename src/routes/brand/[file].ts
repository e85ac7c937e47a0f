import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { APIRoute } from 'astro';
import settings from 'virtual:portal-roadmap/settings';
import { brandFiles } from '../../config/brand.ts';

/** The team's brand images (src/config/brand.ts), copied byte for byte under their digest names. */
export const getStaticPaths = () => brandFiles(settings.brand).map(({ url, file, type }) => ({ params: { file: basename(url) }, props: { file, type } }));

export const GET: APIRoute = async ({ props }) => new Response(await readFile(props.file as string), { headers: { 'content-type': props.type as string } });
