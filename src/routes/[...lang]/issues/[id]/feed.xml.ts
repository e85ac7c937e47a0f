import type { APIRoute } from 'astro';
import { issueFeed } from '../../../../feeds/issue-feeds.ts';
import { roadmapFor } from '../../../../route-data/roadmap.ts';
import { issuePaths, type IssuePageProps } from '../../../../route-data/static-paths.ts';

export const getStaticPaths = issuePaths;

/**
 * `/issues/{id}/feed.xml` (and `/{lang}/issues/{id}/feed.xml`), in `astro dev` only, so an issue page's feed link
 * answers there too. A build writes the same files from one bundle a language (../../feeds.bundle.json.ts).
 */
export const GET: APIRoute = async (context) =>
  new Response(issueFeed(await roadmapFor(context.url), context.site, context.params.id!, context.props as IssuePageProps), {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8' },
  });
