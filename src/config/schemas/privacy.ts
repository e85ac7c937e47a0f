/** What may be published beyond the public fields, and which fields are not published at all. */
import { z } from 'zod';

/** The issue fields a site can keep off every page, card, feed, JSON export and the search index (`privacy.hideFields`). */
export const HIDEABLE_FIELDS = ['priority', 'team', 'createdAt', 'updatedAt'] as const;

export const privacyOptions = {
  /** What may be published beyond the public fields. Everything here is off by default. */
  privacy: z
    .strictObject({
      /** Publish tracker-internal fields: `trackerTicketId`, `trackerProjectId`, `trackerTeamIds`, `workspaceId`, `version`. */
      publishTrackerFields: z.boolean().default(false),
      /** Link each issue to its `url`. Off by default: it usually points at the internal tracker. Only http(s) URLs are ever linked. */
      publishIssueUrl: z.boolean().default(false),
      /**
       * Issue fields no page, card, feed, JSON export (`roadmap.json`, `board-index.json`, `latest.json`) or search
       * index shows: `priority` (the portal's own urgency, "Urgent" or "Low", the usual one to hide), `team`
       * (and with it the team boards and the team filter), `createdAt`, `updatedAt`. E.g. `["priority"]`.
       */
      hideFields: z.array(z.enum(HIDEABLE_FIELDS, { error: `use one of ${HIDEABLE_FIELDS.map((field) => `"${field}"`).join(', ')}` })).default([]),
    })
    .default({ publishTrackerFields: false, publishIssueUrl: false, hideFields: [] }),
};
