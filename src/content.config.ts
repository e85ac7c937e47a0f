// The demo site's collections: the roadmap's, as any project that uses the package declares them.
import { roadmapCollections } from 'portal-roadmap/content';

export const collections = roadmapCollections();
