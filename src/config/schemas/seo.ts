/** Search engines and link previews. */
import { z } from 'zod';

export const seoOptions = {
  /** Search engines and link previews. */
  seo: z
    .strictObject({
      /** Let search engines index the site (robots.txt and a robots meta tag). */
      index: z.boolean().default(true),
    })
    .default({ index: true }),
};
