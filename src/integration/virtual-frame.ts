/**
 * `virtual:portal-roadmap/frame`: the frame every roadmap page but the embeds renders inside, or none (the
 * roadmap's own header and footer, src/layouts/Base.astro). A module rather than a setting, because the frame is
 * a component: Starlight's (src/layouts/StarlightFrame.astro, chosen by the `portal-roadmap/starlight` plugin) or
 * the site's own layout (the `layout` option, a file of the site's). Either gets the page's `title`,
 * `description`, `lang`, `dir` and `nav` as props, the roadmap's head elements in its `head` slot and the page in its
 * default slot. Besides the component the module names the frame's kind and the roadmap's parts a layout places
 * itself (LAYOUT_SLOTS), so that the roadmap draws the others at the top of its content.
 */
import { readFileSync } from 'node:fs';
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

/**
 * The roadmap's parts a site's layout may place itself, by the name of the slot it renders them in (docs/mounting.md):
 * `<slot name="roadmap-search" />` in the layout's header puts the search field there, and the roadmap then draws none
 * at the top of its content.
 */
export const LAYOUT_SLOTS = { search: 'roadmap-search' } as const;
export type LayoutPart = keyof typeof LAYOUT_SLOTS;

/** The parts a layout's source places: those whose slot it renders (`<slot name="roadmap-search" />`, quoted either way). */
export function placedParts(layoutSource: string): LayoutPart[] {
  return (Object.keys(LAYOUT_SLOTS) as LayoutPart[]).filter((part) => new RegExp(`<slot\\b[^>]*\\sname\\s*=\\s*(["'])${LAYOUT_SLOTS[part]}\\1`).test(layoutSource));
}

/** The module's text: the component (`default`), `frameKind` (`starlight`, `layout` or none) and `placedParts`. */
export function frameModule(frame: Frame | undefined, readLayout: (path: string) => string = (path) => readFileSync(path, 'utf8')): string {
  const component = frameComponent(frame);
  const kind = frame ? ('starlight' in frame ? 'starlight' : 'layout') : undefined;
  const placed = frame && 'layout' in frame ? placedParts(readLayout(frame.layout)) : [];
  return [
    component ? `export { default } from ${JSON.stringify(component)};` : 'export default undefined;',
    `export const frameKind = ${JSON.stringify(kind ?? null)};`,
    `export const placedParts = ${JSON.stringify(placed)};`,
  ].join('\n');
}

export function frameModulePlugin(frame: Frame | undefined): Plugin {
  return {
    name: 'portal-roadmap:frame-module',
    resolveId: (id) => (id === FRAME_MODULE ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // A layout that starts or stops placing a part changes what the roadmap draws.
      if (frame && 'layout' in frame) this.addWatchFile(frame.layout);
      return frameModule(frame);
    },
  };
}
