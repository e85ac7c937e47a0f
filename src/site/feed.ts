/**
 * RSS items: issues that shipped or changed, and completed projects, newest
 * first. The portal keeps no status history (docs/portal-api.md, Issue resource (v1) §3),
 * so an issue's last change is its `updatedAt`, and its item names the
 * status it has now.
 *
 * Feed readers show an item's `<description>` as HTML, so its text is
 * escaped as HTML here, before @astrojs/rss escapes it as XML: a reader that
 * undoes the XML escaping is left with text, never markup. Titles and
 * categories are plain text in RSS and are escaped as XML only.
 */
import type { RSSFeedItem } from '@astrojs/rss';
import { escapeHtmlText } from '../shared/text.ts';
import type { Labels } from './labels.ts';
import { issuePath, projectPath } from './paths.ts';
import type { RoadmapView } from './view.ts';

/** Items in the feed at most. */
export const FEED_LIMIT = 50;

export function feedItems(view: RoadmapView, labels: Labels, siteRoot: string): RSSFeedItem[] {
  const url = (path: string) => new URL(path, siteRoot).toString();
  const issues = view.issues
    .filter((issue) => issue.updatedAt ?? issue.createdAt)
    .map((issue) => {
      const column = view.columnByIssue.get(issue.id);
      return {
        title: `${column?.label ?? issue.status}: ${issue.title}`,
        link: url(issuePath(issue.id)),
        pubDate: new Date((issue.updatedAt ?? issue.createdAt)!),
        description: issue.summary.length ? escapeHtmlText(issue.summary.join(' · ')) : undefined,
        categories: [column?.label ?? issue.status, ...(issue.team ? [issue.team] : [])],
      };
    });
  const projects = view.shipped.projects
    .filter((project) => project.createdAt)
    .map((project) => ({
      title: `${labels.shippedProjects}: ${project.name}`,
      link: url(projectPath(project.id)),
      pubDate: new Date(project.createdAt!),
      categories: [labels.projects],
    }));
  return [...issues, ...projects].sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime()).slice(0, FEED_LIMIT);
}
