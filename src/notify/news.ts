/**
 * What `portal-roadmap notify` tells: the news in the history the rebuild keeps
 * in its state folder, as the site's feed tells it (src/feeds/site-feed.ts): an issue
 * new on the board, moved to in progress, shipped; a project completed. Each
 * event has a key of its own (the anchor of its step on the page, which holds
 * its kind and date), which the ledger remembers once posted. Only what the
 * site shows now is told: an issue that left since is not named. And a release
 * note the first time a rebuild published it (src/history/published-notes.ts),
 * at that run's moment, keyed by its address. Pure.
 */
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import type { History } from '../history/schema.ts';
import { feedEvents, type FeedEventKind } from '../history/timeline.ts';
import { fill, type Labels } from '../i18n/labels.ts';
import { comma, separatedParts, separator, textAround } from '../i18n/joins.ts';
import { shownColumns } from '../shown/columns.ts';
import type { PublishedNotes } from '../history/published-notes.ts';
import { changelogPath, issuePath, projectPath, releasePath } from '../view/paths.ts';
import { releaseTagLabel } from '../release-notes/notes.ts';
import { STARTED_COLUMNS } from '../feeds/site-feed.ts';
import type { Snapshot } from '../snapshot/snapshot-file.ts';

/** What an event tells: a move of the history's, or a release note published. */
export type NewsKind = FeedEventKind | 'note';

export interface NewsEvent {
  /** Unique to the event and the same in every run: `issue:{id}#{anchor}`, `note:{address}`. */
  key: string;
  kind: NewsKind;
  /** The issue's title, the project's name or the note's title: data, to be escaped by each service. */
  title: string;
  /** A note's tags, as the site's main language says them (at most `NOTE_TAGS`): data too. */
  tags?: string[];
  /** The event's step on the issue or project page; a note's page. */
  url: string;
  at: string;
}

export interface News {
  siteTitle: string;
  /** "Shipped: 3 · In progress: 2 · New: 1", in the site's main language and its `separated` pattern. */
  summary: string;
  /** Newest first. */
  events: NewsEvent[];
  /** Where the rest is: the changelog. */
  moreUrl: string;
  /** `{title}` of the line of each kind: "Shipped: {title}". */
  lineTemplate: Record<NewsKind, string>;
  /**
   * The main language's marks between words (its `labelValue`, `separated` and `commaSeparated`): after the site's
   * title (": ", Japanese "："), before a note's tags (" · ", Japanese "・") and between them (", ", Japanese "、").
   */
  marks: { colon: string; separator: string; comma: string };
}

const KINDS: readonly NewsKind[] = ['note', 'shipped', 'started', 'new', 'completed'];

/** A note's tags in a post at most, each at most `NOTE_TAG_MAX` characters: the title is what the line is about. */
export const NOTE_TAGS = 4;
const NOTE_TAG_MAX = 40;

export function newsEvents(
  history: History,
  snapshot: Pick<Snapshot, 'issues' | 'projects'>,
  config: Pick<RoadmapConfig, 'columns' | 'shipped'>,
  labels: Labels,
  siteRoot: string,
): NewsEvent[] {
  const shown = new Map(shownColumns(snapshot.issues, config.columns, labels).flatMap((column) => column.issues.map((issue) => [issue.id, issue] as const)));
  const projects = new Map(snapshot.projects.map((project) => [project.id, project]));
  const url = (path: string, anchor: string) => `${new URL(path, siteRoot).toString()}#${anchor}`;
  const events: NewsEvent[] = [];
  for (const event of feedEvents(history, { shippedColumns: config.shipped.columns, startedColumns: STARTED_COLUMNS, projectStates: config.shipped.projectStates })) {
    const subject = event.subject === 'issue' ? shown.get(event.id) : projects.get(event.id);
    if (!subject) continue;
    const title = 'title' in subject ? subject.title : subject.name;
    const path = event.subject === 'issue' ? issuePath(event.id) : projectPath(event.id);
    events.push({ key: `${event.subject}:${event.id}#${event.anchor}`, kind: event.kind, title, url: url(path, event.anchor), at: event.at });
  }
  return events;
}

/**
 * The release notes the rebuilds published, as events at the moment each was first published (newest first); none
 * of those on the site when the record began (`before`). Each links to the note's page.
 */
export function noteEvents(record: PublishedNotes | undefined, labels: Labels, siteRoot: string, tagLabels: Readonly<Record<string, string>> = {}): NewsEvent[] {
  return (record?.notes ?? [])
    .filter((note) => !note.before)
    .map((note) => ({
      key: `note:${note.slug}`,
      kind: 'note' as const,
      title: note.title,
      tags: note.tags.slice(0, NOTE_TAGS).map((tag) => [...releaseTagLabel(tag, labels, tagLabels)].slice(0, NOTE_TAG_MAX).join('')),
      url: new URL(releasePath(note.slug), siteRoot).toString(),
      at: note.since,
    }))
    .sort((a, b) => (a.at === b.at ? a.key.localeCompare(b.key) : a.at < b.at ? 1 : -1));
}

/** Two lists of events, each newest first, as one (on the same moment, `first`'s before `second`'s). */
export function newestFirst(first: readonly NewsEvent[], second: readonly NewsEvent[]): NewsEvent[] {
  return [...first, ...second].sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
}

/** The news of `events` (newest first) for one post. */
export function newsOf(events: readonly NewsEvent[], context: { siteTitle: string; siteRoot: string; labels: Labels }): News {
  const { labels } = context;
  const lineTemplate: Record<NewsKind, string> = {
    note: labels.feedReleaseNote,
    shipped: labels.feedShipped,
    started: labels.feedStarted,
    new: labels.feedNew,
    completed: labels.feedCompleted,
  };
  const counts = KINDS.map((kind) => [kind, events.filter((event) => event.kind === kind).length] as const).filter(([, count]) => count > 0);
  return {
    siteTitle: context.siteTitle,
    // "Shipped: {title}" with the count for the title reads "Shipped: 3" in every language, with no plural forms.
    summary: separatedParts(
      labels,
      counts.map(([kind, count]) => fill(lineTemplate[kind], { title: String(count) })),
    ),
    events: [...events],
    moreUrl: new URL(changelogPath(), context.siteRoot).toString(),
    lineTemplate,
    marks: { colon: textAround(labels.labelValue)[1] ?? ': ', separator: separator(labels), comma: comma(labels) },
  };
}
