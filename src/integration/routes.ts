/**
 * Every page and file of a roadmap site, as routes the integration injects
 * (Astro's `injectRoute`). Each entry is a thin shell in src/routes/ that
 * reads the route data (src/route-data/roadmap.ts) and hands it to components.
 * `standalone` routes belong to the whole site, not to the roadmap: a site
 * that mounts the roadmap under a prefix keeps its own 404 page and robots.txt.
 */
import { FEEDS_BUNDLE } from '../feeds/feeds-bundle.ts';

export interface RoadmapRoute {
  /** The URL pattern below the roadmap's prefix, without a leading slash. */
  pattern: string;
  /** The file under src/routes/. */
  file: string;
  standalone?: boolean;
  /** Injected for this command only: `astro build` makes the feeds in one pass a language, `astro dev` answers each at its address. */
  only?: 'build' | 'dev';
}

export const ROADMAP_ROUTES: readonly RoadmapRoute[] = [
  { pattern: '[...lang]', file: '[...lang]/index.astro' },
  { pattern: '[...lang]/changelog/[...page]', file: '[...lang]/changelog/[...page].astro' },
  { pattern: '[...lang]/changes', file: '[...lang]/changes.astro' },
  { pattern: '[...lang]/shipped', file: '[...lang]/shipped.astro' },
  { pattern: '[...lang]/shipped/rss.xml', file: '[...lang]/shipped/rss.xml.ts' },
  { pattern: '[...lang]/shipped/atom.xml', file: '[...lang]/shipped/atom.xml.ts' },
  { pattern: '[...lang]/rss.xml', file: '[...lang]/rss.xml.ts' },
  { pattern: '[...lang]/issues/[id]', file: '[...lang]/issues/[id].astro' },
  { pattern: '[...lang]/issues/[id]/feed.xml', file: '[...lang]/issues/[id]/feed.xml.ts', only: 'dev' },
  { pattern: `[...lang]/${FEEDS_BUNDLE}`, file: '[...lang]/feeds.bundle.json.ts', only: 'build' },
  { pattern: '[...lang]/releases/[slug]', file: '[...lang]/releases/[slug].astro' },
  { pattern: '[...lang]/projects/[id]', file: '[...lang]/projects/[id].astro' },
  { pattern: '[...lang]/projects/[id]/rss.xml', file: '[...lang]/projects/[id]/rss.xml.ts', only: 'dev' },
  { pattern: '[...lang]/status/[column]/[...page]', file: '[...lang]/status/[column]/[...page].astro' },
  { pattern: '[...lang]/embed', file: '[...lang]/embed/index.astro' },
  { pattern: '[...lang]/embed/projects/[id]', file: '[...lang]/embed/projects/[id].astro' },
  { pattern: '[...lang]/embed/teams/[team]', file: '[...lang]/embed/teams/[team].astro' },
  { pattern: '[...lang]/teams/[team]', file: '[...lang]/teams/[team].astro' },
  { pattern: '[...lang]/teams/[team]/rss.xml', file: '[...lang]/teams/[team]/rss.xml.ts', only: 'dev' },
  { pattern: 'embed/theme.js', file: 'embed/theme.js.ts' },
  { pattern: 'theme.js', file: 'theme.js.ts' },
  { pattern: 'board-index.json', file: 'board-index.json.ts' },
  { pattern: 'history.json', file: 'history.json.ts' },
  { pattern: 'roadmap.json', file: 'roadmap.json.ts' },
  { pattern: 'latest.json', file: 'latest.json.ts' },
  { pattern: 'whats-new.js', file: 'whats-new.js.ts' },
  { pattern: 'site.css', file: 'site.css.ts' },
  { pattern: 'brand/[file]', file: 'brand/[file].ts' },
  { pattern: 'og/issues/[id].png', file: 'og/issues/[id].png.ts' },
  { pattern: 'og/projects/[id].png', file: 'og/projects/[id].png.ts' },
  { pattern: 'og/releases/[id].png', file: 'og/releases/[id].png.ts' },
  { pattern: 'og/[...lang]/site.png', file: 'og/[...lang]/site.png.ts' },
  { pattern: '404', file: '404.astro', standalone: true },
  { pattern: 'robots.txt', file: 'robots.txt.ts', standalone: true },
];

/** Astro's `pattern` of a route, below `prefix` (e.g. `roadmap`) when the roadmap is mounted in a site of its own. */
export function routePattern(prefix: string | undefined, route: RoadmapRoute): string {
  return `${prefix ? `/${prefix}` : ''}/${route.pattern}`;
}

/**
 * The routes of a roadmap that is the whole site, or mounted in one (which keeps its own 404 page and robots.txt),
 * for Astro's `command`: `dev` serves each feed at its address, any other (`build`) gets the one bundle a language.
 */
export function roadmapRoutes(mounted: boolean, command: string): readonly RoadmapRoute[] {
  const dev = command === 'dev';
  return ROADMAP_ROUTES.filter((route) => !(mounted && route.standalone) && route.only !== (dev ? 'build' : 'dev'));
}
