import type { APIRoute } from 'astro';
import { getRoadmap } from '../roadmap/data.ts';
import { projectColoursCss } from '../lib/project-colours.ts';

export const GET: APIRoute = async () => {
  const { projects } = await getRoadmap();
  return new Response(projectColoursCss(projects), { headers: { 'content-type': 'text/css; charset=utf-8' } });
};
