/**
 * Project icons. The API's `icon` is a name whose values are not shown
 * (docs/portal-api.md, Project resource (v1) §3); it
 * only ever selects a glyph from this fixed table, so no markup or URL from
 * the data can reach the page. An unknown name shows nothing.
 */
const GLYPHS: Readonly<Record<string, string>> = {
  accessibility: '♿',
  bell: '🔔',
  book: '📖',
  bolt: '⚡',
  bug: '🐞',
  calendar: '📅',
  chart: '📊',
  chat: '💬',
  check: '✅',
  'cloud-off': '☁',
  cloud: '☁',
  code: '⌨',
  cog: '⚙',
  gear: '⚙',
  download: '⬇',
  flag: '🚩',
  globe: '🌐',
  heart: '♥',
  key: '🔑',
  lock: '🔒',
  mail: '✉',
  map: '🗺',
  mobile: '📱',
  receipt: '🧾',
  rocket: '🚀',
  search: '🔍',
  shield: '🛡',
  star: '★',
  target: '🎯',
  user: '👤',
  users: '👥',
};

/** The glyph an icon name stands for, or undefined. Matched ignoring case and surrounding spaces. */
export function iconGlyph(name: string | null): string | undefined {
  if (!name) return undefined;
  const key = name.trim().toLowerCase();
  return Object.hasOwn(GLYPHS, key) ? GLYPHS[key] : undefined;
}
