/**
 * The one bridge between Astro's collections and the pure view model. Pages
 * call `getRoadmap()`; it reads the collections and the config once per build.
 */
import { getCollection, getEntry } from 'astro:content';
import { processSettings, type ResolvedConfig } from '../../config/settings.ts';
import { labelsFor, type Labels } from '../labels.ts';
import type { RoadmapInfo } from '../../snapshot/model.ts';
import { ROADMAP_INFO_ID } from '../../content/loader.ts';
import { buildRoadmapView, type RoadmapView } from '../view.ts';

export interface Roadmap extends RoadmapView {
  config: ResolvedConfig;
  labels: Labels;
  info: RoadmapInfo;
  /** Sanitised description HTML by issue or project id. */
  descriptionHtml: (collection: 'issues' | 'projects', id: string) => string;
}

let cached: Promise<Roadmap> | undefined;

export function getRoadmap(): Promise<Roadmap> {
  cached ??= read();
  return cached;
}

async function read(): Promise<Roadmap> {
  const { config } = processSettings();
  const labels = labelsFor(config.locale, config.labels);
  const [issues, projects, infoEntry] = await Promise.all([getCollection('issues'), getCollection('projects'), getEntry('roadmap', ROADMAP_INFO_ID)]);
  if (!infoEntry) throw new Error('The roadmap collection is empty: the content layer did not load. Run the build again with --force.');
  const html = {
    issues: new Map(issues.map((e) => [e.id, e.rendered?.html ?? ''])),
    projects: new Map(projects.map((e) => [e.id, e.rendered?.html ?? ''])),
  };
  return {
    ...buildRoadmapView(
      issues.map((e) => e.data),
      projects.map((e) => e.data),
      config,
      labels,
    ),
    config,
    labels,
    info: infoEntry.data,
    descriptionHtml: (collection, id) => html[collection].get(id) ?? '',
  };
}
