/**
 * Project icons. The API's `icon` is a name whose values are not shown
 * (docs/portal-api.md, Project resource (v1) §3); it only ever selects an
 * icon from this fixed table, so no markup or URL from the data can reach
 * the page. An unknown name shows nothing.
 *
 * Each icon is a few SVG path outlines on a 24 × 24 grid, drawn inline with
 * `currentColor` by ProjectIcon.astro. Not emoji: a machine without an emoji
 * font shows those as empty boxes, and every browser draws SVG.
 */

/** A circle as path data, so every icon is paths alone. */
const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

const gear = [circle(12, 12, 3), circle(12, 12, 6.5), 'M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1'];
const cloud = 'M7 19h10a4 4 0 0 0 .6-7.96A5.5 5.5 0 0 0 6.9 10.1 4.5 4.5 0 0 0 7 19z';

const ICONS: Readonly<Record<string, readonly string[]>> = {
  accessibility: [circle(12, 4.5, 1.5), 'M5 8.5l7 1.5 7-1.5M12 10v4.5M12 14.5l-3 6M12 14.5l3 6'],
  bell: ['M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z', 'M10 20.5a2 2 0 0 0 4 0'],
  book: ['M12 6.5C10 5 7 4.5 3 5v13c4-.5 7 0 9 1.5 2-1.5 5-2 9-1.5V5c-4-.5-7 0-9 1.5z', 'M12 6.5v13'],
  bolt: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  bug: ['M8 11a4 4 0 0 1 8 0v3a4 4 0 0 1-8 0z', 'M9.5 7.5a2.5 2.5 0 0 1 5 0', 'M12 11v7M4 9l4 2M20 9l-4 2M3 14h5M21 14h-5M4 19l4-2M20 19l-4-2'],
  calendar: ['M4 6h16v14H4z', 'M4 10h16M8 3v5M16 3v5'],
  chart: ['M4 4v16h16', 'M8 16v-4M12 16V8M16 16v-6'],
  chat: ['M4 5h16v11H10l-6 4z'],
  check: [circle(12, 12, 9), 'M8 12.5l3 3 5-6'],
  'cloud-off': [cloud, 'M3 3l18 18'],
  cloud: [cloud],
  code: ['M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16'],
  cog: gear,
  gear,
  download: ['M12 4v11M7 10l5 5 5-5M5 20h14'],
  flag: ['M5 21V4h11l-2 4 2 4H5'],
  globe: [circle(12, 12, 9), 'M3 12h18', 'M12 3c-3 3.5-3 14.5 0 18c3-3.5 3-14.5 0-18z'],
  heart: ['M12 20s-7.5-4.5-8.7-9.2A4.6 4.6 0 0 1 12 7.6a4.6 4.6 0 0 1 8.7 3.2C19.5 15.5 12 20 12 20z'],
  key: [circle(8, 15, 4), 'M11 12l9-9M16.5 6.5l3 3M14 9l2 2'],
  lock: ['M5 11h14v10H5z', 'M8 11V8a4 4 0 0 1 8 0v3'],
  mail: ['M3 6h18v12H3z', 'M3 6l9 7 9-7'],
  map: ['M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z', 'M9 4v14M15 6v14'],
  mobile: ['M7 2h10v20H7z', 'M11 18h2'],
  receipt: ['M6 3h12v18l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5z', 'M9 8h6M9 12h6M9 16h4'],
  rocket: ['M12 2c3 2.5 4.5 6 4.5 10v5h-9v-5C7.5 8 9 4.5 12 2z', circle(12, 9, 1.5), 'M7.5 13L5 16v3l2.5-2M16.5 13l2.5 3v3l-2.5-2M10.5 20l1.5 2 1.5-2'],
  search: [circle(11, 11, 6), 'M15.5 15.5L20 20'],
  shield: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z'],
  star: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z'],
  target: [circle(12, 12, 9), circle(12, 12, 5), circle(12, 12, 1)],
  user: [circle(12, 8, 4), 'M4 21a8 8 0 0 1 16 0'],
  users: [circle(9, 8, 3.5), 'M2 20a7 7 0 0 1 14 0', 'M15.5 4.8a3.2 3.2 0 0 1 0 6.4M18 14a5 5 0 0 1 4 5'],
};

/** The path outlines an icon name stands for, or undefined. Matched ignoring case and surrounding spaces. */
export function iconPaths(name: string | null): readonly string[] | undefined {
  if (!name) return undefined;
  const key = name.trim().toLowerCase();
  return Object.hasOwn(ICONS, key) ? ICONS[key] : undefined;
}

/** Every icon name there is, for the README and tests. */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS);
