/** Which raw API issues the site publishes with the default config: visible, not deleted, not in a hidden column. */
import { publishedColumns } from '../../src/lib/columns.ts';
import { parseRoadmapConfig } from '../../src/lib/config.ts';
import { ApiIssueListSchema } from '../../src/lib/api-schemas.ts';
import { normaliseIssues } from '../../src/lib/normalise.ts';

export function publishedIssueIds(rawIssues: readonly unknown[]): string[] {
  const issues = normaliseIssues(ApiIssueListSchema.parse(rawIssues), new Set());
  return publishedColumns(issues, parseRoadmapConfig({}).columns).flatMap((column) => column.issues.map((issue) => issue.id));
}
