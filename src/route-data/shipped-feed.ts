/** What both shipped feeds (`/shipped/rss.xml`, `/shipped/atom.xml`) of one language are made of. */
import type { APIContext } from 'astro';
import { releaseNoteItems, shippedItems, withReleaseNotes, type ShippedItem } from '../feeds/shipped-feed.ts';
import { releaseTagLabel } from '../release-notes/notes.ts';
import { issueColumnLabel } from '../view/roadmap-view.ts';
import { roadmapFor, type Roadmap } from './roadmap.ts';
import { titled } from '../i18n/joins.ts';

export interface ShippedFeed {
  /** "Shipped issues · {site title}" (`titleWithSite`), in the language of the feed. */
  title: string;
  description: string;
  /** Absolute URL of the language's root, with the base path. */
  root: string;
  /** The feed's own URL. */
  feedUrl: string;
  locale: string;
  /** Who publishes it: the site title. */
  author: string;
  /** The newest item's date, or the snapshot's. */
  updated: string;
  items: ShippedItem[];
}

export async function shippedFeed(context: APIContext, file: 'rss.xml' | 'atom.xml'): Promise<ShippedFeed> {
  const roadmap = await roadmapFor(context.url);
  const { labels, ui, config } = roadmap;
  const root = new URL(ui.root, context.site).toString();
  const issueItems = shippedItems(roadmap.changelog, {
    issueById: new Map(roadmap.issues.map((issue) => [issue.id, issue])),
    history: roadmap.history,
    noteDates: roadmap.noteDates,
    siteRoot: root,
    descriptionHtml: (id) => roadmap.descriptionHtml('issues', id),
    columnOf: (issue) => issueColumnLabel(roadmap, issue),
  });
  const items = withReleaseNotes(issueItems, noteFeedItems(roadmap, root));
  return {
    title: titled(labels, labels.shippedIssues, config.title),
    description: labels.shippedIntro,
    root,
    feedUrl: new URL(`shipped/${file}`, root).toString(),
    locale: ui.locale,
    author: config.title,
    updated: items[0]?.at ?? roadmap.info.fetchedAt,
    items,
  };
}

/** The release notes of `roadmap`'s language as feed items (`root`: the language's absolute root): the shipped feeds' and the site feed's. */
export function noteFeedItems(roadmap: Roadmap, root: string): ShippedItem[] {
  const { labels } = roadmap;
  return releaseNoteItems(roadmap.releaseNotes, {
    siteRoot: root,
    category: labels.issueReleaseNotes,
    tagLabel: (tag) => releaseTagLabel(tag, labels, roadmap.ui.releaseTagLabels),
  });
}
