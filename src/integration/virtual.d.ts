declare module 'virtual:portal-roadmap/settings' {
  const settings: import('../config/settings.ts').Settings;
  export default settings;
}
declare module 'virtual:portal-roadmap/frame' {
  /** The frame the pages render inside (src/integration/virtual-frame.ts), or none for the roadmap's own. */
  const Frame: import('astro/runtime/server/index.js').AstroComponentFactory | undefined;
  export default Frame;
  /** Which frame: Starlight's, a site's own layout, or none (null). */
  export const frameKind: 'starlight' | 'layout' | null;
  /** The roadmap's parts the site's layout places itself, in their named slots (LAYOUT_SLOTS of src/integration/virtual-frame.ts). */
  export const placedParts: import('./virtual-frame.ts').LayoutPart[];
}
declare module '*?classic' {
  /** A classic script's bundled text (src/integration/classic-scripts.ts). */
  const script: string;
  export default script;
}
