/**
 * `virtual:portal-roadmap/frame`: the frame every roadmap page but the embeds renders inside, or none (the
 * roadmap's own header and footer, src/layouts/Base.astro). A module rather than a setting, because the frame is
 * a component: Starlight's (src/layouts/StarlightFrame.astro, chosen by the `portal-roadmap/starlight` plugin) or
 * the site's own layout (the `layout` option, a file of the site's). Either gets the page's `title`,
 * `description`, `lang` and `dir` as props, the roadmap's head elements in its `head` slot and the page in its
 * default slot.
 */
import type { Plugin } from 'vite';
import { packageFile } from '../shared/package-files.ts';

export const FRAME_MODULE = 'virtual:portal-roadmap/frame';
const RESOLVED_ID = `\0${FRAME_MODULE}`;

/** Starlight's frame, or the absolute path of a site's own `.astro` layout. */
export type Frame = { starlight: true } | { layout: string };

// In src/ whether this module runs from there or, in an installed package, from lib/ (bin/integration.mjs).
const STARLIGHT_FRAME = packageFile('src/layouts/StarlightFrame.astro');

/** The file of the frame's component, or none for the roadmap's own. */
export function frameComponent(frame: Frame | undefined): string | undefined {
  if (!frame) return undefined;
  return 'starlight' in frame ? STARLIGHT_FRAME : frame.layout;
}

export function frameModulePlugin(frame: Frame | undefined): Plugin {
  const component = frameComponent(frame);
  return {
    name: 'portal-roadmap:frame-module',
    resolveId: (id) => (id === FRAME_MODULE ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? (component ? `export { default } from ${JSON.stringify(component)};` : 'export default undefined;') : undefined),
  };
}
