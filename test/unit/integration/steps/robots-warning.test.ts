import { describe, expect, it } from 'vitest';
import { robotsWarning } from '../../../../src/integration/steps/robots-warning.ts';

describe('robotsWarning', () => {
  it('says nothing for a site at the root of its host', () => {
    expect(robotsWarning('/', 'https://roadmap.example.com/')).toBeNull();
  });

  it('under a base path, names where robots.txt lands, where crawlers look, and the lines to put there', () => {
    const warning = robotsWarning('/repo', 'https://user.github.io/repo/');
    expect(warning).toContain('robots.txt is written to https://user.github.io/repo/robots.txt, but crawlers read only https://user.github.io/robots.txt.');
    expect(warning).toContain('Add "Disallow: /repo/embed/" and "Sitemap: https://user.github.io/repo/sitemap-index.xml" to the robots.txt at the root of https://user.github.io/');
  });

  it('with seo.index off, asks for the whole path to be disallowed instead', () => {
    expect(robotsWarning('/repo', 'https://user.github.io/repo/', false)).toContain('Add "Disallow: /repo/" to the robots.txt at the root of https://user.github.io/');
  });

  it('with several languages, names the embed folder of each', () => {
    expect(robotsWarning('/repo', 'https://user.github.io/repo/', true, ['de', 'pt-br'])).toContain(
      'Add "Disallow: /repo/embed/", "Disallow: /repo/de/embed/", "Disallow: /repo/pt-br/embed/" and "Sitemap: https://user.github.io/repo/sitemap-index.xml"',
    );
  });
});
