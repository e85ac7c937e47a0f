import { defineCollection } from 'astro:content';
import { processSettings } from './config/settings.ts';
import { roadmapLoader } from './content/loader.ts';
import { IssueSchema, ProjectSchema, RoadmapInfoSchema } from './snapshot/model.ts';
import { truncationNoteText } from './site/labels.ts';

const { source, config, renderCacheFile } = processSettings();
const { columns, privacy } = config;
const truncatedNote = truncationNoteText(config);

export const collections = {
  issues: defineCollection({ loader: roadmapLoader({ collection: 'issues', source, columns, privacy, truncatedNote, renderCacheFile }), schema: IssueSchema }),
  projects: defineCollection({ loader: roadmapLoader({ collection: 'projects', source, privacy, truncatedNote, renderCacheFile }), schema: ProjectSchema }),
  roadmap: defineCollection({ loader: roadmapLoader({ collection: 'roadmap', source }), schema: RoadmapInfoSchema }),
};
