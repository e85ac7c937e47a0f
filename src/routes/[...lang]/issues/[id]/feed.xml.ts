import type { APIRoute } from 'astro';
import { eventAnchor, issueTimeline } from '../../../../history/timeline.ts';
import { atomFeed, type AtomEntry } from '../../../../site/atom.ts';
import { formatDate } from '../../../../i18n/format.ts';
import { timelineLabel } from '../../../../site/history-text.ts';
import { fill } from '../../../../i18n/labels.ts';
import { ISSUES_DIR } from '../../../../site/paths.ts';
import { roadmapFor } from '../../../../site/astro/data.ts';
import { issuePaths, type IssuePageProps } from '../../../../site/astro/static-paths.ts';

export const getStaticPaths = issuePaths;

/**
 * `/issues/{id}/feed.xml` (and `/{lang}/issues/{id}/feed.xml`): one Atom entry per step of the issue's
 * timeline, in the page's language and linking to that language's page; for an issue that left, one entry saying so.
 */
export const GET: APIRoute = async (context) => {
  const { issue, goneSince } = context.props as IssuePageProps;
  const roadmap = await roadmapFor(context.url);
  const { labels, ui, config } = roadmap;
  const root = new URL(ui.root, context.site).toString();
  // The page's own slug (an issue that left has no issue left to ask).
  const pageUrl = new URL(`${ISSUES_DIR}/${context.params.id}/`, root).toString();
  const feedUrl = `${pageUrl}feed.xml`;
  let entries: AtomEntry[];
  if (issue) {
    const steps = issueTimeline(roadmap.history, issue.id)?.steps ?? [];
    entries = steps.reverse().map((step) => ({
      id: `${pageUrl}#${step.anchor}`,
      link: `${pageUrl}#${step.anchor}`,
      updated: step.at,
      title: fill(labels[timelineLabel(step)], { column: roadmap.columnLabel(step.column), date: formatDate(step.at, ui.locale) }),
      // What the issue is, for a reader that shows an entry alone (RFC 4287 §4.2.13): its title and summary, as text.
      summary: [issue.title, ...issue.summary].join('\n'),
    }));
  } else {
    const anchor = eventAnchor('left', goneSince);
    entries = [{ id: `${pageUrl}#${anchor}`, link: root, updated: goneSince, title: labels.goneTitle }];
  }
  const body = atomFeed({
    url: feedUrl,
    pageUrl,
    title: issue ? fill(labels.issueFeedTitle, { title: issue.title }) : labels.goneTitle,
    author: config.title,
    language: ui.locale,
    entries,
    updated: entries[0]?.updated ?? roadmap.info.fetchedAt,
  });
  return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
};
