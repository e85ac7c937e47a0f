/** Ship dates known from before the site's history began (read by src/config/ship-dates.ts). */
import { z } from 'zod';

export const shipDateOptions = {
  /**
   * Ship dates you already know, for what shipped before the site's history began: a JSON file inside the
   * project, relative to its root, mapping an issue's id or identifier to the day it shipped, e.g.
   * `{ "FN-12": "2025-03-14" }` (at most 10,000 entries, 1 MB). Those issues then show that date on the
   * changelog and the Shipped page instead of "shipped before {date}". A date the history itself recorded wins;
   * an entry for an issue that is not shipped, or not on the site, is named in a warning.
   */
  shipDates: z.string().min(1).optional(),
};
