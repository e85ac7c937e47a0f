/** Which raw API issues the site publishes with the default config: visible, not deleted, not in a hidden column. */
import { shownColumns } from '../../src/shown/columns.ts';
import { parseRoadmapConfig } from '../../src/config/roadmap-config.ts';
import { ApiIssueListSchema } from '../../src/portal/api-schemas.ts';
import { normaliseIssues } from '../../src/snapshot/normalise.ts';

export function publishedIssueIds(rawIssues: readonly unknown[]): string[] {
  const issues = normaliseIssues(ApiIssueListSchema.parse(rawIssues), new Set());
  return shownColumns(issues, parseRoadmapConfig({}).columns).flatMap((column) => column.issues.map((issue) => issue.id));
}
