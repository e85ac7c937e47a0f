import { defineCollection } from 'astro:content';
import { loadRoadmapConfig } from './config/roadmap-config.ts';
import { roadmapLoader } from './content/loader.ts';
import { IssueSchema, ProjectSchema, RoadmapInfoSchema } from './snapshot/model.ts';

const root = process.cwd();
const { columns, privacy } = loadRoadmapConfig(root);

export const collections = {
  issues: defineCollection({ loader: roadmapLoader({ collection: 'issues', root, columns, privacy }), schema: IssueSchema }),
  projects: defineCollection({ loader: roadmapLoader({ collection: 'projects', root, privacy }), schema: ProjectSchema }),
  roadmap: defineCollection({ loader: roadmapLoader({ collection: 'roadmap', root }), schema: RoadmapInfoSchema }),
};
