/** The site's search field. */
import { z } from 'zod';

export const searchOptions = {
  /** The site's search field (Pagefind, in the header of every page). */
  search: z
    .strictObject({
      /**
       * Pressing `/` moves focus to the search field, when focus is on no link, button or field (WCAG 2.1.4
       * Character Key Shortcuts). `false` turns the shortcut off, for a site whose visitors use `/` for
       * something else, such as a screen reader or a browser extension's own keys.
       */
      shortcut: z.boolean().default(true),
    })
    .default({ shortcut: true }),
};
