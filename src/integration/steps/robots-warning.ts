/**
 * Under a base path, the site's robots.txt is written to `{base}/robots.txt`,
 * where no crawler looks: they read only `/robots.txt` at the root of the host.
 * The build says so, with what to put in the host's own robots.txt.
 */
import type { AstroIntegration } from 'astro';

/**
 * The warning for a site under `base` whose root URL is `siteRoot` (`index`:
 * `seo.index`, whether search engines are let in); null at the host's root.
 */
export function robotsWarning(base: string, siteRoot: string, index = true, languageDirs: readonly string[] = []): string | null {
  if (base === '/') return null;
  const host = new URL('/', siteRoot).toString();
  const path = (file: string) => new URL(file, siteRoot).pathname;
  // Each language of the site has embed pages of its own (/repo/de/embed/).
  const embeds = ['', ...languageDirs.map((dir) => `${dir}/`)].map((dir) => `"Disallow: ${path(`${dir}embed/`)}"`);
  const rules = index ? `${embeds.join(', ')} and "Sitemap: ${new URL('sitemap-index.xml', siteRoot)}"` : `"Disallow: ${path('')}"`;
  return (
    `robots.txt is written to ${new URL('robots.txt', siteRoot)}, but crawlers read only ${new URL('robots.txt', host)}. ` +
    `Add ${rules} to the robots.txt at the root of ${host} (on GitHub Pages, that of the repository <owner>.github.io). ` +
    'The noindex tags and canonical URLs work without it.'
  );
}

export function robotsLocationWarning(options: { base: string; siteRoot: string; index: boolean; languageDirs?: readonly string[] }): AstroIntegration {
  return {
    name: 'portal-roadmap:robots-location',
    hooks: {
      'astro:build:done': ({ logger }) => {
        const warning = robotsWarning(options.base, options.siteRoot, options.index, options.languageDirs);
        if (warning) logger.warn(warning);
      },
    },
  };
}
