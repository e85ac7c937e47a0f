/**
 * RSS items: one per change a reader cares about, from the history: an issue
 * new on the board, moved to in progress, moved to a shipped column; a
 * project completed. Newest first, at most `FEED_LIMIT`. Each item links to
 * its step on the issue page (`#event-…`), so its guid is unique to the event
 * and a reader shows "Shipped: X" even though X's page URL did not change.
 * What the history began with is not news: a first build has one item, the
 * roadmap's start (the last item of every feed, until 50 newer ones push it
 * out), rather than an empty feed or a backdated flood. The site's own feed
 * (`/rss.xml`) also carries the team's release notes at their dates, as the
 * shipped feeds make them (src/feeds/shipped-feed.ts `releaseNoteItems`).
 *
 * Feed readers show an item's `<description>` as HTML, so its text is
 * escaped as HTML here, before @astrojs/rss escapes it as XML: a reader that
 * undoes the XML escaping is left with text, never markup. Titles are plain
 * text in RSS and are escaped as XML only.
 */
import type { RSSFeedItem } from '@astrojs/rss';
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import type { History } from '../history/schema.ts';
import { feedEvents, type FeedEventKind } from '../history/timeline.ts';
import { escapeHtmlText } from '../shared/text.ts';
import { fill, type Labels, type StringKey } from '../i18n/labels.ts';
import { issuePath, projectPath } from '../view/paths.ts';
import { issueColumnLabel, type RoadmapView } from '../view/roadmap-view.ts';

/** Items in the feed at most. */
export const FEED_LIMIT = 50;

/** Columns whose arrival is "work started". */
export const STARTED_COLUMNS = ['in-progress'];

const TITLES: Record<FeedEventKind, StringKey> = { new: 'feedNew', started: 'feedStarted', shipped: 'feedShipped', completed: 'feedCompleted' };

/** `notes`: the release notes' items, newest first, put among the events at their dates (none in a project's or team's feed). */
export function feedItems(
  view: RoadmapView,
  history: History,
  config: Pick<RoadmapConfig, 'shipped'> & { title: string },
  labels: Labels,
  siteRoot: string,
  notes: readonly RSSFeedItem[] = [],
): RSSFeedItem[] {
  const url = (path: string) => new URL(path, siteRoot).toString();
  const issueById = new Map(view.issues.map((issue) => [issue.id, issue]));
  const items: RSSFeedItem[] = [];
  const events = feedEvents(history, { shippedColumns: config.shipped.columns, startedColumns: STARTED_COLUMNS, projectStates: config.shipped.projectStates });
  for (const event of events) {
    if (items.length === FEED_LIMIT) break;
    if (event.subject === 'issue') {
      const issue = issueById.get(event.id);
      if (!issue) continue;
      items.push({
        title: fill(labels[TITLES[event.kind]], { title: issue.title }),
        link: `${url(issuePath(issue.id))}#${event.anchor}`,
        pubDate: new Date(event.at),
        description: issue.summary.length ? escapeHtmlText(issue.summary.join(' · ')) : undefined,
        categories: [issueColumnLabel(view, issue), ...(issue.team ? [issue.team] : [])],
      });
    } else {
      const project = view.projectById.get(event.id);
      if (!project) continue;
      items.push({
        title: fill(labels[TITLES[event.kind]], { title: project.name }),
        link: `${url(projectPath(project.id))}#${event.anchor}`,
        pubDate: new Date(event.at),
        categories: [labels.projects],
      });
    }
  }
  if (notes.length) {
    const byDate = (item: RSSFeedItem) => item.pubDate?.getTime() ?? 0;
    // A stable sort of two lists each newest first: on the same moment an event stays before a note.
    items.splice(0, items.length, ...[...items, ...notes].sort((a, b) => byDate(b) - byDate(a)).slice(0, FEED_LIMIT));
  }
  if (items.length < FEED_LIMIT) {
    items.push({
      title: fill(labels.feedRoadmapStarted, { title: config.title }),
      link: `${siteRoot}#started-${history.startedAt.replace(/[^0-9A-Za-z]/g, '-')}`,
      pubDate: new Date(history.startedAt),
    });
  }
  return items;
}
