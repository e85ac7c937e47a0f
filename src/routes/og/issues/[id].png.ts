import type { APIRoute } from 'astro';
import { cardPaths, cardResponse } from '../../../route-data/share-cards.ts';

/** `/og/issues/{id}.png`: an issue's share card (config `shareCards`, src/share-cards/share-card.ts). */
export const getStaticPaths = () => cardPaths('issues');

export const GET: APIRoute = ({ props }) => cardResponse(props);
