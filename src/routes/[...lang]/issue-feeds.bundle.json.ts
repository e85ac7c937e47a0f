import type { APIRoute } from 'astro';
import { issueFeeds } from '../../site/issue-feeds.ts';
import { roadmapFor } from '../../site/astro/data.ts';
import { issueFeedsBundle } from '../../site/astro/issue-feeds.ts';
import { languagePaths } from '../../site/astro/static-paths.ts';

export const getStaticPaths = languagePaths;

/**
 * Every issue feed of the language (`issues/{id}/feed.xml`), in one internal bundle a build step turns into the
 * files and deletes (src/site/astro/issue-feeds.ts). Built by `astro build` only; `astro dev` answers each feed at
 * its own address (issues/[id]/feed.xml.ts).
 */
export const GET: APIRoute = async (context) => issueFeedsBundle(issueFeeds(await roadmapFor(context.url), context.site));
