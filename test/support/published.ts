/**
 * Which raw API issues the site publishes with the default config, worked out here from the fixture alone (not with
 * the code under test): visible, not deleted, and not in a status of the default hidden column (canceled,
 * cancelled, duplicate, won't do: docs/configuration.md, matched ignoring case, spaces, dashes and underscores).
 */
const DECLINED = ['canceled', 'cancelled', 'duplicate', "won't do", 'wont do'];
const statusKey = (status: string | null | undefined) =>
  String(status ?? '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

export function publishedIssueIds(rawIssues: readonly unknown[]): string[] {
  const declined = new Set(DECLINED.map(statusKey));
  return (rawIssues as { id: string; status?: string | null; isVisible?: boolean | null; isDeleted?: boolean | null }[])
    .filter((issue) => issue.isVisible !== false && issue.isDeleted !== true && !declined.has(statusKey(issue.status)))
    .map((issue) => issue.id);
}
