/**
 * The one bridge between Astro's collections and the pure view model. Pages
 * call `getRoadmap()`; it reads the collections, the config and the history once per build.
 */
import { getCollection, getEntry } from 'astro:content';
import { processSettings, type ResolvedConfig } from '../../config/settings.ts';
import { readHistoryFile } from '../../history/read.ts';
import { recordRun, shownState } from '../../history/record.ts';
import type { History } from '../../history/schema.ts';
import { changelog, type ChangelogEntry } from '../../history/view.ts';
import { labelsFor, type Labels } from '../labels.ts';
import type { RoadmapInfo } from '../../snapshot/model.ts';
import { ROADMAP_INFO_ID } from '../../content/loader.ts';
import { columnLabel } from '../columns.ts';
import { buildRoadmapView, type RoadmapView } from '../view.ts';

export interface Roadmap extends RoadmapView {
  config: ResolvedConfig;
  labels: Labels;
  info: RoadmapInfo;
  /** Sanitised description HTML by issue or project id. */
  descriptionHtml: (collection: 'issues' | 'projects', id: string) => string;
  /**
   * The history the pages show: the file of `ROADMAP_HISTORY` (or the demo's)
   * with this build's snapshot recorded, or, with no file, what this build
   * alone can tell (everything "since at least" the snapshot's date).
   */
  history: History;
  /** Shipped issues and completed projects with their dates, newest first (the changelog). */
  changelog: ChangelogEntry[];
  /** The label of a column id, also of a column the board no longer has (the id itself then). */
  columnLabel: (id: string) => string;
}

let cached: Promise<Roadmap> | undefined;

export function getRoadmap(): Promise<Roadmap> {
  cached ??= read();
  return cached;
}

async function read(): Promise<Roadmap> {
  const { config, historyFile } = processSettings();
  const labels = labelsFor(config.locale, config.labels);
  const [issueEntries, projectEntries, infoEntry] = await Promise.all([getCollection('issues'), getCollection('projects'), getEntry('roadmap', ROADMAP_INFO_ID)]);
  if (!infoEntry) throw new Error('The roadmap collection is empty: the content layer did not load. Run the build again with --force.');
  const html = {
    issues: new Map(issueEntries.map((e) => [e.id, e.rendered?.html ?? ''])),
    projects: new Map(projectEntries.map((e) => [e.id, e.rendered?.html ?? ''])),
  };
  const issues = issueEntries.map((e) => e.data);
  const projects = projectEntries.map((e) => e.data);
  const info = infoEntry.data;
  // Recording this build's snapshot is a no-op when the rebuild already did (the same state, the same date).
  const saved = historyFile ? await readHistoryFile(historyFile, `Fix ROADMAP_HISTORY, or unset it to build without a history; ${historyFile} was left as it is.`) : undefined;
  const history = recordRun(saved, shownState(issues, projects, config.columns), info.fetchedAt);
  const view = buildRoadmapView(issues, projects, config, labels, history);
  const labelById = new Map<string, string>([...config.columns.map((c) => [c.id, columnLabel(c, labels)] as const), ...view.columns.map((c) => [c.id, c.label] as const)]);
  return {
    ...view,
    config,
    labels,
    info,
    descriptionHtml: (collection, id) => html[collection].get(id) ?? '',
    history,
    changelog: changelog(history, config.shipped),
    columnLabel: (id) => labelById.get(id) ?? id,
  };
}
