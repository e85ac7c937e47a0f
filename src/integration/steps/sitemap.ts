/**
 * The sitemap (@astrojs/sitemap) without the pages search engines should not
 * list: the embeds (copies of other pages, for iframes) and the tombstones of
 * items that left the site. The tombstones are those the issue and project
 * routes listed as such (src/route-data/build-state.ts), whether this build
 * rendered them or kept them from the previous one, without reading each
 * page back for its mark (@see docs/project/performance-log.md, "Measurements behind the code").
 *
 * An issue's page, in every language, has its `lastmod`: the issue's `updatedAt`, read from the `roadmap.json`
 * of the same build. Other pages have none: the date of the build is no date of their content, and search
 * engines ignore a `lastmod` that is not one (sitemaps.org, `<lastmod>`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sitemap, { type SitemapOptions } from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { compareCodeUnits } from '../../shared/values.ts';
import { keptPages } from './page-reuse.ts';
import { forgetTombstonePages, tombstonePages } from '../../route-data/build-state.ts';

/**
 * By path, with the home page (`''`) last: @astrojs/sitemap 3.7 adds the slash a base path without one needs only
 * once it meets a page other than the home page, so a home page listed first would lose its slash
 * (`https://user.github.io/fieldnote`).
 */
function bySitemapOrder(a: { pathname: string }, b: { pathname: string }): number {
  if (a.pathname === '' || b.pathname === '') return Number(a.pathname === '') - Number(b.pathname === '');
  return compareCodeUnits(a.pathname, b.pathname);
}

/** `i18n`: with several languages, each page lists its translations (`xhtml:link hreflang`). */
export function roadmapSitemap(options: { base: string; embedDir: string; i18n?: NonNullable<SitemapOptions>['i18n'] }): AstroIntegration[] {
  const root = options.base.endsWith('/') ? options.base : `${options.base}/`;
  let outDir: string | undefined;
  // Runs just before the sitemap's own hook (integrations run in order), to learn where the pages are.
  const findOutput: AstroIntegration = {
    name: 'portal-roadmap:sitemap-output',
    hooks: {
      // Astro may build several sites in one process (the test suite does): each starts with no tombstones.
      'astro:build:start': () => forgetTombstonePages(),
      'astro:build:done': ({ dir }) => void (outDir = fileURLToPath(dir)),
    },
  };
  const keep = (page: string) => {
    const path = new URL(page).pathname;
    if (path.includes(`/${options.embedDir}/`)) return false;
    return !path.startsWith(root) || !tombstonePages().has(path.slice(root.length));
  };
  let updated: Map<string, string> | undefined;
  /** `issues/{slug}/` → the issue's updatedAt, from the build's own roadmap.json. */
  const updatedByIssuePath = () => {
    if (updated) return updated;
    updated = new Map();
    try {
      const exported = JSON.parse(readFileSync(join(outDir ?? '', 'roadmap.json'), 'utf8')) as { issues?: { url: string; updatedAt: string | null }[] };
      for (const issue of exported.issues ?? []) if (issue.updatedAt) updated.set(/issues\/[^/]+\/$/.exec(new URL(issue.url).pathname)?.[0] ?? '', issue.updatedAt);
    } catch {
      // No export (a build without one): no lastmod, as before.
    }
    return updated;
  };
  const serialize: NonNullable<SitemapOptions>['serialize'] = (item) => {
    const lastmod = updatedByIssuePath().get(/issues\/[^/]+\/$/.exec(new URL(item.url).pathname)?.[0] ?? '');
    return lastmod ? { ...item, lastmod } : item;
  };
  const inner = sitemap({ filter: keep, serialize, ...(options.i18n ? { i18n: options.i18n } : {}) });
  const writeSitemap = inner.hooks['astro:build:done']!;
  // The sitemap lists the pages this build rendered and those it kept from the previous one (./page-reuse.ts),
  // in one order whichever it was, so a build that keeps pages writes the same sitemap as one that renders them all.
  const withKeptPages: AstroIntegration = {
    ...inner,
    hooks: {
      ...inner.hooks,
      'astro:build:done': (params) => writeSitemap({ ...params, pages: [...params.pages, ...keptPages()].sort(bySitemapOrder) }),
    },
  };
  return [findOutput, withKeptPages];
}
