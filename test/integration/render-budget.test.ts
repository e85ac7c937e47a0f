/**
 * The description renderer's worker threads and their CPU budget. In the site tier, not the unit one: it starts
 * threads and waits for one to spend its budget.
 */
import { describe, expect, it } from 'vitest';
import { DESCRIPTION_LIMITS } from '../../src/descriptions/description-limits.ts';
import { createDescriptionRenderer, createRendererPool, discardSpareRenderers, prestartRenderers, rendererThreads, spareRenderers } from '../../src/descriptions/render-budget.ts';

/**
 * A description the depth bound cannot see through: each `</p>` leaves its
 * `<b>` open for the parser to re-open in every later paragraph, so the DOM
 * grows with the square of the count (2,000 of them took 222 s unbounded).
 */
const reopenedFormatting = Array.from({ length: 2000 }, (_, i) => `<p><b a=${i}></p>`).join('');

describe('createDescriptionRenderer', () => {
  it('renders descriptions in a worker, and shows one that runs past its budget as plain text, then goes on', async () => {
    const renderer = createDescriptionRenderer({ budgetMs: 500 });
    try {
      expect(await renderer.render('**bold**')).toEqual({ html: '<p><strong>bold</strong></p>\n', limits: [] });
      const slow = await renderer.render(reopenedFormatting);
      expect(slow.fallback).toBe('rendering used more than 500 ms of CPU time');
      expect(slow.html.startsWith('<p>&lt;p&gt;&lt;b a=0&gt;&lt;/p&gt;')).toBe(true);
      // The stopped worker is replaced for the next description.
      expect(await renderer.render('*after*')).toEqual({ html: '<p><em>after</em></p>\n', limits: [] });
    } finally {
      await renderer.close();
    }
  });

  it('names the limits a description ran into, and renders blank input as nothing', async () => {
    const renderer = createDescriptionRenderer({ truncatedNote: 'Cut.' });
    try {
      const long = await renderer.render(`${'word '.repeat(25_000)}`);
      expect(long.limits).toEqual(['length']);
      expect(long.html.endsWith('<p><em>Cut.</em></p>\n')).toBe(true);
      expect(await renderer.render('  ')).toEqual({ html: '', limits: [] });
    } finally {
      await renderer.close();
    }
  });
});

describe('createRendererPool', () => {
  it('uses one thread per 200 descriptions, at most one per CPU', () => {
    expect([0, 1, 42, 200, 201, 1000, 10_000].map((count) => rendererThreads(count, 2))).toEqual([1, 1, 1, 1, 2, 2, 2]);
    expect([1000, 10_000].map((count) => rendererThreads(count, 8))).toEqual([5, 8]);
    expect(rendererThreads(10_000, 1)).toBe(1);
  });

  it('renders descriptions asked for all at once on its threads; one past its budget holds up only its own thread', async () => {
    const pool = createRendererPool(2, { budgetMs: 500 });
    try {
      const finished: string[] = [];
      const quick = Array.from({ length: 6 }, (_, i) => `**${i}**`);
      const results = await Promise.all(
        [reopenedFormatting, ...quick].map((markdown) =>
          pool.render(markdown).then((result) => {
            finished.push(markdown);
            return result;
          }),
        ),
      );
      expect(results[0]!.fallback).toBe('rendering used more than 500 ms of CPU time');
      expect(results.slice(1)).toEqual(quick.map((_, i) => ({ html: `<p><strong>${i}</strong></p>\n`, limits: [] })));
      // The other thread rendered every quick one while the first was still running.
      expect(finished.at(-1)).toBe(reopenedFormatting);
    } finally {
      await pool.close();
    }
  });
});

describe('prestartRenderers', () => {
  it('starts threads that the next renderers take, and ends those none took', async () => {
    prestartRenderers(2);
    const renderer = createDescriptionRenderer();
    const otherHeap = createDescriptionRenderer({ heapMb: DESCRIPTION_LIMITS.renderHeapMb + 16 });
    try {
      expect(spareRenderers()).toBe(2);
      expect(await renderer.render('**taken**')).toEqual({ html: '<p><strong>taken</strong></p>\n', limits: [] });
      expect(spareRenderers()).toBe(1);
      // A thread started with other limits is not one this renderer may use.
      expect(await otherHeap.render('*own*')).toEqual({ html: '<p><em>own</em></p>\n', limits: [] });
      expect(spareRenderers()).toBe(1);
      await discardSpareRenderers();
      expect(spareRenderers()).toBe(0);
    } finally {
      await Promise.all([renderer.close(), otherHeap.close(), discardSpareRenderers()]);
    }
  });
});
