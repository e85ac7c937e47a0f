declare module 'virtual:portal-roadmap/settings' {
  const settings: import('../config/settings.ts').Settings;
  export default settings;
}
declare module 'virtual:portal-roadmap/frame' {
  /** The frame the pages render inside (src/integration/virtual-frame.ts), or none for the roadmap's own. */
  const Frame: import('astro/runtime/server/index.js').AstroComponentFactory | undefined;
  export default Frame;
}
declare module '*?classic' {
  /** A classic script's bundled text (src/integration/classic-scripts.ts). */
  const script: string;
  export default script;
}
