/**
 * The "what's new" feed for a team's own app: `/latest.json` lists the last
 * shipped items and release notes, with the words and the language the
 * panel of `/whats-new.js` (src/client-scripts/whats-new.ts) shows them in.
 * It holds only what the changelog's pages show already: titles, dates,
 * addresses, a note's tags, summary and image, never a field privacy hides.
 */
import { articleForDate } from '../i18n/dates.ts';
import { countText } from '../i18n/counts.ts';
import { formatDate } from '../i18n/format.ts';
import { pluralText } from '../i18n/messages.ts';
import type { Labels, TextDirection } from '../i18n/labels.ts';
import { LATEST_ITEMS } from './latest-items.ts';
import { changelogPath, issuePath, projectPath, releasePath } from '../view/paths.ts';
import { releaseTagLabel, type ChangelogItem } from '../release-notes/notes.ts';

export const LATEST_FILE = 'latest.json';
export const LATEST_FORMAT = 'portal-roadmap.latest';
/** Fields are only ever added: a reader of version 1 keeps working. */
export const LATEST_VERSION = 1;

/** The site's main language, as the panel speaks it. */
export interface LatestLanguage {
  /** The configured BCP 47 tag: the panel's `lang` and its dates. */
  locale: string;
  dir: TextDirection;
  /** The messages, with the config's `labels` overrides applied. */
  labels: Labels;
  /** The tags a note may carry (`releaseNotes.tags`), each given its label. */
  tags: readonly string[];
  /** The team's labels of tags in this language (`releaseTagLabelsIn`). */
  tagLabels?: Readonly<Record<string, string>>;
}

/**
 * The widest copy of a note's image `latest.json` names. The panel shows it at most about 375 CSS px wide (its 26rem less
 * the entry's padding): 640 px is sharp at 1.7 device pixels a CSS pixel, and a small file.
 */
const LATEST_IMAGE_WIDTH = 640;

/** A note's image as `latest.json` names it: a copy at most LATEST_IMAGE_WIDTH wide, its size and its text alternative. */
export interface LatestImage {
  /** Absolute URL of the copy. */
  url: string;
  alt: string;
  width: number;
  height: number;
}

/** The size of the copy `latest.json` names of an image `width` × `height` (never wider than the file). */
export function latestImageSize(width: number, height: number): { width: number; height: number } {
  const shown = Math.min(width, LATEST_IMAGE_WIDTH);
  return { width: shown, height: Math.round((height * shown) / width) };
}

interface LatestContext {
  /** Absolute URL of the roadmap's root, ending in a slash. */
  siteRoot: string;
  /** The changelog, newest first, with the team's release notes at their dates (`kind: 'note'`, `id` its address). */
  changelog: readonly ChangelogItem[];
  title: (entry: ChangelogItem) => string | undefined;
  /** A note's words under its title (`noteSummary`; none for an issue or a project). */
  summary?: (entry: ChangelogItem) => string | undefined;
  /** A note's tags as its frontmatter lists them (none for an issue or a project). */
  tags: (entry: ChangelogItem) => readonly string[] | undefined;
  /** A note's image (none for an issue, a project or a note without one). */
  image?: (entry: ChangelogItem) => LatestImage | undefined;
  language: LatestLanguage;
}

/**
 * How the changelog says an entry's date, `{date}` left for the panel to fill with the date written in the
 * site's language (`dateStyle: 'long'`, UTC, as the pages do). The word before the date is already in the form that
 * date needs (Italian elides "il" before "1 marzo").
 */
function dateLabel(entry: ChangelogItem, { labels, locale }: LatestLanguage): string {
  if (entry.kind === 'note') return '{date}';
  const template =
    entry.kind === 'issue'
      ? entry.atLeast
        ? labels.changelogShippedAtLeast
        : labels.changelogShipped
      : entry.atLeast
        ? labels.changelogCompletedAtLeast
        : labels.changelogCompleted;
  return articleForDate(template, formatDate(entry.at, locale), locale);
}

/** The entries `/latest.json` lists: the newest `LATEST_ITEMS` of the changelog. */
export const latestEntries = <Entry>(changelog: readonly Entry[]): Entry[] => changelog.slice(0, LATEST_ITEMS);

export function latestDocument({ siteRoot, changelog, title, summary, tags, image, language }: LatestContext) {
  const url = (path: string) => new URL(path, siteRoot).toString();
  const { labels } = language;
  return {
    format: LATEST_FORMAT,
    version: LATEST_VERSION,
    changelog: url(changelogPath()),
    lang: language.locale,
    dir: language.dir,
    /** The panel's words, in the site's main language. */
    labels: {
      heading: labels.whatsNew,
      close: labels.whatsNewClose,
      unread: labels.whatsNewUnread,
      /**
       * A marked element's name while it shows a count, for each count the badge shows (1 to 19, then "19+"):
       * `unreadCounts[n - 1]`, e.g. "What's new, 5 unread".
       */
      unreadCounts: Array.from({ length: LATEST_ITEMS }, (_, index) =>
        index + 1 < LATEST_ITEMS
          ? countText(labels.whatsNewUnreadCount, index + 1, language.locale, language.locale)
          : pluralText(labels.whatsNewUnreadCount, 'other', `${LATEST_ITEMS - 1}+`),
      ),
      changelog: labels.fullChangelog,
      empty: labels.changelogEmpty,
      tags: Object.fromEntries(language.tags.map((tag) => [tag, releaseTagLabel(tag, labels, language.tagLabels)])),
    },
    items: latestEntries(changelog).map((entry) => ({
      kind: entry.kind,
      id: entry.id,
      title: title(entry) ?? null,
      /** A note's summary or first paragraph, as text; null for an issue or a project. */
      summary: summary?.(entry) ?? null,
      /** A note's image, a small copy (`LatestImage`); null for an issue, a project or a note without one. */
      image: image?.(entry) ?? null,
      url: url(entry.kind === 'issue' ? issuePath(entry.id) : entry.kind === 'note' ? releasePath(entry.id) : projectPath(entry.id)),
      shippedAt: entry.at,
      /** The history saw it already shipped: the date is "on or before". */
      approximate: entry.atLeast,
      tags: [...(tags(entry) ?? [])],
      dateLabel: dateLabel(entry, language),
    })),
  };
}
