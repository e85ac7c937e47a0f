import { describe, expect, it } from 'vitest';
import { keepRenderedPart, renderedPart, siteHeaderVariant } from '../../../src/route-data/site-header.ts';

type HeaderRoadmap = Parameters<typeof siteHeaderVariant>[0];

function roadmapWith(languageCount: number): HeaderRoadmap {
  const root = '/roadmap/';
  return {
    ui: { root, href: (path: string) => `${root}${path}` },
    labels: { board: 'Board', shipped: 'Shipped' },
    languages: Array.from({ length: languageCount }, (_, index) => ({ locale: `l${index}` })),
  } as unknown as HeaderRoadmap;
}

describe('which site header a page shares with others', () => {
  const one = roadmapWith(1);

  it('gives the board, the shipped list and every other page a header each: the link marked current differs', () => {
    const board = siteHeaderVariant(one, '/roadmap/', true);
    const shipped = siteHeaderVariant(one, '/roadmap/shipped/', true);
    const issue = siteHeaderVariant(one, '/roadmap/issues/a/', true);
    expect(new Set([board, shipped, issue]).size).toBe(3);
    expect(siteHeaderVariant(one, '/roadmap/issues/b/', true)).toBe(issue);
    expect(siteHeaderVariant(one, '/roadmap/projects/p/', true)).toBe(issue);
  });

  it('gives the page without a canonical URL (404) a header of its own', () => {
    expect(siteHeaderVariant(one, '/roadmap/404/', false)).not.toBe(siteHeaderVariant(one, '/roadmap/issues/a/', true));
  });

  it("shares no header with more than one language: the language menu links to the page's own URL in each", () => {
    const two = roadmapWith(2);
    expect(siteHeaderVariant(two, '/roadmap/issues/a/', true)).toBeUndefined();
    expect(siteHeaderVariant(two, '/roadmap/', true)).toBeUndefined();
    // The 404 page's menu leads to each language's home, whatever the URL.
    expect(siteHeaderVariant(two, '/roadmap/404/', false)).toBe(siteHeaderVariant(two, '/roadmap/elsewhere/', false));
  });
});

describe('a part rendered once', () => {
  it("is kept per owner: another language's roadmap, or new data, renders its own", () => {
    const english = {};
    const german = {};
    keepRenderedPart(english, 'v', '<header>Board</header>');
    expect(renderedPart(english, 'v')).toBe('<header>Board</header>');
    expect(renderedPart(english, 'w')).toBeUndefined();
    expect(renderedPart(german, 'v')).toBeUndefined();
  });
});
