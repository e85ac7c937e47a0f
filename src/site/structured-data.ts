/**
 * JSON-LD for search engines: an ItemList for the board, an Article per
 * issue. Built from escaped data: `jsonLdText` makes JSON that cannot end its
 * <script> element or open a comment, whatever the strings hold.
 */
import type { Issue, Project } from '../snapshot/model.ts';

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

export function issueArticle(issue: Issue, url: string, project: Project | undefined, status: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: issue.title.slice(0, 110),
    ...(issue.summary[0] ? { description: issue.summary[0] } : {}),
    url,
    ...(issue.createdAt ? { datePublished: issue.createdAt } : {}),
    ...(issue.updatedAt ? { dateModified: issue.updatedAt } : {}),
    ...(project ? { isPartOf: { '@type': 'CreativeWork', name: project.name } } : {}),
    creativeWorkStatus: status,
    interactionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: issue.upvotes },
  };
}
