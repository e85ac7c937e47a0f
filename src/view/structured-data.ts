/**
 * JSON-LD for search engines: an ItemList for the board, an Article per
 * issue. Built from escaped data: `jsonLdText` makes JSON that cannot end its
 * <script> element or open a comment, whatever the strings hold.
 */
import type { Issue } from '../snapshot/model.ts';

/** JSON safe inside a <script type="application/ld+json"> element. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function boardItemList(name: string, items: readonly { title: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.title, url: item.url })),
  };
}

interface ArticleContext {
  /** The issue page's absolute URL. */
  url: string;
  /** The column label the page shows. */
  status: string;
  /** The site's title: the organisation that writes the roadmap. */
  siteTitle: string;
  project?: { name: string; url: string } | undefined;
  /** The page's image, if it has one: its share card, else the site's (`theme.socialImage`, else the site card). */
  image?: string | undefined;
  /** False when the site hides upvote counts: no vote count then. */
  showUpvotes: boolean;
}

export function issueArticle(issue: Issue, { url, status, siteTitle, project, image, showUpvotes }: ArticleContext) {
  const organisation = { '@type': 'Organization', name: siteTitle };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: issue.title.slice(0, 110),
    ...(issue.summary[0] ? { description: issue.summary[0] } : {}),
    url,
    author: organisation,
    publisher: organisation,
    ...(image ? { image } : {}),
    ...(issue.createdAt ? { datePublished: issue.createdAt } : {}),
    ...(issue.updatedAt ? { dateModified: issue.updatedAt } : {}),
    ...(project ? { isPartOf: { '@type': 'CreativeWork', name: project.name, url: project.url } } : {}),
    creativeWorkStatus: status,
    // An upvote is a vote for the idea (schema.org VoteAction), not a like.
    ...(showUpvotes ? { interactionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/VoteAction', userInteractionCount: issue.upvotes } } : {}),
  };
}

interface PostingContext {
  /** The note page's absolute URL. */
  url: string;
  siteTitle: string;
  /** The note's language (a BCP 47 tag). */
  locale: string;
  /** The image's absolute URL, if the note has one. */
  image?: string | undefined;
  /** The absolute URLs of the issue and project pages it names. */
  about: readonly { name: string; url: string }[];
}

/** A release note as a schema.org BlogPosting: the team's post about what shipped. */
export function releasePosting(note: { title: string; date: string; version?: string | undefined }, { url, siteTitle, locale, image, about }: PostingContext) {
  const organisation = { '@type': 'Organization', name: siteTitle };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: note.title.slice(0, 110),
    url,
    mainEntityOfPage: url,
    inLanguage: locale,
    datePublished: note.date,
    author: organisation,
    publisher: organisation,
    ...(note.version ? { version: note.version } : {}),
    ...(image ? { image } : {}),
    ...(about.length ? { about: about.map((item) => ({ '@type': 'CreativeWork', name: item.name, url: item.url })) } : {}),
  };
}
