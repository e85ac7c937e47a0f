import type { APIRoute } from 'astro';
import { cardPaths, cardResponse } from '../../../site/astro/share-cards.ts';

/** `/og/projects/{id}.png`: a project's share card (config `shareCards`, src/site/share-card.ts). */
export const getStaticPaths = () => cardPaths('projects');

export const GET: APIRoute = ({ props }) => cardResponse(props);
