/**
 * Every UI string of the site, in one table per language. `locale` in the
 * config picks the table by its language (`de-AT` → `de`, unknown → `en`);
 * `labels` in the config overrides single strings.
 */
export const EN = {
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
  importance: 'Importance',
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
  vote: 'Vote or discuss',
  backToBoard: 'Back to the roadmap',
  showAll: 'Show all {count}',
  page: 'Page {page} of {pages}',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pagination: 'Pages',
  breadcrumb: 'Breadcrumb',
  shipped: 'Shipped',
  shippedIntro: 'Recently completed issues and projects, newest first.',
  shippedIssues: 'Shipped issues',
  shippedProjects: 'Completed projects',
  nothingShipped: 'Nothing has shipped yet.',
  filters: 'Filter and sort',
  filterTeam: 'Team',
  filterProject: 'Project',
  filterStatus: 'Status',
  filterAll: 'All',
  sort: 'Sort by',
  sortTeamOrder: "Team's order",
  sortUpvotes: 'Most upvoted',
  sortImportance: 'Most important',
  sortUpdated: 'Recently updated',
  resetFilters: 'Reset',
  showingCount: 'Showing {shown} of {total} issues',
  notFoundTitle: 'Page not found',
  notFoundBody: 'This page does not exist, or the issue is no longer public.',
  demoNotice: 'This is demo data. Set PORTAL_API_URL and PORTAL_WORKSPACE_ID to build your own roadmap.',
  columnBacklog: 'Under consideration',
  columnPlanned: 'Planned',
  columnInProgress: 'In progress',
  columnDone: 'Shipped',
  columnCanceled: 'Canceled',
  noStatus: 'No status',
  // added by issue 11 (hostile input, round two)
  descriptionTruncated: 'The rest of this description is too long to show here.',
};

export type LabelKey = keyof typeof EN;
export type Labels = Record<LabelKey, string>;

export const DE: Labels = {
  skipToContent: 'Zum Inhalt springen',
  board: 'Roadmap',
  boardHeading: 'Übersicht',
  projects: 'Projekte',
  project: 'Projekt',
  noProject: 'Kein Projekt',
  issues: 'Einträge',
  status: 'Status',
  team: 'Team',
  priority: 'Priorität',
  upvotes: 'Stimmen',
  importance: 'Wichtigkeit',
  state: 'Stand',
  progress: 'Fortschritt',
  summary: 'Zusammenfassung',
  description: 'Beschreibung',
  created: 'Erstellt',
  updated: 'Aktualisiert',
  lastUpdated: 'Zuletzt aktualisiert',
  noIssues: 'Noch nichts hier.',
  noProjects: 'Keine veröffentlichten Projekte.',
  issueCount: 'Einträge',
  viewIssue: 'Im Tracker ansehen',
  trackerTicket: 'Tracker-Ticket',
  trackerProject: 'Tracker-Projekt',
  vote: 'Abstimmen oder diskutieren',
  backToBoard: 'Zurück zur Roadmap',
  showAll: 'Alle {count} anzeigen',
  page: 'Seite {page} von {pages}',
  previousPage: 'Vorherige Seite',
  nextPage: 'Nächste Seite',
  pagination: 'Seiten',
  breadcrumb: 'Brotkrümelnavigation',
  shipped: 'Ausgeliefert',
  shippedIntro: 'Kürzlich abgeschlossene Einträge und Projekte, die neuesten zuerst.',
  shippedIssues: 'Ausgelieferte Einträge',
  shippedProjects: 'Abgeschlossene Projekte',
  nothingShipped: 'Noch nichts ausgeliefert.',
  filters: 'Filtern und sortieren',
  filterTeam: 'Team',
  filterProject: 'Projekt',
  filterStatus: 'Status',
  filterAll: 'Alle',
  sort: 'Sortieren nach',
  sortTeamOrder: 'Reihenfolge des Teams',
  sortUpvotes: 'Meiste Stimmen',
  sortImportance: 'Wichtigste',
  sortUpdated: 'Zuletzt aktualisiert',
  resetFilters: 'Zurücksetzen',
  showingCount: '{shown} von {total} Einträgen',
  notFoundTitle: 'Seite nicht gefunden',
  notFoundBody: 'Diese Seite gibt es nicht, oder der Eintrag ist nicht mehr öffentlich.',
  demoNotice: 'Dies sind Demodaten. Setzen Sie PORTAL_API_URL und PORTAL_WORKSPACE_ID, um Ihre eigene Roadmap zu bauen.',
  columnBacklog: 'In Prüfung',
  columnPlanned: 'Geplant',
  columnInProgress: 'In Arbeit',
  columnDone: 'Ausgeliefert',
  columnCanceled: 'Verworfen',
  noStatus: 'Ohne Status',
  // added by issue 11 (hostile input, round two)
  descriptionTruncated: 'Der Rest dieser Beschreibung ist zu lang, um ihn hier zu zeigen.',
};

export const LABELS_BY_LANGUAGE: Readonly<Record<string, Labels>> = { en: EN, de: DE };

/** The table for a locale's language, with overrides applied. */
export function labelsFor(locale: string, overrides: Partial<Record<LabelKey, string | undefined>> = {}): Labels {
  const language = new Intl.Locale(locale).language;
  const base = LABELS_BY_LANGUAGE[language] ?? EN;
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return { ...base, ...defined };
}

/** `{name}` placeholders filled in. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** Labels of the default columns, by column id. */
export const DEFAULT_COLUMN_LABELS: Readonly<Record<string, LabelKey>> = {
  backlog: 'columnBacklog',
  planned: 'columnPlanned',
  'in-progress': 'columnInProgress',
  done: 'columnDone',
  canceled: 'columnCanceled',
};
