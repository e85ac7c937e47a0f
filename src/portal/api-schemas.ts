/**
 * zod schemas of the two v1 portal resources as the API sends them
 * (docs/portal-api.md, Issue resource (v1); Project resource (v1)).
 *
 * Lenient where the API description is silent: extra fields are stripped, ids
 * and texts may be null or missing (docs/portal-api.md, Conventions (v1) §5),
 * and enumerations it does not list (issue `status`, issue `priority`, project
 * `state`) are kept as any string. Strict where a
 * wrong value would silently change what the site shows: a number field that
 * holds a string, a `summary` that is not a list, a response that is not the
 * documented array or object. Those fail with the JSON path.
 */
import { z } from 'zod';

/** An id or short text; `null` and absence are accepted (docs/portal-api.md, Conventions (v1) §5). */
const optionalText = z.string().nullish();
/** A date-time string (docs/portal-api.md, Conventions (v1) §3). Parsed later; an unparseable one is dropped, not fatal. */
const timestamp = z.string().nullish();
/** A number field; absent or null counts as unknown. */
const optionalNumber = z.number().nullish();
/** A field whose type is not shown (docs/portal-api.md, Issue resource (v1); Project resource (v1)): any JSON value is accepted here and narrowed in normalisation. */
const unspecified = z.unknown().optional();

/** One entry of `GET /issues/{workspaceId}` (docs/portal-api.md, Issue resource (v1)). */
export const ApiIssueSchema = z.object({
  /** Issue id; the page URL is made from it. Numbers are accepted and read as text. */
  id: z.union([z.string().min(1), z.number()]).transform(String),
  /** Human-facing key such as `APP-123`; type not shown, so text or number. */
  identifier: z.union([z.string(), z.number()]).nullish(),
  createdAt: timestamp,
  /** Markdown body. */
  description: optionalText,
  /** Deleted issues are dropped in normalisation and never published. */
  isDeleted: z.boolean().nullish(),
  /** `false` hides the issue: dropped in normalisation and never published. */
  isVisible: z.boolean().nullish(),
  /** Tracker-internal; type not shown. Not published. */
  trackerTicketId: unspecified,
  /** Priority name; values not shown, kept as given. A number is read as text. */
  priority: z.union([z.string(), z.number()]).nullish(),
  /** Project id; a dangling one (the project answers 404) is cleared. */
  projectId: optionalText,
  /** The team's own order within a status. */
  sortOrder: optionalNumber,
  /** Status name; values not shown, kept as given and mapped to a board column. */
  status: optionalText,
  /** Bullet points summarising the issue. */
  summary: z.array(z.string()).nullish(),
  /** Tracker-internal date of the summary. Not published. */
  summaryUpdated: timestamp,
  /** Team; the shape is not shown: a string, or an object with a `name`/`key`, is shown. */
  team: unspecified,
  title: optionalText,
  updatedAt: timestamp,
  /** A link for the issue; published only when it is http(s). */
  url: optionalText,
  /** Tracker-internal revision. Not published. */
  version: optionalNumber,
  /** Not published. */
  workspaceId: optionalText,
  upvotes: optionalNumber,
  importanceScore: optionalNumber,
  /** "null in the shape" (docs/portal-api.md, Issue resource (v1)): ignored. */
  descriptionData: unspecified,
});

/** `GET /projects/{workspaceId}/{projectId}` (docs/portal-api.md, Project resource (v1)). */
export const ApiProjectSchema = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  name: optionalText,
  /** Markdown body. */
  description: optionalText,
  /** Used in a style only when it is a hex colour. */
  color: optionalText,
  createdAt: timestamp,
  /** Picks a glyph from a fixed set by name. */
  icon: optionalText,
  /** Tracker-internal. Not published. */
  trackerProjectId: unspecified,
  /** Tracker-internal. Not published. */
  trackerTeamIds: z.array(z.unknown()).nullish(),
  /** Completion; the scale is not shown: see `scaleProgress`. */
  progress: optionalNumber,
  sortOrder: optionalNumber,
  /** State name; values not shown, kept as given. */
  state: optionalText,
  upvotes: optionalNumber,
  importanceScore: optionalNumber,
});

/**
 * Whether an issue may be published: `isVisible: false` or `isDeleted: true`
 * hides it (docs/portal-api.md, Issue resource (v1) §2). A missing flag is read as the portal's
 * default, visible and not deleted, since the endpoint lists published issues.
 */
export function isPortalVisible(issue: { isVisible?: boolean | null | undefined; isDeleted?: boolean | null | undefined }): boolean {
  return issue.isVisible !== false && issue.isDeleted !== true;
}

/** The issue list: an array (docs/portal-api.md, List issues §2). */
export const ApiIssueListSchema = z.array(ApiIssueSchema);

export type ApiIssue = z.output<typeof ApiIssueSchema>;
export type ApiProject = z.output<typeof ApiProjectSchema>;
export type ApiProjectInput = z.input<typeof ApiProjectSchema>;
