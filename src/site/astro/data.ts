/**
 * The one bridge between Astro's collections and the pure view model. Pages
 * call `getRoadmap()`; it reads the collections and the config once per build.
 */
import { getCollection, getEntry } from 'astro:content';
import { processSettings } from '../../config/settings.ts';
import type { RoadmapConfig } from '../../config/roadmap-config.ts';
import { uiFor, type Labels, type Ui } from '../labels.ts';
import type { RoadmapInfo } from '../../snapshot/model.ts';
import { ROADMAP_INFO_ID } from '../../content/loader.ts';
import { buildRoadmapView, type RoadmapView } from '../view.ts';

/** The config as a page uses it: title and description set (the translation's defaults when the config has none). */
export type SiteConfig = RoadmapConfig & { title: string; description: string };

export interface Roadmap extends RoadmapView {
  config: SiteConfig;
  /** The visitor's language: messages, counts, project states, direction. */
  ui: Ui;
  /** `ui.labels`, for the many places that only need a message. */
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
  const ui = uiFor(config.locale, config.labels);
  const { labels } = ui;
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
    config: { ...config, title: config.title ?? labels.siteTitle, description: config.description ?? labels.siteDescription },
    ui,
    labels,
    info: infoEntry.data,
    descriptionHtml: (collection, id) => html[collection].get(id) ?? '',
  };
}
