/**
 * The normalised data the site is built from: what a snapshot stores and what
 * the `issues` and `projects` collections hold. Hidden and deleted issues never
 * get this far; tracker-internal fields are kept, and only the content layer's
 * privacy gate (src/shown/privacy.ts) decides whether a page shows them.
 */
// Collection schemas take `z` from `astro/zod`, Astro's re-export of zod 4: the
// same instance as `zod` (one copy in node_modules), and usable without Astro running.
import { z } from 'astro/zod';
import { HEX_COLOUR } from '../shared/values.ts';

const isoDate = z.iso.datetime({ offset: true }).nullable();

export const IssueSchema = z.strictObject({
  /** Portal id of the issue. */
  id: z.string().min(1),
  /** Human-facing key such as `APP-123`, or null. */
  identifier: z.string().nullable(),
  /** Title; falls back to the identifier or "Untitled" when the API sends none. */
  title: z.string(),
  /** Markdown description, or null. Rendered and sanitised at build time. */
  description: z.string().nullable(),
  /** Summary bullets, blank ones removed. */
  summary: z.array(z.string()),
  /** Status exactly as the API sends it ("" when it sends none). */
  status: z.string(),
  /** Priority as the API sends it, or null. */
  priority: z.string().nullable(),
  /** Team name, or null. */
  team: z.string().nullable(),
  /** Id of a published project, or null (none, or its project answered 404). */
  projectId: z.string().nullable(),
  /** The team's own order; issues without one sort last. */
  sortOrder: z.number(),
  upvotes: z.number(),
  importanceScore: z.number(),
  /** ISO date-time, or null when absent or unparseable. */
  createdAt: isoDate,
  updatedAt: isoDate,
  /** An http(s) link for the issue, or null. Published only with `privacy.publishIssueUrl`. */
  url: z.url({ protocol: /^https?$/ }).nullable(),
  /** Tracker-internal fields: kept in the snapshot, shown on pages only with `privacy.publishTrackerFields` (src/shown/privacy.ts). */
  tracker: z
    .strictObject({
      ticketId: z.string().nullable(),
      workspaceId: z.string().nullable(),
      version: z.number().nullable(),
    })
    .optional(),
});

export const ProjectSchema = z.strictObject({
  id: z.string().min(1),
  /** Name; falls back to "Untitled project". */
  name: z.string(),
  /** Markdown description, or null. */
  description: z.string().nullable(),
  /** A `#rgb`/`#rrggbb` colour, or null (invalid colours are dropped). */
  color: z.string().regex(HEX_COLOUR).nullable(),
  /** Icon name as sent; rendered only when it names a known glyph. */
  icon: z.string().nullable(),
  /** Completion in percent, 0–100 (see `scaleProgress`). */
  progress: z.number().min(0).max(100),
  state: z.string().nullable(),
  sortOrder: z.number(),
  upvotes: z.number(),
  importanceScore: z.number(),
  createdAt: isoDate,
  /** Tracker-internal fields: kept in the snapshot, shown on pages only with `privacy.publishTrackerFields` (src/shown/privacy.ts). */
  tracker: z
    .strictObject({
      projectId: z.string().nullable(),
      teamIds: z.array(z.string()),
    })
    .optional(),
});

export type Issue = z.output<typeof IssueSchema>;
export type Project = z.output<typeof ProjectSchema>;

/** The one entry of the `roadmap` collection: facts about the snapshot the site was built from. */
export const RoadmapInfoSchema = z.strictObject({
  /** When the data was read from the portal: the "last updated" stamp. */
  fetchedAt: z.iso.datetime({ offset: true }),
  /** Where the data came from; `demo` shows the demo notice. */
  origin: z.enum(['api', 'demo']),
  /** The workspace's identity (src/history/workspace.ts `workspaceOf`): a history of another workspace is refused. */
  workspace: z.string(),
  digest: z.string(),
  issueCount: z.number().int(),
  projectCount: z.number().int(),
});

export type RoadmapInfo = z.output<typeof RoadmapInfoSchema>;
