/** The site: its title, its description and the address it is served from. */
import { z } from 'zod';
import { localText } from './local-text.ts';
import { outputText } from './text.ts';

/** A path of plain folders: one `/` before each, no empty, `.` or `..` folder, ASCII letters, digits, `-`, `_`, `.` and `~` only. */
export const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)*\/?$/;

export const siteOptions = {
  /** Site title: header, `<title>` and feeds; a text, or one per language (`{"en": …, "de": …}`). Unset: "Product roadmap" in each language. */
  title: localText(
    outputText().pipe(z.string().trim().min(1, 'give the site a title').max(200, "use at most 200 characters: the title is in every page's header, <title> and feed")),
  ).optional(),
  /** One-sentence description for the home page and meta tags; a text, or one per language. Unset: a default in each language. */
  description: localText(outputText().pipe(z.string().max(1000, "use at most 1000 characters: the description is in every page's meta tags and feed"))).optional(),
  /**
   * Absolute URL the site is served from, path included, e.g. `https://user.github.io/repo`.
   * Needed for canonical URLs and the sitemap. Its path is the base path (src/config/site-url.ts).
   */
  site: z.url({ protocol: /^https?$/, error: 'use an absolute http(s) URL, e.g. "https://roadmap.example.com"' }).optional(),
  /**
   * Path prefix when the site is not served from the root, e.g. `/repo` for a GitHub Pages project site. Unset:
   * the path of `site`, else `/`. (Not `prefix`, the place of a roadmap mounted in a site of its own.)
   */
  base: z
    .string()
    .regex(
      PLAIN_PATH,
      'use a path of plain folders (ASCII letters, digits, "-", "_", "." and "~", one "/" before each), e.g. "/roadmap": "//host" or "/\\host" would send every link to another host',
    )
    .optional(),
  /**
   * Mounts the roadmap below this path of a site with pages of its own (a Starlight docs site, say), e.g.
   * `/roadmap`: the site keeps its own settings, 404 page, robots.txt and sitemap, and the roadmap's pages,
   * search and headers stay below the path. Unset: the roadmap is the whole site.
   */
  prefix: z
    .string()
    .regex(/^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*\/?$/, 'use a path of lowercase letters, digits and dashes below the site, e.g. "/roadmap"')
    .transform((path) => path.replace(/\/$/, ''))
    .optional(),
  /**
   * The site's own layout for the roadmap's pages: the path of an `.astro` component, relative to this config file
   * (in astro.config.mjs's options, to the project root), e.g. `./src/layouts/Site.astro`. It wraps every page but the
   * embeds, and gets the page's `title`, `description`, `lang`, `dir` and `nav` as props, the roadmap's head elements
   * in its `head` slot and the page in its default slot; a `roadmap-search` slot, if it renders one, places the search
   * field (docs/mounting.md). The page's colour scheme is the layout's. Unset: the roadmap's own header and footer.
   */
  layout: z
    .string()
    .regex(/\.astro$/, 'give the path of an .astro component, relative to the config file, e.g. "./src/layouts/Site.astro"')
    .optional(),
};
