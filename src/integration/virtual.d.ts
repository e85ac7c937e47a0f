declare module 'virtual:portal-roadmap/settings' {
  const settings: import('../config/settings.ts').Settings;
  export default settings;
}
