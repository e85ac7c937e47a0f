/**
 * A build's issue feeds (src/feeds/issue-feeds.ts) as the feeds' bundle route makes them: in a build that keeps
 * unchanged pages, an issue feed that shows what it showed in the previous build is left out, and the build step
 * links the previous one instead (./page-reuse.ts, src/integration/steps/page-reuse.ts).
 */
import { issueFeedInputs, issueFeeds, issueSubjects, type FeedFile } from '../feeds/issue-feeds.ts';
import { issueFeedPath } from '../view/paths.ts';
import { feedsToMake, outputFolder } from './page-reuse.ts';
import type { Roadmap } from './roadmap.ts';

/** The issue feeds of `roadmap`'s language this build writes. */
export function changedIssueFeeds(roadmap: Roadmap, site: URL | undefined): FeedFile[] {
  const subjects = feedsToMake(
    issueSubjects(roadmap).map((item) => ({
      feed: item,
      file: outputFolder(roadmap.ui.href(issueFeedPath(item.id))),
      inputs: () => issueFeedInputs(roadmap, item.id, item.subject),
    })),
  );
  return issueFeeds(roadmap, site, subjects);
}
