/**
 * The "shipped" feed (`/shipped/rss.xml`, `/shipped/atom.xml`): one item per
 * shipped issue, newest first, for the RSS-to-e-mail features of newsletter
 * services (Buttondown, Mailchimp, Kit), which send each new item once. So
 * each item carries the issue's whole summary and its description, and an id
 * that stays the same from build to build: the issue page's anchor of the
 * step that shipped it. An issue that ships again later (after leaving the
 * shipped columns) is a new item with a new id; one that stays shipped is
 * never sent twice.
 */
import type { RSSFeedItem } from '@astrojs/rss';
import type { ChangelogEntry } from '../history/timeline.ts';
import { issueTimeline } from '../history/timeline.ts';
import type { History } from '../history/schema.ts';
import type { Issue } from '../snapshot/model.ts';
import { issuePath, releasePath } from '../view/paths.ts';
import { FEED_LIMIT } from './site-feed.ts';
import type { AtomEntry } from './atom.ts';
import { escapeHtmlText } from '../shared/text.ts';

export interface ShippedItem {
  /** The issue page with the anchor of its shipping step: the item's stable id, and its link. */
  url: string;
  title: string;
  /** When it entered a shipped column (or, shipped before the history began, the history's first date for it). */
  at: string;
  /** Every line of the issue's summary, as plain text. */
  summary: string[];
  /** The issue's sanitised description HTML ("" for none). */
  descriptionHtml: string;
  /** The feed's categories: the column the issue is in, or each of a note's tags. */
  categories: string[];
}

export function shippedItems(
  changelog: readonly ChangelogEntry[],
  context: {
    issueById: ReadonlyMap<string, Issue>;
    history: History;
    /** Per shipped issue, its earliest release note's day, which the changelog's dates were bounded by too (`changelog`). */
    noteDates: ReadonlyMap<string, string>;
    /** Absolute URL of the language's root, with the base path. */
    siteRoot: string;
    descriptionHtml: (id: string) => string;
    columnOf: (issue: Issue) => string;
  },
): ShippedItem[] {
  const items: ShippedItem[] = [];
  for (const entry of changelog) {
    if (items.length === FEED_LIMIT) break;
    const issue = entry.kind === 'issue' ? context.issueById.get(entry.id) : undefined;
    if (!issue) continue;
    const page = new URL(issuePath(issue.id), context.siteRoot).toString();
    const step = issueTimeline(context.history, issue.id, issue.updatedAt, context.noteDates.get(issue.id))?.steps.find((candidate) => candidate.at === entry.at);
    items.push({
      url: step ? `${page}#${step.anchor}` : page,
      title: issue.title,
      at: entry.at,
      summary: [...issue.summary],
      descriptionHtml: context.descriptionHtml(issue.id),
      categories: [context.columnOf(issue)],
    });
  }
  return items;
}

/** What a release note's feed item is made of (src/release-notes/notes.ts `ReleaseNote`). */
export interface FeedNote {
  slug: string;
  title: string;
  date: string;
  html: string;
  tags: readonly string[];
}

/**
 * A release note as a feed item of its own: its page is its id and link, its sanitised body the content, its date's
 * midnight (UTC) its date. Its categories are its tags' words, one each, else `category`. The shipped feeds and the site's feed
 * (`/rss.xml`) carry notes as these.
 */
export function releaseNoteItems(notes: readonly FeedNote[], context: { siteRoot: string; category: string; tagLabel: (tag: string) => string }): ShippedItem[] {
  return notes.map((note) => ({
    url: new URL(releasePath(note.slug), context.siteRoot).toString(),
    title: note.title,
    at: `${note.date}T00:00:00.000Z`,
    summary: [],
    descriptionHtml: note.html,
    categories: note.tags.length ? note.tags.map(context.tagLabel) : [context.category],
  }));
}

/**
 * The shipped items with the team's release notes among them (`releaseNoteItems`), newest first, at most
 * `FEED_LIMIT`, so the e-mail services send a note once, as they send a shipped issue.
 */
export function withReleaseNotes(items: readonly ShippedItem[], noteItems: readonly ShippedItem[]): ShippedItem[] {
  return [...items, ...noteItems].sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1)).slice(0, FEED_LIMIT);
}

/**
 * RSS items: the summary as text in `<description>` (escaped as HTML, since readers show a description as HTML,
 * before @astrojs/rss escapes it as XML), the sanitised description in `<content:encoded>`, which the e-mail
 * services put in the message body.
 */
export function shippedRssItems(items: readonly ShippedItem[]): RSSFeedItem[] {
  return items.map((item) => ({
    title: item.title,
    link: item.url,
    pubDate: new Date(item.at),
    description: item.summary.length ? escapeHtmlText(item.summary.join('\n')) : undefined,
    content: item.descriptionHtml || undefined,
    categories: item.categories,
  }));
}

/** Atom entries (RFC 4287): the summary as text, the description as `type="html"` content. */
export function shippedAtomEntries(items: readonly ShippedItem[]): AtomEntry[] {
  return items.map((item) => ({
    id: item.url,
    link: item.url,
    updated: item.at,
    title: item.title,
    summary: item.summary.join('\n') || undefined,
    contentHtml: item.descriptionHtml || undefined,
    categories: item.categories,
  }));
}
