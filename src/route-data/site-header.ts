/**
 * What the site header shows beyond its language's roadmap, so a build renders each distinct header once and
 * writes the same HTML on every other page that has it (src/components/RenderedOnce.astro): 974 pages of a
 * 1,000-issue site have three headers (the board's, the shipped list's, every other page's).
 */
import type { Roadmap } from './roadmap.ts';

export interface HeaderNavItem {
  href: string;
  label: string;
  /** The board's link, the one a phone keeps when the row is full. */
  home: boolean;
}

/** The roadmap's own pages in the header, in order. */
export function headerNav({ ui, labels }: Pick<Roadmap, 'ui' | 'labels'>): HeaderNavItem[] {
  return [
    { href: ui.root, label: labels.board, home: true },
    { href: ui.href('shipped/'), label: labels.shipped, home: false },
  ];
}

/**
 * Which header the page at `current` has among those of its language, or undefined when its header is its own: with
 * more than one language, the language menu of a page with a canonical URL links to that page in each language.
 * Otherwise the header differs only in the link marked current and in `canonical` (the 404 page's language menu).
 */
export function siteHeaderVariant(roadmap: Pick<Roadmap, 'ui' | 'labels' | 'languages'>, current: string, canonical: boolean): string | undefined {
  if (canonical && roadmap.languages.length > 1) return undefined;
  const currentLink = headerNav(roadmap).findIndex((item) => item.href === current);
  return `${canonical ? 'canonical' : 'no-canonical'} ${currentLink}`;
}

const renderedOnce = new WeakMap<object, Map<string, string>>();

/** The HTML rendered for `variant` of a part of the pages of `owner` (a language's roadmap: a new one has none). */
export function renderedPart(owner: object, variant: string): string | undefined {
  return renderedOnce.get(owner)?.get(variant);
}

export function keepRenderedPart(owner: object, variant: string, html: string): void {
  let parts = renderedOnce.get(owner);
  if (!parts) renderedOnce.set(owner, (parts = new Map()));
  parts.set(variant, html);
}
