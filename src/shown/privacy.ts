/**
 * The one place privacy is applied: whatever a snapshot holds, an entry
 * reaches the pages, the data export and the rebuild's change report only in
 * the shape the privacy config allows. The snapshot itself keeps every
 * normalised field, so no site setting changes its data digest. (Hidden and
 * deleted issues are a fact of the portal, not a setting: normalisation drops them.)
 */
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import type { Issue, Project } from '../snapshot/model.ts';
import { dataDigest, type Snapshot } from '../snapshot/snapshot-file.ts';

export type Privacy = RoadmapConfig['privacy'];

export function publicIssue(issue: Issue, privacy: Privacy): Issue {
  const { tracker, url, ...rest } = issue;
  // A hidden field is empty, as when the portal sends none: every page, card, feed and export leaves an empty one out.
  const hidden = Object.fromEntries(privacy.hideFields.map((field) => [field, null]));
  return {
    ...rest,
    ...hidden,
    url: privacy.publishIssueUrl ? url : null,
    ...(privacy.publishTrackerFields && tracker ? { tracker } : {}),
  };
}

export function publicProject(project: Project, privacy: Privacy): Project {
  const { tracker, ...rest } = project;
  return { ...rest, ...(privacy.publishTrackerFields && tracker ? { tracker } : {}) };
}

/**
 * The snapshot as the site may show it, with its digest over that public data:
 * a change only to a field the site does not publish (a tracker `version`, say)
 * is no change to the site.
 */
export function publicSnapshot(snapshot: Snapshot, privacy: Privacy): Snapshot {
  const issues = snapshot.issues.map((issue) => publicIssue(issue, privacy));
  const projects = snapshot.projects.map((project) => publicProject(project, privacy));
  return { ...snapshot, issues, projects, digest: dataDigest(issues, projects) };
}
