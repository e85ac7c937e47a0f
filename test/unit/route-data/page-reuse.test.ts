/**
 * Which pages a build keeps from the previous output (src/route-data/page-reuse.ts), with the fixture's settings
 * (test/support/route-data/fixture.ts): its previous build left digests of three pages, two of them with their file.
 */
import { describe, expect, it } from 'vitest';
import { pageReuseRecord } from '../../../src/route-data/build-state.ts';
import { keepsPages, outputFolder, pathsToRender } from '../../../src/route-data/page-reuse.ts';
import { PREVIOUS_PAGES } from '../../support/route-data/fixture.ts';

const inputsOf = (folder: string) => PREVIOUS_PAGES.find((page) => page.folder === folder)!.inputs;

describe('keeping unchanged pages', () => {
  it('is on when the build has a fingerprint, and names pages by their folder below the base', () => {
    expect(keepsPages()).toBe(true);
    expect(outputFolder('/roadmap/de/issues/x/')).toBe('de/issues/x/');
    expect(outputFolder('/roadmap/')).toBe('');
  });

  it('keeps a page whose digest is the previous build’s and whose file is there; renders the others', () => {
    const paths = pathsToRender([
      { path: 'unchanged', folder: 'fixture/unchanged/', inputs: () => inputsOf('fixture/unchanged/') },
      { path: 'changed', folder: 'fixture/changed/', inputs: () => ({ title: 'After the change' }) },
      { path: 'file gone', folder: 'fixture/file-gone/', inputs: () => inputsOf('fixture/file-gone/') },
      { path: 'new', folder: 'fixture/new/', inputs: () => ({ title: 'New' }) },
    ]);
    expect(paths).toEqual(['changed', 'file gone', 'new']);
    expect(pageReuseRecord().kept).toContain('fixture/unchanged/');
    expect(pageReuseRecord().previous).toBe('compared');
  });
});
