/** Embedding the site in other pages by iframe. */
import { z } from 'zod';

/**
 * An http(s) origin exactly as a browser writes it: scheme, lowercase host
 * (punycode for other scripts) and an optional port, nothing else. The value
 * goes into a CSP header line, so `;`, `,`, spaces, paths and wildcards
 * (which the URL parser would take as part of a host) are refused.
 */
const ORIGIN = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/;

function origin() {
  return z.string().refine((value) => {
    if (!ORIGIN.test(value)) return false;
    try {
      return new URL(value).origin === value;
    } catch {
      return false;
    }
  }, 'use an origin: http(s), a lowercase host name and an optional port, nothing else (no path, trailing slash, wildcard, ";" or ","), e.g. "https://docs.example.com"');
}

export const embedOptions = {
  /** Embedding the site in other pages by iframe (`/embed/`, `/embed/projects/{id}/`). */
  embed: z
    .strictObject({
      /**
       * Origins allowed to frame the embed pages and to receive their height
       * messages, e.g. `["https://docs.example.com"]`. Empty: no one may frame any page, and the build says so
       * in one line, unless `[]` is written out.
       */
      allowedOrigins: z.array(origin()).default([]),
      /** Transparent page background, so the embed takes the host page's. */
      transparent: z.boolean().default(false),
      /** Where links in an embed open: `_top` (the whole window) or `_blank` (a new tab). */
      linkTarget: z.enum(['_top', '_blank'], { error: 'use "_top" or "_blank"' }).default('_top'),
    })
    .default({ allowedOrigins: [], transparent: false, linkTarget: '_top' }),
};
