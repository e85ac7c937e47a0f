import { describe, expect, it } from 'vitest';
import { frameModule, placedParts } from '../../../src/integration/virtual-frame.ts';

describe("the parts of the roadmap a site's layout places itself", () => {
  it('finds the search field placed where the layout renders the slot named roadmap-search, quoted either way', () => {
    expect(placedParts('<header><slot name="roadmap-search" /></header><main><slot /></main>')).toEqual(['search']);
    expect(placedParts("<header><slot class='x' name='roadmap-search'></slot></header>")).toEqual(['search']);
  });

  it('places nothing for a layout without that slot, or with a slot of another name', () => {
    expect(placedParts('<html><head><slot name="head" /></head><body><main><slot /></main></body></html>')).toEqual([]);
    expect(placedParts('<slot name="roadmap-search-box" /><slot name="search" />')).toEqual([]);
  });

  it("names the frame's kind and what its layout places in the module", () => {
    const layout = frameModule({ layout: '/site/src/Site.astro' }, () => '<slot name="roadmap-search" /><slot />');
    expect(layout).toContain('export { default } from "/site/src/Site.astro";');
    expect(layout).toContain('export const frameKind = "layout";');
    expect(layout).toContain('export const placedParts = ["search"];');
    const own = frameModule(undefined, () => {
      throw new Error('no layout to read');
    });
    expect(own).toContain('export default undefined;');
    expect(own).toContain('export const frameKind = null;');
    expect(own).toContain('export const placedParts = [];');
  });
});
