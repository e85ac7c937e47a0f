/**
 * The feeds' bundle: every feed of one language (the issues' Atom feeds, the projects' and teams' RSS feeds) made in
 * one pass by one route, `src/routes/[...lang]/feeds.bundle.json.ts`, and written out beside each page by the build
 * step src/integration/steps/feed-files.ts, which then deletes it. A build only: `astro dev` answers each feed at its
 * own address (the project and team feed routes; an issue's feed is a file of builds alone). One route for thousands of
 * feeds is what keeps a large site's route phase short (docs/performance.md, "Issue feeds in one pass").
 */
import type { FeedFile } from './issue-feeds.ts';

/** The bundle's name in each language's folder; never published. */
export const FEEDS_BUNDLE = 'feeds.bundle.json';

/** A language's feeds. Each file's path is below the language's root. */
export interface FeedsBundle {
  issues: FeedFile[];
  scoped: FeedFile[];
}
