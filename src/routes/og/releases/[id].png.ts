import type { APIRoute } from 'astro';
import { cardPaths, cardResponse } from '../../../route-data/share-cards.ts';

/** `/og/releases/{slug}.png`: a release note's share card (config `shareCards`, src/share-cards/share-card.ts). */
export const getStaticPaths = () => cardPaths('releases');

export const GET: APIRoute = ({ props }) => cardResponse(props);
