/**
 * What a build says about a sound config whose defaults leave something out that a team may not know it left out:
 * no page may embed the board, link previews have no image. Information, not warnings: most sites embed nothing,
 * and a warning on every build of a sound config teaches a team to skip the warnings that matter. Each note names
 * the option that changes it, and setting that option at all (even to its default) says the choice was meant, which
 * silences the note. Pure: the integration prints them (src/integration/index.ts).
 */
import type { RoadmapConfig } from './roadmap-config.ts';

export interface ConfigNote {
  /** What the note is about; the integration logs it under `portal-roadmap:<topic>`. */
  topic: 'embed' | 'share-cards';
  text: string;
  /** Said on a build only: `astro dev` and `astro check` make no page anyone frames or shares. */
  buildOnly: boolean;
}

/**
 * The embed note. Framing is refused where the host applies the build's headers (src/hosting/headers.ts), and height
 * messages go to the allowed origins alone: elsewhere a page that embeds the board keeps the snippet's fixed height.
 */
export const NO_EMBED_NOTE =
  'embed.allowedOrigins is empty, so where the host applies the build\'s _headers (Netlify, Cloudflare Pages, Vercel with "host": "vercel") no page may embed the board (frame-ancestors \'none\'), ' +
  'and elsewhere a page that embeds it keeps the fixed height of its iframe (600 px in the embed snippet), the board scrolling inside it. ' +
  'To embed it, list the origins of the pages that do, e.g. "embed": { "allowedOrigins": ["https://docs.example.com"] } in roadmap.config.json; ' +
  '"allowedOrigins": [] written out says no page should, and silences this note.';

/**
 * The share-card note. The package ships no picture of its own for link previews: a stock image under every team's
 * link would show portal-roadmap, not the team, and the site card needs the optional packages.
 */
export const NO_PREVIEW_IMAGE_NOTE =
  'Link previews of this site (Slack, LinkedIn, …) have no image: set "shareCards": true to draw one from your title, description and accent (docs/share-cards.md), ' +
  'or "theme": { "socialImage": … } to use an image of yours (1200×630); "shareCards": false written out says you want none, and silences this note.';

/** The notes for `config`; `hasSocialImage`: every page without a card of its own shows an image of the team's (`theme.socialImage`). */
export function configNotes(config: Pick<RoadmapConfig, 'embed' | 'shareCards' | 'givenOptions'>, hasSocialImage: boolean): ConfigNote[] {
  const notes: ConfigNote[] = [];
  if (config.embed.allowedOrigins.length === 0 && !config.givenOptions.includes('embed.allowedOrigins')) {
    notes.push({ topic: 'embed', text: NO_EMBED_NOTE, buildOnly: false });
  }
  if (!config.shareCards && !hasSocialImage && !config.givenOptions.includes('shareCards')) {
    notes.push({ topic: 'share-cards', text: NO_PREVIEW_IMAGE_NOTE, buildOnly: true });
  }
  return notes;
}
