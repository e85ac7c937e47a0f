/** The board: how many cards, which columns and boards, and whether upvotes are shown. */
import { z } from 'zod';

export const boardOptions = {
  /** The board. */
  board: z
    .strictObject({
      /** Cards shown per column on the board; the rest are on the column's own pages. */
      cardsPerColumn: z.number().int().min(1, 'show at least 1 card').max(500, 'at most 500').default(20),
      /** Cards per column page (`/status/{id}/`, `/status/{id}/2/`, …). */
      pageSize: z.number().int().min(5, 'at least 5').max(500, 'at most 500').default(50),
      /**
       * Show declined issues (the column with the id `canceled`: canceled, duplicate, won't do) in a column of
       * their own (in its place among `columns`: after `done`, by default) instead of leaving them off the site. Rename its heading with
       * `labels.columnCanceled`, e.g. `"Declined"`.
       */
      showDeclined: z.boolean().default(false),
      /**
       * A board of its own for each team (`/teams/{slug}/`, with its feed `/teams/{slug}/rss.xml` and its
       * embed `/embed/teams/{slug}/`), linked from the main board. `false`: no team boards.
       */
      teamBoards: z.boolean().default(true),
    })
    .default({ cardsPerColumn: 20, pageSize: 50, showDeclined: false, teamBoards: true }),
  /**
   * Show how many upvotes each issue and project has. `false` hides the counts everywhere: cards, issue and
   * project pages, embeds, search results, link previews, structured data, `roadmap.json`, `board-index.json`
   * and the upvote samples of `history.json`. Issues keep their order (the team's own order within a column, the
   * most upvoted first among issues it leaves equal).
   */
  showUpvotes: z.boolean().default(true),
};
