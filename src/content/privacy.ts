/**
 * The last gate before anything is published: whatever a snapshot holds, an
 * entry reaches the pages (and any data export) only in the shape the privacy
 * config allows. Hidden and deleted issues never got this far (normalisation).
 */
import type { RoadmapConfig } from '../config/roadmap-config.ts';
import type { Issue, Project } from '../snapshot/model.ts';

export type Privacy = RoadmapConfig['privacy'];

export function publicIssue(issue: Issue, privacy: Privacy): Issue {
  const { tracker, url, ...rest } = issue;
  return {
    ...rest,
    url: privacy.publishIssueUrl ? url : null,
    ...(privacy.publishTrackerFields && tracker ? { tracker } : {}),
  };
}

export function publicProject(project: Project, privacy: Privacy): Project {
  const { tracker, ...rest } = project;
  return { ...rest, ...(privacy.publishTrackerFields && tracker ? { tracker } : {}) };
}
