import type { APIRoute } from 'astro';
import { cardPaths, cardResponse } from '../../../route-data/share-cards.ts';

/** `/og/projects/{id}.png`: a project's share card (config `shareCards`, src/share-cards/share-card.ts). */
export const getStaticPaths = () => cardPaths('projects');

export const GET: APIRoute = ({ props }) => cardResponse(props);
