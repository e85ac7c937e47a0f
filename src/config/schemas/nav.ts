/** The standalone header's own links: the site's other pages, shown after the roadmap's. */
import { z } from 'zod';
import { linkTarget } from '../../shared/values.ts';
import { localText } from './local-text.ts';
import { outputText } from './text.ts';

/** Whether `href` is an absolute URL naming a user or a password, e.g. `https://user:pw@host/`. */
function withCredentials(href: string): boolean {
  const target = linkTarget(href);
  if (!target || target.startsWith('/')) return false;
  const url = new URL(target);
  return url.username !== '' || url.password !== '';
}

export const navOptions = {
  /**
   * Links in the site header, after the roadmap's own pages, e.g.
   * `[{"href": "/docs/", "label": {"en": "Docs", "de": "Doku"}}]`. On a phone they fold into a menu. With a `layout`,
   * the layout gets them as its `nav` prop (`{ href, label }[]`, each label in the page's language) for its own
   * header; in Starlight's frame they are not used (the build says so). Unset: none.
   */
  nav: z
    .array(
      z.strictObject({
        /** Where the link leads: an absolute http(s) URL, or a path from the site's root such as `/docs/`. */
        href: z
          .string()
          .trim()
          .refine((href) => linkTarget(href) !== null, 'use an absolute http(s) URL ("https://example.com/docs") or a path from the site root ("/docs/")')
          // Every visitor reads the link's address: `https://user:pw@host/` would publish the password.
          .refine(
            (href) => !withCredentials(href),
            'must not carry a user name or password ("user:pw@" before the host): every visitor can read the link; give the address without them',
          )
          .transform((href) => linkTarget(href)!),
        /** The link's text: a text, or one per language (`{"en": "Docs", "de": "Doku"}`). */
        label: localText(outputText().pipe(z.string().trim().min(1, 'give the link a label').max(60, 'use at most 60 characters: the label is in the header'))),
      }),
    )
    .max(8, 'list at most 8 links: the header is one row')
    .optional(),
};
