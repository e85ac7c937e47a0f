/**
 * Typed errors. Every failure that reaches a user names its cause and the fix;
 * the original error is always kept as `cause` so nothing is swallowed.
 */

/** Base class: an error whose message is meant to be read by a person. */
export class RoadmapError extends Error {
  override name = 'RoadmapError';
}

/** A configuration file or environment variable is invalid. */
export class ConfigError extends RoadmapError {
  override name = 'ConfigError';
}

/** A rebuild stopped before publishing (a build that failed, or a swap that did not hold); the live site is as it was. */
export class RebuildError extends RoadmapError {
  override name = 'RebuildError';
}

/** A snapshot file is missing, unreadable, of another format, or altered. */
export class SnapshotError extends RoadmapError {
  override name = 'SnapshotError';
}

/**
 * What went wrong with a portal request:
 * - `http`: the server answered with an error status (docs/portal-api.md, Errors), a redirect, or another status than 200;
 * - `network`: no answer (refused, reset, DNS);
 * - `timeout`: no complete answer within the request timeout;
 * - `invalid-json`: a body that is not JSON, or is cut short;
 * - `schema`: JSON of the wrong shape;
 * - `too-many-pages`: paging did not end within the page bound;
 * - `deadline`: retrying or waiting out a rate limit would pass the run's deadline;
 * - `too-large`: the body is larger than the response size cap (`PORTAL_MAX_RESPONSE_BYTES`).
 */
export type PortalErrorKind = 'http' | 'network' | 'timeout' | 'invalid-json' | 'schema' | 'too-many-pages' | 'deadline' | 'too-large';

interface PortalErrorDetails {
  kind: PortalErrorKind;
  url: string;
  status?: number | undefined;
  /** The error `code` of either body shape (docs/portal-api.md, Errors §1). */
  code?: string | undefined;
  /** `error.request_id` of the authentication/rate-limit body shape, when present. */
  requestId?: string | undefined;
  /** For `schema`: the JSON path of the first bad value, e.g. `[3].upvotes`. */
  path?: string | undefined;
  /** Headers of the error response, so rate-limit headers are read on failures too (docs/portal-api.md, Rate limits §2). */
  headers?: Record<string, string | string[] | undefined> | undefined;
  /** Requests made before giving up, when retries were tried. */
  attempts?: number | undefined;
  cause?: unknown;
}

/** A request to the public portal failed. */
export class PortalError extends RoadmapError {
  override name = 'PortalError';
  readonly kind: PortalErrorKind;
  readonly url: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly path: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly attempts: number | undefined;
  constructor(message: string, details: PortalErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.url = details.url;
    this.status = details.status;
    this.code = details.code;
    this.requestId = details.requestId;
    this.path = details.path;
    this.headers = details.headers ?? {};
    this.attempts = details.attempts;
  }
}

/**
 * The portal answered `Workspace not found` (docs/portal-api.md, Workspace not found): the workspace id is
 * wrong, or the workspace has not published its portal or roadmap.
 */
export class WorkspaceNotFoundError extends PortalError {
  override name = 'WorkspaceNotFoundError';
}
