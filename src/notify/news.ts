/**
 * What `portal-roadmap notify` tells: the news in the history the rebuild keeps
 * in its state folder, as the site's feed tells it (src/feeds/site-feed.ts): an issue
 * new on the board, moved to in progress, shipped; a project completed. Each
 * event has a key of its own (the anchor of its step on the page, which holds
 * its kind and date), which the ledger remembers once posted. Only what the
 * site shows now is told: an issue that left since is not named. Pure.
 */
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import type { History } from '../history/schema.ts';
import { feedEvents, type FeedEventKind } from '../history/timeline.ts';
import { fill, type Labels } from '../i18n/labels.ts';
import { shownColumns } from '../shown/columns.ts';
import { changelogPath, issuePath, projectPath } from '../view/paths.ts';
import { STARTED_COLUMNS } from '../feeds/site-feed.ts';
import type { Snapshot } from '../snapshot/snapshot-file.ts';

export interface NewsEvent {
  /** Unique to the event and the same in every run: `issue:{id}#{anchor}`. */
  key: string;
  kind: FeedEventKind;
  /** The issue's title or the project's name: data, to be escaped by each service. */
  title: string;
  /** The event's step on the issue or project page. */
  url: string;
  at: string;
}

export interface News {
  siteTitle: string;
  /** "Shipped: 3 · In progress: 2 · New: 1", in the site's main language. */
  summary: string;
  /** Newest first. */
  events: NewsEvent[];
  /** Where the rest is: the changelog. */
  moreUrl: string;
  /** `{title}` of the line of each kind: "Shipped: {title}". */
  lineTemplate: Record<FeedEventKind, string>;
}

const KINDS: readonly FeedEventKind[] = ['shipped', 'started', 'new', 'completed'];

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

/** The news of `events` (newest first) for one post. */
export function newsOf(events: readonly NewsEvent[], context: { siteTitle: string; siteRoot: string; labels: Labels }): News {
  const { labels } = context;
  const lineTemplate: Record<FeedEventKind, string> = { shipped: labels.feedShipped, started: labels.feedStarted, new: labels.feedNew, completed: labels.feedCompleted };
  const counts = KINDS.map((kind) => [kind, events.filter((event) => event.kind === kind).length] as const).filter(([, count]) => count > 0);
  return {
    siteTitle: context.siteTitle,
    // "Shipped: {title}" with the count for the title reads "Shipped: 3" in every language, with no plural forms.
    summary: counts.map(([kind, count]) => fill(lineTemplate[kind], { title: String(count) })).join(' · '),
    events: [...events],
    moreUrl: new URL(changelogPath(), context.siteRoot).toString(),
    lineTemplate,
  };
}
