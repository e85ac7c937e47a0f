/** The event feed (src/site/feed.ts) of a part of the roadmap: a team's board, or a project. */
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { escapeHtmlText } from '../../shared/text.ts';
import { feedItems } from '../feed.ts';
import type { RoadmapView } from '../roadmap-view.ts';
import type { Roadmap } from './data.ts';

/** `name`: the team's or project's; `path`: its page, whose `rss.xml` this is; `view`: its issues alone. */
export function scopedFeed(context: APIContext, roadmap: Roadmap, { name, path, view }: { name: string; path: string; view: RoadmapView }) {
  const root = new URL(roadmap.ui.root, context.site).toString();
  const title = `${name} · ${roadmap.config.title}`;
  return rss({
    title,
    description: roadmap.config.description,
    site: new URL(path, root).toString(),
    items: feedItems(view, roadmap.history, { ...roadmap.config, title }, roadmap.labels, root),
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    // The feed's own address (RSS Best Practices: atom:link rel="self"); a URL's serialisation has no quote, & is escaped.
    customData: `<language>${roadmap.config.locale}</language><atom:link href="${escapeHtmlText(new URL(`${path}rss.xml`, root).toString())}" rel="self" type="application/rss+xml"/>`,
    trailingSlash: true,
  });
}
