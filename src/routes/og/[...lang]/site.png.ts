import type { APIRoute } from 'astro';
import { cardPaths, cardResponse } from '../../../route-data/share-cards.ts';

/** `/og/site.png` (and `/og/{language}/site.png` where a language's title or description differs): the site's share card, the image of every page with no card of its own (config `shareCards`). */
export const getStaticPaths = () => cardPaths('site');

export const GET: APIRoute = ({ props }) => cardResponse(props);
