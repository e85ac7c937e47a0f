/** The page types of a built site, one page of each: what the page audits and the site tier's page-by-page checks read. */
import { listFiles } from './build-site.ts';

/**
 * One path per page type of a build. A type the build has no page of fails, naming the folder it looked in;
 * `teamBoards: false` for a site built with `board.teamBoards: false`, which has none.
 */
export function pageTypes(outDir: string, { teamBoards = true } = {}) {
  const files = listFiles(outDir);
  const first = (prefix: string) => {
    const file = files.find((f) => f.startsWith(prefix) && f.endsWith('index.html'));
    if (file === undefined) throw new Error(`${outDir} has no page in ${prefix}`);
    return `/${file.replace(/index\.html$/, '')}`;
  };
  return {
    board: '/',
    column: first('status/'),
    issue: first('issues/'),
    project: first('projects/'),
    // A team's board: the column component on a page of its own (its embed is the embed board's markup again).
    ...(teamBoards ? { 'team board': first('teams/') } : {}),
    shipped: '/shipped/',
    changelog: '/changelog/',
    'recent changes': '/changes/',
    'embed board': '/embed/',
    'embed project': first('embed/projects/'),
    'not found': '/issues/no-such-issue/',
    // A release note's page, on a site that has notes (the configured fixture's).
    ...(files.some((f) => f.startsWith('releases/')) ? { 'release note': first('releases/') } : {}),
  };
}
