/** What may be published beyond the public fields. */
import { z } from 'zod';

export const privacyOptions = {
  /** What may be published beyond the public fields. Everything here is off by default. */
  privacy: z
    .strictObject({
      /** Publish tracker-internal fields: `trackerTicketId`, `trackerProjectId`, `trackerTeamIds`, `workspaceId`, `version`. */
      publishTrackerFields: z.boolean().default(false),
      /** Link each issue to its `url`. Off by default: it usually points at the internal tracker. Only http(s) URLs are ever linked. */
      publishIssueUrl: z.boolean().default(false),
    })
    .default({ publishTrackerFields: false, publishIssueUrl: false }),
};
