import { describe, expect, it } from 'vitest';
import { issuePath, pageSlug, slugify, withBase } from '../../src/site/paths.ts';

describe('pageSlug', () => {
  it('keeps URL-safe ids as they are', () => {
    expect(pageSlug('d97b92bb-2f63-4f4f-a8eb-72df9a1e6e71')).toBe('d97b92bb-2f63-4f4f-a8eb-72df9a1e6e71');
  });

  it('turns any other id into a safe, unique slug', () => {
    const slugs = ['a/b', 'a b', 'a?b', '../etc', 'Ünïcode id', '<script>'].map(pageSlug);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+$/);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(pageSlug('a/b')).toBe(pageSlug('a/b'));
  });
});

describe('paths', () => {
  it('slugify folds accents and punctuation', () => {
    expect(slugify('  Beta — Testing! ')).toBe('beta-testing');
  });

  it('joins the base path', () => {
    expect(withBase('/', issuePath('x'))).toBe('/issues/x/');
    expect(withBase('/roadmap', issuePath('x'))).toBe('/roadmap/issues/x/');
    expect(withBase('/roadmap/', '/projects/y/')).toBe('/roadmap/projects/y/');
  });
});
