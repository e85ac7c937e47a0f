/** Share cards: the Open Graph images drawn at build time. */
import { z } from 'zod';

export const shareCardOptions = {
  /**
   * Draw a share card (a 1200×630 Open Graph image, `/og/issues/{id}.png` and `/og/projects/{id}.png`) for each
   * issue and project at build time: its title, column or state, project, the site's title and accent; never its
   * upvotes. And the site's card (`/og/site.png`; `/og/{language}/site.png` for a language whose title or
   * description differs): the site's title, description and accent, the image of every other page (board,
   * columns, changelog, shipped, teams, changes) unless `theme.socialImage` is set, which wins (no site card is
   * drawn then). Cards are cached in
   * the state folder. A text in a script the cards' fonts cannot draw (Arabic, Hebrew, CJK, …) gets no card: its
   * page shows `theme.socialImage`, else the site card, and the build says how many. Off and with no
   * `theme.socialImage`, pages have no image, and the build says so in one line, unless `false` is written out.
   */
  shareCards: z.boolean().default(false),
};
