/** What search engines and link previews read: JSON-LD of an issue, and the Open Graph locale. */
import { describe, expect, it } from 'vitest';
import { openGraphLocale } from '../../../src/i18n/format.ts';
import { issueArticle } from '../../../src/view/structured-data.ts';
import type { Issue } from '../../../src/snapshot/model.ts';

describe("an issue's Article", () => {
  const issue = { id: 'i1', title: 'Dark mode', summary: ['Easier at night'], upvotes: 12, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: null } as unknown as Issue;

  it('names the organisation as author and publisher, links its project, carries the image, and counts upvotes as votes', () => {
    const article = issueArticle(issue, {
      url: 'https://acme.example.com/issues/i1/',
      status: 'Planned',
      siteTitle: 'Acme roadmap',
      project: { name: 'Themes', url: 'https://acme.example.com/projects/p1/' },
      image: 'https://acme.example.com/brand/social-1a2b3c4d.png',
      showUpvotes: true,
    });
    expect(article).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Dark mode',
      description: 'Easier at night',
      url: 'https://acme.example.com/issues/i1/',
      author: { '@type': 'Organization', name: 'Acme roadmap' },
      publisher: { '@type': 'Organization', name: 'Acme roadmap' },
      image: 'https://acme.example.com/brand/social-1a2b3c4d.png',
      datePublished: '2026-01-01T00:00:00.000Z',
      isPartOf: { '@type': 'CreativeWork', name: 'Themes', url: 'https://acme.example.com/projects/p1/' },
      creativeWorkStatus: 'Planned',
      interactionStatistic: { '@type': 'InteractionCounter', interactionType: 'https://schema.org/VoteAction', userInteractionCount: 12 },
    });
  });

  it('counts no votes when the site hides upvote counts', () => {
    const article = issueArticle(issue, { url: 'https://acme.example.com/issues/i1/', status: 'Planned', siteTitle: 'Acme roadmap', showUpvotes: false });
    expect(article).not.toHaveProperty('interactionStatistic');
    expect(JSON.stringify(article)).not.toContain('12');
  });
});

describe('the Open Graph locale', () => {
  it('is language and territory, the likely territory where the tag has none', () => {
    expect(['en', 'de', 'de-AT', 'pt-BR', 'ja', 'ar', 'sv'].map(openGraphLocale)).toEqual(['en_US', 'de_DE', 'de_AT', 'pt_BR', 'ja_JP', 'ar_EG', 'sv_SE']);
  });
});
