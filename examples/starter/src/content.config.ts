import { roadmapCollections } from 'portal-roadmap/content';

export const collections = roadmapCollections();
