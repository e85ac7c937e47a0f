/** Every UI string of the site, in one table that `labels` in the config can override. */
export const DEFAULT_LABELS = {
  skipToContent: 'Skip to content',
  board: 'Roadmap',
  boardHeading: 'Board',
  projects: 'Projects',
  project: 'Project',
  noProject: 'No project',
  issues: 'Issues',
  status: 'Status',
  team: 'Team',
  priority: 'Priority',
  upvotes: 'Upvotes',
  state: 'State',
  progress: 'Progress',
  summary: 'Summary',
  description: 'Description',
  created: 'Created',
  updated: 'Updated',
  lastUpdated: 'Last updated',
  noIssues: 'Nothing here yet.',
  noProjects: 'No published projects.',
  issueCount: 'issues',
  viewIssue: 'View in tracker',
  trackerTicket: 'Tracker ticket',
  trackerProject: 'Tracker project',
  backToBoard: 'Back to the roadmap',
  notFoundTitle: 'Page not found',
  notFoundBody: 'This page does not exist, or the issue is no longer public.',
  demoNotice: 'This is demo data. Set PORTAL_API_URL and PORTAL_WORKSPACE_ID to build your own roadmap.',
} as const;

export type LabelKey = keyof typeof DEFAULT_LABELS;
export type Labels = Record<LabelKey, string>;
