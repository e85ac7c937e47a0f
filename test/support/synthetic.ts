/**
 * Deterministic synthetic workspaces of any size, in the API's shape: the
 * same arguments always give the same data. Used by tests and `npm run bench`.
 */
const STATUSES = ['Backlog', 'Todo', 'In Progress', 'In Review', 'Done', 'Canceled'];
const TEAMS = ['Platform', 'Mobile', 'Web', 'Growth'];
const WORDS = ['export', 'sync', 'offline', 'search', 'billing', 'calendar', 'dashboard', 'report', 'webhook', 'import', 'filters', 'themes', 'audit', 'roles', 'alerts'];

/** A small seeded generator (mulberry32), so output never depends on Math.random. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SyntheticOptions {
  issues: number;
  projects: number;
  seed?: number;
  /** Added to every upvote count, to make a changed workspace from the same seed. */
  upvoteBump?: number;
}

export function syntheticWorkspace({ issues, projects, seed = 1, upvoteBump = 0 }: SyntheticOptions) {
  const random = seeded(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const projectList = Array.from({ length: projects }, (_, i) => ({
    id: `proj-${String(i + 1).padStart(5, '0')}`,
    name: `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`.replace(/^./, (c) => c.toUpperCase()),
    description: `Project ${i + 1}: **${pick(WORDS)}** and ${pick(WORDS)}.\n\n- one\n- two`,
    color: `#${Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString(),
    icon: pick(['map', 'rocket', 'code', 'calendar', null]),
    trackerProjectId: `tp-${i}`,
    trackerTeamIds: [`team-${i % 4}`],
    progress: Math.round(random() * 100) / 100,
    sortOrder: i,
    state: pick(['backlog', 'planned', 'started', 'completed']),
    upvotes: Math.floor(random() * 300) + upvoteBump,
    importanceScore: Math.round(random() * 1000) / 10,
  }));
  const issueList = Array.from({ length: issues }, (_, i) => ({
    id: `issue-${String(i + 1).padStart(6, '0')}`,
    identifier: `SYN-${i + 1}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    description: `## ${pick(WORDS)}\n\nMake **${pick(WORDS)}** work with ${pick(WORDS)}.\n\n1. first\n2. second`,
    isDeleted: false,
    isVisible: true,
    trackerTicketId: `T-${i}`,
    priority: pick(['Urgent', 'High', 'Medium', 'Low']),
    projectId: projects && random() < 0.8 ? projectList[Math.floor(random() * projects)]!.id : null,
    sortOrder: i,
    status: pick(STATUSES),
    summary: [`Summary of ${pick(WORDS)} ${i + 1}`, `And ${pick(WORDS)}`],
    summaryUpdated: null,
    team: pick(TEAMS),
    title: `${pick(WORDS)} ${pick(WORDS)} #${i + 1}`.replace(/^./, (c) => c.toUpperCase()),
    updatedAt: new Date(Date.UTC(2025, 6, 1) + i * 3_600_000).toISOString(),
    url: `https://tracker.example.com/SYN-${i + 1}`,
    version: 1,
    workspaceId: 'ws-synthetic',
    upvotes: Math.floor(random() * 200) + upvoteBump,
    importanceScore: Math.round(random() * 1000) / 10,
    descriptionData: null,
  }));
  // Every project is named by at least one issue, so all of them are fetched.
  projectList.forEach((project, i) => {
    if (issueList[i]) issueList[i].projectId = project.id;
  });
  return { issues: issueList, projects: projectList };
}
