/**
 * What the release workflow checks before it publishes: the tag pushed, the
 * version in package.json and CHANGELOG.md's top entry name one version, so a
 * tag never publishes a package whose changelog or version says otherwise.
 * One line per mistake, naming the fix (docs/releasing.md is the procedure).
 */
import { RoadmapError } from '../../src/shared/errors.ts';

export interface Release {
  /** The version published, e.g. `0.3.0`. */
  version: string;
  /** npm's dist-tag: `latest` for a release, `next` for a pre-release (`0.3.0-rc.1`), which npm publishes only with a tag. */
  distTag: 'latest' | 'next';
}

/** A version tag as semantic versioning writes it, with a `v` before it; no build metadata (npm drops it). */
const TAG = /^v(\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)$/;
/** A Keep a Changelog heading: `## [0.3.0] - 2026-11-26`, or `## [Unreleased]`. */
const HEADING = /^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?[ \t]*$/gm;

/** The checked release, or a `RoadmapError` naming the first disagreement and the fix. */
export function checkRelease(tag: string, packageJson: string, changelog: string): Release {
  const version = TAG.exec(tag)?.[1];
  if (!version) throw new RoadmapError(`the tag "${tag}" is not a version tag: tag the release commit as v<major>.<minor>.<patch>, e.g. v0.3.0`);
  const declared = (JSON.parse(packageJson) as { version?: unknown }).version;
  if (declared !== version) {
    throw new RoadmapError(
      `the tag ${tag} says ${version}, package.json says ${String(declared)}: set "version" to ${version} (npm version ${version} --no-git-tag-version), commit, and tag that commit`,
    );
  }
  const top = topEntry(changelog);
  if (!top) throw new RoadmapError(`CHANGELOG.md has no entry: add "## [${version}] - <date>" with what changed at the top`);
  if (top.name !== version) {
    throw new RoadmapError(
      top.name.toLowerCase() === 'unreleased'
        ? `CHANGELOG.md's top entry is [Unreleased]: rename it to "[${version}] - <today's date>" (an empty [Unreleased] above it may stay)`
        : `CHANGELOG.md's top entry is [${top.name}], the tag is ${tag}: add the entry "## [${version}] - <date>" above it`,
    );
  }
  if (!top.date || Number.isNaN(Date.parse(`${top.date}T00:00:00Z`))) {
    throw new RoadmapError(`CHANGELOG.md's entry [${version}] has no valid date: write it as "## [${version}] - YYYY-MM-DD"`);
  }
  return { version, distTag: version.includes('-') ? 'next' : 'latest' };
}

/** The first entry of the changelog, skipping an [Unreleased] heading with nothing under it. */
function topEntry(changelog: string): { name: string; date: string | undefined } | undefined {
  const headings = [...changelog.matchAll(HEADING)];
  for (const [index, heading] of headings.entries()) {
    const name = heading[1]!.trim();
    const body = changelog.slice(heading.index + heading[0].length, headings[index + 1]?.index ?? changelog.length);
    if (name.toLowerCase() === 'unreleased' && body.trim() === '') continue;
    return { name, date: heading[2] };
  }
  return undefined;
}
