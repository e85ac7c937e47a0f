/**
 * Every issue's own Atom feed in one language (`issues/{id}/feed.xml`, beside the issue's page): one entry per
 * step of the issue's timeline, in that language and linking to that language's page; for an issue that left the
 * site (a tombstone), one entry saying so. Pure: a build makes a language's feeds as strings in one pass
 * (src/routes/[...lang]/feeds.bundle.json.ts) and writes them as files (src/integration/steps/feed-files.ts);
 * `astro dev` answers one at a time (src/routes/[...lang]/issues/[id]/feed.xml.ts).
 */
import { eventAnchor, issueTimeline } from '../history/timeline.ts';
import type { History } from '../history/schema.ts';
import { fillDated } from '../i18n/dates.ts';
import { fill, type Labels } from '../i18n/labels.ts';
import type { Issue } from '../snapshot/model.ts';
import { atomFeed, type AtomEntry } from './atom.ts';
import { timelineLabel } from '../view/history-text.ts';
import { issueFeedPath, ISSUES_DIR, pageSlug } from '../view/paths.ts';

/** What an issue's page and feed are about: the issue on the site, or the date it left (a tombstone). */
export type IssueSubject = { issue: Issue; goneSince?: undefined } | { issue?: undefined; goneSince: string };

/** The issues with a page and a feed, by id: those on the site, then the tombstones of those that left. */
export function issueSubjects({ issues, history }: { issues: readonly Issue[]; history: History }): { id: string; subject: IssueSubject }[] {
  return [...issues.map((issue) => ({ id: issue.id, subject: { issue } })), ...[...history.left.issues].map(([id, goneSince]) => ({ id, subject: { goneSince } }))];
}

/** One language's roadmap, as far as the feeds read it (src/route-data/roadmap.ts `Roadmap` is one). */
export interface IssueFeedsData {
  issues: readonly Issue[];
  history: History;
  labels: Labels;
  /** `root`: the language's home page, base included (`/`, `/roadmap/de/`); `locale`: its BCP 47 tag. */
  ui: { root: string; locale: string };
  config: { title: string };
  info: { fetchedAt: string };
  columnLabel: (id: string) => string;
  /** Per shipped issue, its earliest release note's day: it bounds a "since at least" step's date (`issueTimeline`). */
  noteDates: ReadonlyMap<string, string>;
}

/**
 * One issue's feed. `site`: the site's URL, which the language's root is resolved against; `slug`: the issue's
 * page slug (`pageSlug(id)`, which is also all a tombstone's route knows of it).
 */
export function issueFeed(roadmap: IssueFeedsData, site: URL | string | undefined, slug: string, { issue, goneSince }: IssueSubject): string {
  const { labels, ui, config } = roadmap;
  const root = new URL(ui.root, site).toString();
  const pageUrl = new URL(`${ISSUES_DIR}/${slug}/`, root).toString();
  const feedUrl = `${pageUrl}feed.xml`;
  let entries: AtomEntry[];
  if (issue) {
    const steps = issueTimeline(roadmap.history, issue.id, issue.updatedAt, roadmap.noteDates.get(issue.id))?.steps ?? [];
    entries = steps.reverse().map((step) => ({
      id: `${pageUrl}#${step.anchor}`,
      link: `${pageUrl}#${step.anchor}`,
      updated: step.at,
      title: fillDated(labels[timelineLabel(step)], step.at, ui.locale, { column: roadmap.columnLabel(step.column) }),
      // What the issue is, for a reader that shows an entry alone (RFC 4287 §4.2.13): its title and summary, as text.
      summary: [issue.title, ...issue.summary].join('\n'),
    }));
  } else {
    const anchor = eventAnchor('left', goneSince);
    entries = [{ id: `${pageUrl}#${anchor}`, link: root, updated: goneSince, title: labels.goneTitle }];
  }
  return atomFeed({
    url: feedUrl,
    pageUrl,
    title: issue ? fill(labels.issueFeedTitle, { title: issue.title }) : labels.goneTitle,
    author: config.title,
    language: ui.locale,
    entries,
    updated: entries[0]?.updated ?? roadmap.info.fetchedAt,
  });
}

/**
 * What an issue's feed shows besides what the build's fingerprint covers (the config, the words, the code): the
 * issue's title and summary, its timeline's steps (the history record's events, a date the history did not see
 * bounded by `updatedAt` and its earliest note's day), the names its steps' columns have now, and,
 * for a feed with no step, the time of the data, which is then its `updated`. Equal inputs make an equal feed, so a
 * rebuild keeps the feeds of unchanged issues (src/fingerprint/page-digests.ts); whatever `issueFeed` reads must be
 * here too.
 */
export function issueFeedInputs(roadmap: IssueFeedsData, id: string, { issue, goneSince }: IssueSubject): unknown {
  if (!issue) return { goneSince };
  const record = roadmap.history.issues.get(id);
  return {
    title: issue.title,
    summary: issue.summary,
    // The steps alone, as the feed dates them: the record's upvote counts are the page's, not the feed's.
    steps: issueTimeline(roadmap.history, id, issue.updatedAt, roadmap.noteDates.get(id))?.steps ?? null,
    columns: (record?.events ?? []).map((event) => roadmap.columnLabel(event.column)),
    ...(record?.events.length ? {} : { fetchedAt: roadmap.info.fetchedAt }),
  };
}

/** A feed's file in the output: its path below the language's root (`issues/{slug}/feed.xml`, `teams/{slug}/rss.xml`) and its text. */
export interface FeedFile {
  path: string;
  xml: string;
}

/** Every issue feed of one language, issues on the site and tombstones alike; or those of `subjects` alone. */
export function issueFeeds(
  roadmap: IssueFeedsData,
  site: URL | string | undefined,
  subjects: readonly { id: string; subject: IssueSubject }[] = issueSubjects(roadmap),
): FeedFile[] {
  return subjects.map(({ id, subject }) => ({ path: issueFeedPath(id), xml: issueFeed(roadmap, site, pageSlug(id), subject) }));
}
