/**
 * A mistake of the team's (its config, its variables, its portal, its notes) as Astro prints its own user errors: one
 * line naming the cause and the fix, then a `Hint:` saying where to read more, and no `Location`, `Stack trace` or
 * `Caused by` block, which are for bugs. Thrown from the integration's hooks and the loaders in place of a
 * `RoadmapError` (src/shared/errors.ts), whose message already names the cause and the fix; anything else is a bug
 * and keeps Astro's full report.
 *
 * Example, a build whose portal is down:
 * ```
 * [portal-roadmap] GET https://api.example.com/v1/issues/ws?skip=0&take=100 failed: connect ECONNREFUSED …. Check PORTAL_API_URL …
 *   Hint:
 *     PORTAL_API_URL and PORTAL_WORKSPACE_ID name the portal (docs/reference/environment.md in portal-roadmap's package); …
 * ```
 * @see https://docs.astro.build/en/reference/integrations-reference/ (`AstroError` of `astro/errors`: a message and a hint)
 */
import { AstroError } from 'astro/errors';
import { ConfigError, PortalError, RoadmapError, SnapshotError } from '../shared/errors.ts';

/** The name Astro prints in brackets before the message, as its loggers name the integration. */
const NAME = 'portal-roadmap';

/** Where a team reads more, by the kind of mistake: the docs ship in the package (node_modules/portal-roadmap/docs/). */
function hintFor(error: RoadmapError): string {
  if (error instanceof PortalError) {
    return 'PORTAL_API_URL and PORTAL_WORKSPACE_ID name the portal (docs/reference/environment.md in the portal-roadmap package); a build from a snapshot (ROADMAP_SNAPSHOT) needs no network.';
  }
  if (error instanceof SnapshotError) return 'Write the snapshot again with `portal-roadmap fetch`, or unset ROADMAP_SNAPSHOT to read the portal (docs/reference/cli.md).';
  if (error instanceof ConfigError) return 'Every option is in docs/reference/config.md and every variable in docs/reference/environment.md, in the portal-roadmap package.';
  return 'The docs/ folder of the portal-roadmap package says more.';
}

/** `error` as Astro's user error when it is a `RoadmapError` (its message, `hintFor` it, no stack, no cause); else `error` itself. */
export function asAstroError(error: unknown, hint?: string): unknown {
  if (!(error instanceof RoadmapError)) return error;
  const astroError = new AstroError(error.message, hint ?? hintFor(error));
  astroError.name = NAME;
  // Astro prints a stack and locates the error from it when there is one.
  astroError.stack = '';
  return astroError;
}
